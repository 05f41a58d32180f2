import { minorUnitsOf } from '@mbo/shared/money';
import type { TReportInsights } from '@mbo/shared/report-insights';
import { formatBp } from '@mbo/shared/ratios';
import { formatAmount } from '../../../platform/format';

const DAY_MS = 86_400_000;

/** Every business day (or month) of the period, oldest first, so days without trades show as gaps. */
export function periodLabels(unit: 'day' | 'month', from: string, to: string): string[] {
  const out: string[] = [];
  if (unit === 'month') {
    for (let m = from.slice(0, 7); m <= to.slice(0, 7);) {
      out.push(m);
      const [y, mm] = m.split('-').map(Number) as [number, number];
      m = new Date(Date.UTC(y, mm, 1)).toISOString().slice(0, 7);
    }
    return out;
  }
  for (let d = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); d <= end; d += DAY_MS)
    out.push(new Date(d).toISOString().slice(0, 10));
  return out;
}

/** The chart's values in one currency: amounts in major units (drawing only), exact texts for the tooltip. */
export function chartSeries(data: TReportInsights, currency: string) {
  const labels = periodLabels(data.unit, data.period.from, data.period.to);
  const byLabel = new Map(data.series.filter((p) => p.currency === currency).map((p) => [p.at, p]));
  const scale = 10 ** minorUnitsOf(currency);
  const points = labels.map((l) => byLabel.get(l));
  return {
    labels,
    amounts: points.map((p) => (p ? p.successAmount / scale : 0)),
    rates: points.map((p) => (p?.successRateBp == null ? null : p.successRateBp / 100)),
    amountTexts: points.map((p) => formatAmount(p?.successAmount ?? 0, currency)),
    rateTexts: points.map((p) => formatBp(p?.successRateBp ?? null)),
  };
}
