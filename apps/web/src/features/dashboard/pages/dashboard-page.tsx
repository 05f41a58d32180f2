import { Children, type ReactNode } from 'react';
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
        <CardColumn xl={16}>
          <FundsCard />
          <TradeTodayCard />
          <TradeHistoryCard />
          <ProductsCard />
        </CardColumn>
        <CardColumn xl={8}>
          <MerchantCard />
          <DeadlinesCard />
          <MonitoringCard />
          <AnnouncementsCard />
        </CardColumn>
      </Row>
    </Page>
  );
}

/** A column of the dashboard (the whole width on narrow screens): its cards stacked, each a full-width row. */
function CardColumn({ xl, children }: { xl: number; children: ReactNode }) {
  return (
    <Col xs={24} xl={xl}>
      <Row gutter={[16, 16]}>
        {Children.map(children, (card) => (
          <Col span={24}>{card}</Col>
        ))}
      </Row>
    </Col>
  );
}
