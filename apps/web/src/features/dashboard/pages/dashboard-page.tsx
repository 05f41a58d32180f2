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
import { Page } from '../../../platform/page';
import './dashboard-page.css';

export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  const name = session.userInfo?.name || session.userInfo?.loginName || '';

  return (
    <Page title={t('dashboard.greeting', { name })} className="mbo-dashboard">
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
    </Page>
  );
}
