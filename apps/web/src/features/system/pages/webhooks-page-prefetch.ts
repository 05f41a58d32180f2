import { listPrefetch } from '../../../platform/list-screen';
import { WEBHOOK_DELIVERY_LIST } from '../system-lists';

/** The first page of the delivery log the URL opens, requested beside the page's code (app/route-preload.ts). */
export const prefetch = listPrefetch(WEBHOOK_DELIVERY_LIST);
