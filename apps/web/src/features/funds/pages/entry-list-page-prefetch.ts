import { listPrefetch } from '../../../platform/list-screen';
import { ENTRY_LIST } from '../funds-lists';

/** The first page of the list the URL opens, requested beside the page's code (app/route-preload.ts). */
export const prefetch = listPrefetch(ENTRY_LIST);
