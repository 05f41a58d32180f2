import { listPrefetch } from '../../../platform/list-screen';
import { REFUND_LIST } from '../refund-list';

/** The first page of the list the URL opens, requested beside the page's code (app/route-preload.ts). */
export const prefetch = listPrefetch(REFUND_LIST);
