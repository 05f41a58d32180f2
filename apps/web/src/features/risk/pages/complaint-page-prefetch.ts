import { listPrefetch } from '../../../platform/list-screen';
import { COMPLAINT_LIST } from '../complaint-list';

/** The first page of the list the URL opens, requested beside the page's code (app/route-preload.ts). */
export const prefetch = listPrefetch(COMPLAINT_LIST);
