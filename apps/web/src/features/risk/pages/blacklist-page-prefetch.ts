import { listPrefetch } from '../../../platform/list-screen';
import { BLACKLIST_LIST } from '../blacklist-list';

/** The first page of the list the URL opens, requested beside the page's code (app/route-preload.ts). */
export const prefetch = listPrefetch(BLACKLIST_LIST);
