import { useMemo } from 'react';
import { useEchart, type TBarLineOption as TOption } from '../../../platform/echart';

export type TRatesSeries = { name: string; values: (number | null)[] };

/** Chargeback and refund rates (percent) per month, one line per card scheme and rate. */
export default function RatesChart({ months, series }: { months: string[]; series: TRatesSeries[] }) {
  const option = useMemo<TOption>(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (v) => (typeof v === 'number' ? `${v.toFixed(2)}%` : '-') },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: months },
      yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
      series: series.map((s) => ({ type: 'line', name: s.name, data: s.values, connectNulls: true })),
    }),
    [months, series],
  );
  const ref = useEchart(option);
  return <div ref={ref} style={{ width: '100%', height: 300 }} data-testid="rates-chart" />;
}
