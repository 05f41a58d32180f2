import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Segmented } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TInsightComparison } from '@mbo/shared/report-insights';
import { formatBp } from '@mbo/shared/ratios';
import { formatAmount, formatCount } from '../../../platform/format';
import { useNearView } from '../../../platform/use-near-view';
import { useInsights, type TInsightsFilter, type TInsightsKind } from '../api/get-insights';
import { chartSeries } from '../utils/insight-series';
import { changeText, pointsText, toneOf } from '../utils/insight-texts';
import { InsightsBreakdown } from './insights-breakdown';
import './insights.css';

// The chart's code (echarts) comes when the chart is near the screen: below the cards on a phone.
const InsightsChart = lazy(() => import('./insights-chart'));

type TCard = {
  id: string;
  label: string;
  value: string;
  /** The figure as the API gives it (minor units, a count or basis points), for checks against the API. */
  raw: number | null;
  previous: string;
  change: string;
  changeBp: number | null;
  higherIsBetter: boolean;
  extra?: ReactNode;
};

function cardsOf(c: TInsightComparison, t: (key: string, o?: Record<string, unknown>) => string): TCard[] {
  const money = (v: number) => formatAmount(v, c.currency);
  const counted = (count: number, bp: number | null) =>
    t('report.insights.countChange', { count: formatCount(count), change: changeText(bp) });
  return [
    {
      id: 'successAmount',
      label: t('report.col.successAmount'),
      value: money(c.current.successAmount),
      raw: c.current.successAmount,
      previous: money(c.previous.successAmount),
      change: changeText(c.change.successAmount),
      changeBp: c.change.successAmount,
      higherIsBetter: true,
    },
    {
      id: 'txCount',
      label: t('report.col.txCount'),
      value: formatCount(c.current.txCount),
      raw: c.current.txCount,
      previous: formatCount(c.previous.txCount),
      change: changeText(c.change.txCount),
      changeBp: c.change.txCount,
      higherIsBetter: true,
      extra: t('report.insights.approved', { count: formatCount(c.current.successCount) }),
    },
    {
      id: 'successRate',
      label: t('report.col.successRateBp'),
      value: formatBp(c.current.successRateBp),
      raw: c.current.successRateBp,
      previous: formatBp(c.previous.successRateBp),
      change: t('report.insights.points', { value: pointsText(c.change.successRate) }),
      changeBp: c.change.successRate,
      higherIsBetter: true,
    },
    {
      id: 'refunds',
      label: t('report.insights.refunds'),
      value: money(c.current.refundAmount),
      raw: c.current.refundAmount,
      previous: money(c.previous.refundAmount),
      change: changeText(c.change.refundAmount),
      changeBp: c.change.refundAmount,
      higherIsBetter: false,
      extra: counted(c.current.refundCount, c.change.refundCount),
    },
    {
      id: 'chargebacks',
      label: t('report.insights.chargebacks'),
      value: money(c.current.chargebackAmount),
      raw: c.current.chargebackAmount,
      previous: money(c.previous.chargebackAmount),
      change: changeText(c.change.chargebackAmount),
      changeBp: c.change.chargebackAmount,
      higherIsBetter: false,
      extra: counted(c.current.chargebackCount, c.change.chargebackCount),
    },
  ];
}

function InsightCard({ card, previousLabel }: { card: TCard; previousLabel: string }) {
  const tone = toneOf(card.changeBp, card.higherIsBetter);
  const arrow = card.changeBp === null || card.changeBp === 0 ? null : card.changeBp > 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />;
  return (
    <div className="mbo-insights__card" data-testid={`insight-${card.id}`}>
      <div className="mbo-insights__label">{card.label}</div>
      <div className="mbo-insights__value" data-testid={`insight-${card.id}-value`} data-raw={card.raw ?? ''}>
        {card.value}
      </div>
      <div className={`mbo-insights__change is-${tone}`} data-testid={`insight-${card.id}-change`}>
        {arrow} {card.change}
      </div>
      {card.extra && <div className="mbo-insights__extra">{card.extra}</div>}
      <div className="mbo-insights__previous">
        {previousLabel}: {card.previous}
      </div>
    </div>
  );
}

/** Which of the cards (cardsOf) have a line under their change: the placeholders take the same height. */
const CARD_HAS_EXTRA = [false, true, false, true, true];

/**
 * While the figures load: empty cards and chart of the loaded panel's size, so that the report's table
 * below does not move down when they come (a shorter skeleton moved it on a phone: a layout shift of
 * 0.075 on the daily report, bench/RESULTS.md "Phones").
 */
function PendingFigures() {
  return (
    <div aria-hidden="true">
      <div className="mbo-insights__cards">
        {CARD_HAS_EXTRA.map((extra, i) => (
          <div key={i} className="mbo-insights__card is-pending">
            <div className="mbo-insights__label">&nbsp;</div>
            <div className="mbo-insights__value">&nbsp;</div>
            <div className="mbo-insights__change">&nbsp;</div>
            {extra && <div className="mbo-insights__extra">&nbsp;</div>}
            <div className="mbo-insights__previous">&nbsp;</div>
          </div>
        ))}
      </div>
      <div className="mbo-insights__chart is-pending" />
    </div>
  );
}

/**
 * Above a report's table: the period's figures in one settlement currency against the period of the
 * same length just before, a chart per day (or month), and the breakdown. Reads the filters the table
 * shows, so its totals are the table's totals.
 */
export function InsightsPanel({ kind, filter }: { kind: TInsightsKind; filter: TInsightsFilter }) {
  const { t } = useTranslation();
  const insights = useInsights(kind, filter);
  const data = insights.data;
  const [picked, setPicked] = useState<string>();
  const { ref, near } = useNearView<HTMLDivElement>();
  const currencies = data?.comparison.map((c) => c.currency) ?? [];
  // First the currency with the most transactions (amounts of different currencies do not compare).
  const busiest = data?.comparison.reduce<TInsightComparison | undefined>(
    (a, c) => (!a || c.current.txCount > a.current.txCount ? c : a),
    undefined,
  );
  const currency = picked !== undefined && currencies.includes(picked) ? picked : busiest?.currency;
  const compared = data?.comparison.find((c) => c.currency === currency);
  const series = data && currency ? chartSeries(data, currency) : null;
  const range = (p: { from: string; to: string }) =>
    kind === 'monthly' ? `${p.from.slice(0, 7)} – ${p.to.slice(0, 7)}` : `${p.from} – ${p.to}`;

  return (
    <section className="mbo-insights" aria-label={t('report.insights.title')} data-testid="report-insights" aria-busy={insights.isFetching}>
      <div className="mbo-insights__head">
        <h2 className="mbo-insights__title">{t('report.insights.title')}</h2>
        {data && (
          <span className="mbo-insights__period" data-testid="insights-period">
            {t('report.insights.period', { period: range(data.period), previous: range(data.previous) })}
          </span>
        )}
        {currencies.length > 1 && currency && (
          <Segmented<string>
            aria-label={t('report.col.currency')}
            options={currencies}
            value={currency}
            onChange={setPicked}
            data-testid="insights-currency"
          />
        )}
      </div>
      {insights.isError && <Alert type="error" showIcon message={t('report.insights.failed')} />}
      {!data && insights.isPending && <PendingFigures />}
      {data && !compared && <p className="mbo-insights__none">{t('report.insights.empty')}</p>}
      {compared && (
        <div className="mbo-insights__cards" data-testid="insights-cards" data-currency={compared.currency}>
          {cardsOf(compared, t).map((card) => (
            <InsightCard key={card.id} card={card} previousLabel={t('report.insights.previous')} />
          ))}
        </div>
      )}
      {series && currency && !near && <div ref={ref} className="mbo-insights__chart" />}
      {series && currency && near && (
        <Suspense fallback={<div className="mbo-insights__chart" />}>
          <InsightsChart
            {...series}
            names={{ amount: t('report.insights.chartAmount', { currency }), rate: t('report.col.successRateBp') }}
          />
        </Suspense>
      )}
      {data && compared && <InsightsBreakdown breakdown={data.breakdown} currency={compared.currency} />}
    </section>
  );
}
