import { listPrefetch } from '../../../platform/list-screen';
import { SENT_REPLY_LIST } from '../sent-reply-list';

/** The first page of the list the URL opens, requested beside the page's code (app/route-preload.ts). */
export const prefetch = listPrefetch(SENT_REPLY_LIST);
