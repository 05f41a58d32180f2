import type { TPrefetchContext } from '../../../platform/query-client';
import { ANNOUNCEMENTS_QUERY, getAnnouncementsQueryOptions } from '../api/get-announcements';
import { getDeadlinesQueryOptions } from '../api/get-deadlines';
import { getFundsCardQueryOptions } from '../api/get-funds-card';
import { getMerchantSummaryQueryOptions } from '../api/get-merchant-summary';
import { getMonitoringStatusQueryOptions } from '../api/get-monitoring-status';
import { getProductsQueryOptions } from '../api/get-products';
import { getTradeTodayQueryOptions } from '../api/get-trade-today';

/** The cards' first requests, under the keys the cards use: they leave beside the dashboard's code (app/route-preload.ts). */
export function prefetch({ client }: TPrefetchContext): Promise<unknown> {
  return Promise.all([
    client.prefetchQuery(getFundsCardQueryOptions()),
    client.prefetchQuery(getTradeTodayQueryOptions()),
    client.prefetchQuery(getProductsQueryOptions()),
    client.prefetchQuery(getMerchantSummaryQueryOptions()),
    client.prefetchQuery(getDeadlinesQueryOptions()),
    client.prefetchQuery(getMonitoringStatusQueryOptions()),
    client.prefetchQuery(getAnnouncementsQueryOptions(ANNOUNCEMENTS_QUERY)),
  ]);
}
