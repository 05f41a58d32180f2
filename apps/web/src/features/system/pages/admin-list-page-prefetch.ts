import { listPrefetch } from '../../../platform/list-screen';
import { ADMIN_LIST } from '../system-lists';

/** The first page of the list the URL opens, requested beside the page's code (app/route-preload.ts). */
export const prefetch = listPrefetch(ADMIN_LIST);
