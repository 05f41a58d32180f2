import { listPrefetch } from '../../../platform/list-screen';
import { WEBSITE_LIST } from '../website-list';

/** The first page of the list the URL opens, requested beside the page's code (app/route-preload.ts). */
export const prefetch = listPrefetch(WEBSITE_LIST);
