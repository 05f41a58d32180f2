import { listPrefetch } from '../../../platform/list-screen';
import { DAILY_LIST } from '../daily-report-list';

/** The first page of the list the URL opens, requested beside the page's code (app/route-preload.ts). */
export const prefetch = listPrefetch(DAILY_LIST);
