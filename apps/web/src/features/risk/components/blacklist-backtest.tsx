import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { BACKTEST_DAYS, type TRuleBacktest } from '@mbo/shared/risk-backtest';
import { formatAmount } from '../../../platform/format';

type TAmounts = TRuleBacktest['declined']['amounts'];

const amounts = (list: TAmounts) => (list.length === 0 ? '-' : list.map((a) => formatAmount(a.amount, a.currency)).join(' · '));

/** What the entry would have done over the last 90 days, shown before the merchant confirms it. */
export function BlacklistBacktest({ result }: { result: TRuleBacktest }) {
  const { t } = useTranslation();
  const turnsAway = result.goodCustomers.count > 0;
  // The result's lines: how many, and under the counts that have them, their amounts by currency.
  const lines: { label: string; testId: string; count: number; amounts?: { list: TAmounts; testId: string } }[] = [
    {
      label: 'risk.backtest.declined',
      testId: 'backtest-declined',
      count: result.declined.count,
      amounts: { list: result.declined.amounts, testId: 'backtest-declined-amount' },
    },
    { label: 'risk.backtest.successful', testId: 'backtest-successful', count: result.successful.count },
    { label: 'risk.backtest.chargebacks', testId: 'backtest-chargebacks', count: result.chargebacks },
    { label: 'risk.backtest.fraudReports', testId: 'backtest-fraud-reports', count: result.fraudReports },
    {
      label: 'risk.backtest.goodCustomers',
      testId: 'backtest-good-customers',
      count: result.goodCustomers.count,
      amounts: { list: result.goodCustomers.amounts, testId: 'backtest-good-amount' },
    },
    { label: 'risk.backtest.alreadyDeclined', testId: 'backtest-already-declined', count: result.alreadyDeclined },
  ];
  return (
    <div data-testid="blacklist-backtest">
      <Alert
        type={turnsAway ? 'warning' : 'info'}
        showIcon
        title={t('risk.backtest.title', { days: BACKTEST_DAYS })}
        description={t(turnsAway ? 'risk.backtest.turnsAway' : 'risk.backtest.noGoodCustomers')}
        style={{ marginBottom: 12 }}
      />
      <Descriptions
        size="small"
        column={1}
        bordered
        items={lines.map((line) => ({
          key: line.testId,
          label: t(line.label),
          children: (
            <>
              <span data-testid={line.testId}>{line.count}</span>
              {line.amounts && (
                <div className="mbo-muted" data-testid={line.amounts.testId}>
                  {amounts(line.amounts.list)}
                </div>
              )}
            </>
          ),
        }))}
      />
    </div>
  );
}
