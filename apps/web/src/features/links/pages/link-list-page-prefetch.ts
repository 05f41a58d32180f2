import { listPrefetch } from '../../../platform/list-screen';
import { LINK_LIST } from '../link-list';

/** The first page of the list the URL opens, requested beside the page's code (app/route-preload.ts). */
export const prefetch = listPrefetch(LINK_LIST);
