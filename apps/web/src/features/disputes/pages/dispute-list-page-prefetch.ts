import { listPrefetch } from '../../../platform/list-screen';
import { DISPUTE_LIST } from '../dispute-list';

/** The first page of the list the URL opens, requested beside the page's code (app/route-preload.ts). */
export const prefetch = listPrefetch(DISPUTE_LIST);
