import { listPrefetch } from '../../../platform/list-screen';
import { BATCH_LIST } from '../funds-lists';

/** The first page of the list the URL opens, requested beside the page's code (app/route-preload.ts). */
export const prefetch = listPrefetch(BATCH_LIST);
