import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../platform/session';
import { MerchantCard } from '../components/merchant-card';
import { AnnouncementsCard } from '../components/announcements-card';
import { FundsCard } from '../components/funds-card';
import { TradeTodayCard } from '../components/trade-today-card';
import { TradeHistoryCard } from '../components/trade-history-card';
import { ProductsCard } from '../components/products-card';
import { MonitoringCard } from '../components/monitoring-card';
import { DeadlinesCard } from '../components/deadlines-card';
import type { TPrefetchContext } from '../../../platform/query-client';
import { getAnnouncementsQueryOptions } from '../api/get-announcements';
import { getDeadlinesQueryOptions } from '../api/get-deadlines';
import { getFundsCardQueryOptions } from '../api/get-funds-card';
import { getMerchantSummaryQueryOptions } from '../api/get-merchant-summary';
import { getMonitoringStatusQueryOptions } from '../api/get-monitoring-status';
import { getProductsQueryOptions } from '../api/get-products';
import { getTradeTodayQueryOptions } from '../api/get-trade-today';
import { ANNOUNCEMENTS_QUERY } from '../components/announcements-card';
import './dashboard-page.css';

/** The cards' requests start with the dashboard's code (app/route-preload.ts), under the keys the cards use. */
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

export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const name = session.userInfo?.name || session.userInfo?.loginName || '';

  return (
    <div className="mbo-page mbo-dashboard">
      <h1 className="mbo-page-title" data-testid="page-title">
        {t('dashboard.greeting', { name })}
      </h1>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <FundsCard />
            </Col>
            <Col span={24}>
              <TradeTodayCard />
            </Col>
            <Col span={24}>
              <TradeHistoryCard />
            </Col>
            <Col span={24}>
              <ProductsCard />
            </Col>
          </Row>
        </Col>
        <Col xs={24} xl={8}>
          <Row gutter={[16, 16]}>
            <Col span={24}>
              <MerchantCard />
            </Col>
            <Col span={24}>
              <DeadlinesCard />
            </Col>
            <Col span={24}>
              <MonitoringCard />
            </Col>
            <Col span={24}>
              <AnnouncementsCard />
            </Col>
          </Row>
        </Col>
      </Row>
    </div>
  );
}
