import { listPrefetch } from '../../../platform/list-screen';
import { LOGIN_LOG_LIST } from '../system-lists';

/** The first page of the list the URL opens, requested beside the page's code (app/route-preload.ts). */
export const prefetch = listPrefetch(LOGIN_LOG_LIST);
