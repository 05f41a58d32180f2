import { Alert, Card, Empty, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../platform/format';
import { useFundsCard } from '../api/get-funds-card';

/** Fund account totals (spec §2 Dashboard): available, frozen and reserve per currency, and the next settlement. */
export function FundsCard() {
  const { t } = useTranslation();
  const card = useFundsCard();
  const data = card.data;
  const next = data?.nextSettlement;
  return (
    <Card
      title={t('funds.card.title')}
      className="mbo-card-head-wraps"
      extra={
        data?.visible ? (
          <span className="mbo-muted" data-testid="fund-next">
            {next
              ? `${t('funds.card.next', { date: next.date })}: ${next.rows.map((r) => formatAmount(r.amount, r.currency)).join(' · ')}`
              : t('funds.card.noNext')}
          </span>
        ) : null
      }
      data-testid="dashboard-fund-totals"
    >
      {card.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {card.isError && <Empty description={t('common.loadFailed')} />}
      {data && !data.visible && <Alert type="info" title={t('funds.hidden')} />}
      {data?.visible && data.rows.length === 0 && <Empty description={t('funds.card.empty')} />}
      {data?.rows.map((row) => (
        <div key={row.currency} className="mbo-today" data-testid="fund-row">
          <Statistic
            title={`${t('funds.card.available')} (${row.currency})`}
            value={formatAmount(row.available, row.currency, { code: false })}
          />
          <Statistic title={t('funds.card.frozen')} value={formatAmount(row.frozen, row.currency, { code: false })} />
          <Statistic title={t('funds.card.reserve')} value={formatAmount(row.reserve, row.currency, { code: false })} />
        </div>
      ))}
    </Card>
  );
}
