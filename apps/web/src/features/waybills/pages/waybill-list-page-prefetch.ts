import { listPrefetch } from '../../../platform/list-screen';
import { WAYBILL_LIST } from '../waybill-lists';

/** The first page of the list the URL opens, requested beside the page's code (app/route-preload.ts). */
export const prefetch = listPrefetch(WAYBILL_LIST);
