import { useMemo } from 'react';
import { useEchart, type TBarLineOption as TOption } from '../../../platform/echart';

export type TInsightsChartProps = {
  /** Business days (YYYY-MM-DD) or months (YYYY-MM), oldest first, every one of the period. */
  labels: string[];
  /** Approved amount of each label in major units of one currency (drawn only; texts come from `amountTexts`). */
  amounts: number[];
  /** Success rate of each label in percent, null without transactions. */
  rates: (number | null)[];
  /** The exact approved amount of each label as the tooltip shows it ("1,234.50 USD"). */
  amountTexts: string[];
  rateTexts: string[];
  names: { amount: string; rate: string };
};

/** The period's approved amount (bars) and success rate (line) in one currency. */
export default function InsightsChart({ labels, amounts, rates, amountTexts, rateTexts, names }: TInsightsChartProps) {
  const option = useMemo<TOption>(
    () => ({
      tooltip: { trigger: 'axis', confine: true },
      legend: { top: 0, data: [names.amount, names.rate] },
      grid: { left: 4, right: 4, top: 36, bottom: 4, containLabel: true },
      // Days show as MM-DD so a month of bars stays readable on a phone; months as they are.
      xAxis: { type: 'category', data: labels.map((l) => (l.length === 10 ? l.slice(5) : l)) },
      yAxis: [
        { type: 'value', axisLabel: { formatter: (v: number) => compact(v) } },
        { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' }, splitLine: { show: false } },
      ],
      series: [
        {
          type: 'bar',
          name: names.amount,
          data: amounts,
          itemStyle: { color: '#409EFF' },
          tooltip: { valueFormatter: (_v, i) => amountTexts[i] ?? '-' },
        },
        {
          type: 'line',
          name: names.rate,
          yAxisIndex: 1,
          data: rates,
          connectNulls: true,
          itemStyle: { color: '#67C23A' },
          tooltip: { valueFormatter: (_v, i) => rateTexts[i] ?? '-' },
        },
      ],
    }),
    [labels, amounts, rates, amountTexts, rateTexts, names],
  );
  const ref = useEchart(option);
  return <div ref={ref} className="mbo-insights__chart" data-testid="insights-chart" />;
}

/** Axis labels: 1,200,000 -> 1.2M, 35,000 -> 35k (the tooltip gives the exact amount). */
function compact(v: number): string {
  const abs = Math.abs(v);
  if (abs >= 1e6) return `${+(v / 1e6).toFixed(1)}M`;
  if (abs >= 1e3) return `${+(v / 1e3).toFixed(1)}k`;
  return String(v);
}
