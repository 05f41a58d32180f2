import { Card, Empty, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { minorUnitsOf } from '@mbo/shared/money';
import { formatBp } from '@mbo/shared/ratios';
import { formatMoney } from '../../../platform/format';
import { useTradeToday } from '../api/get-trade-today';

/** Today's trades (the current business day, cut at midnight UTC+08:00), one block per settlement currency. */
export function TradeTodayCard() {
  const { t } = useTranslation();
  const today = useTradeToday();
  const data = today.data;
  return (
    <Card
      title={t('dashboard.today.title')}
      extra={data ? <span className="mbo-muted">{data.day}</span> : null}
      data-testid="dashboard-today"
    >
      {today.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {today.isError && <Empty description={t('common.loadFailed')} />}
      {data && data.list.length === 0 && <Empty description={t('dashboard.today.empty')} />}
      {data?.list.map((row) => (
        <div key={row.currency} className="mbo-today" data-testid="today-row">
          <Statistic
            title={t('dashboard.today.amount', { currency: row.currency })}
            value={formatMoney(row.successAmount, { minorUnits: minorUnitsOf(row.currency) })}
          />
          <Statistic title={t('dashboard.today.count')} value={row.txCount} />
          <Statistic title={t('dashboard.today.approved')} value={row.successCount} />
          <Statistic title={t('dashboard.today.successRate')} value={formatBp(row.successRateBp)} />
        </div>
      ))}
    </Card>
  );
}
