import { lazy, Suspense, useMemo, useState } from 'react';
import { Card, Empty, Segmented, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { THistoryRange } from '@mbo/shared/dashboard';
import { minorUnitsOf } from '@mbo/shared/money';
import { formatAmount } from '../../../platform/format';
import { useSession } from '../../../platform/session';
import { useIdleAfter } from '../../../platform/use-idle-after';
import { useNearView } from '../../../platform/use-near-view';
import { useTradeHistory } from '../api/get-trade-history';

// The chart code (echarts, the largest chunk of the signed-in app) loads once its points are there and
// the browser then has an idle moment (the figures drawn), so it never competes with the figures above
// it for the network or the CPU; on a phone, where the card is below the first screen, once it is
// scrolled near.
const HistoryChart = lazy(() => import('./history-chart'));

const RANGES: THistoryRange[] = ['week', 'month', 'quarter'];

/** Minor units -> ten-thousands of the major unit, for the bars (display only). */
export function toTenThousands(minor: number, currency: string): number {
  return Number((minor / 10 ** minorUnitsOf(currency) / 10_000).toFixed(4));
}

export function TradeHistoryCard() {
  const { t } = useTranslation();
  const session = useSession();
  const currencies = session.currencyList.map((c) => c.code);
  const [range, setRange] = useState<THistoryRange>('week');
  const [picked, setPicked] = useState<string | null>(null);
  const currency = picked ?? currencies[0] ?? '';
  const history = useTradeHistory({ range, currency });
  const idle = useIdleAfter(history.data !== undefined, 2000);
  const { ref, near } = useNearView<HTMLDivElement>();

  const chart = useMemo(() => {
    const points = history.data?.points ?? [];
    return {
      days: points.map((p) => p.day),
      amounts: points.map((p) => toTenThousands(p.successAmount, currency)),
      successRates: points.map((p) => (p.successRateBp === null ? null : p.successRateBp / 100)),
      actualRates: points.map((p) => (p.actualSuccessRateBp === null ? null : p.actualSuccessRateBp / 100)),
      amountTexts: points.map((p) => formatAmount(p.successAmount, currency)),
    };
  }, [history.data, currency]);
  const labels = useMemo(
    () => ({
      amount: t('dashboard.history.amount'),
      successRate: t('dashboard.history.successRate'),
      actualRate: t('dashboard.history.actualRate'),
      amountUnit: t('dashboard.history.unit', { currency }),
    }),
    [t, currency],
  );

  return (
    <Card
      title={t('dashboard.history.title')}
      data-testid="dashboard-history"
      className="mbo-history-card mbo-card-head-wraps"
      extra={
        <div className="mbo-history-controls">
          <Segmented<THistoryRange>
            size="small"
            value={range}
            onChange={setRange}
            options={RANGES.map((r) => ({ value: r, label: t(`dashboard.history.range.${r}`) }))}
          />
          {currencies.length > 1 && (
            // A merchant settles in a handful of currencies: one click on a segment rather than a
            // drop-down (whose code the dashboard would load before its first figure).
            <Segmented<string>
              size="small"
              value={currency}
              onChange={setPicked}
              options={currencies}
              aria-label={t('dashboard.history.currency')}
              data-testid="history-currency"
            />
          )}
        </div>
      }
    >
      {currency === '' && <Empty description={t('dashboard.history.noCurrency')} />}
      {currency !== '' && history.isPending && <Skeleton active />}
      {history.isError && <Empty description={t('common.loadFailed')} />}
      {history.data && !(idle && near) && (
        // No title line: a skeleton's title is a heading, and one left below the fold breaks the heading order.
        <div ref={ref}>
          <Skeleton active title={false} paragraph={{ rows: 5 }} />
        </div>
      )}
      {history.data && idle && near && (
        <Suspense fallback={<Skeleton active />}>
          <HistoryChart {...chart} labels={labels} />
        </Suspense>
      )}
    </Card>
  );
}
