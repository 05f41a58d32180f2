import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { BACKTEST_DAYS, type TRuleBacktest } from '@mbo/shared/risk-backtest';
import { formatAmount } from '../../../platform/format';

const amounts = (list: TRuleBacktest['declined']['amounts']) =>
  list.length === 0 ? '-' : list.map((a) => formatAmount(a.amount, a.currency)).join(' · ');

/** What the entry would have done over the last 90 days, shown before the merchant confirms it. */
export function BlacklistBacktest({ result }: { result: TRuleBacktest }) {
  const { t } = useTranslation();
  const turnsAway = result.goodCustomers.count > 0;
  return (
    <div data-testid="blacklist-backtest">
      <Alert
        type={turnsAway ? 'warning' : 'info'}
        showIcon
        title={t('risk.backtest.title', { days: BACKTEST_DAYS })}
        description={t(turnsAway ? 'risk.backtest.turnsAway' : 'risk.backtest.noGoodCustomers')}
        style={{ marginBottom: 12 }}
      />
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('risk.backtest.declined')}>
          <span data-testid="backtest-declined">{result.declined.count}</span>
          <div className="mbo-muted" data-testid="backtest-declined-amount">
            {amounts(result.declined.amounts)}
          </div>
        </Descriptions.Item>
        <Descriptions.Item label={t('risk.backtest.successful')}>
          <span data-testid="backtest-successful">{result.successful.count}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('risk.backtest.chargebacks')}>
          <span data-testid="backtest-chargebacks">{result.chargebacks}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('risk.backtest.fraudReports')}>
          <span data-testid="backtest-fraud-reports">{result.fraudReports}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('risk.backtest.goodCustomers')}>
          <span data-testid="backtest-good-customers">{result.goodCustomers.count}</span>
          <div className="mbo-muted" data-testid="backtest-good-amount">
            {amounts(result.goodCustomers.amounts)}
          </div>
        </Descriptions.Item>
        <Descriptions.Item label={t('risk.backtest.alreadyDeclined')}>
          <span data-testid="backtest-already-declined">{result.alreadyDeclined}</span>
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
