import { useMemo } from 'react';
import { useEchart, type TBarLineOption as TOption } from '../../../platform/echart';
import { tooltipValue } from './chart-texts';

export type THistoryChartProps = {
  days: string[];
  /** Approved amount in ten-thousands of the currency's major unit. */
  amounts: number[];
  successRates: (number | null)[];
  actualRates: (number | null)[];
  /** The approved amount of each day as the tooltip shows it, with thousands separators and currency ("12,345.60 USD"). */
  amountTexts: string[];
  labels: { amount: string; successRate: string; actualRate: string; amountUnit: string };
};

export default function HistoryChart({ days, amounts, successRates, actualRates, amountTexts, labels }: THistoryChartProps) {
  const option = useMemo<TOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [labels.amount, labels.successRate, labels.actualRate] },
      grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: days.map((d) => d.slice(5)) },
      yAxis: [
        { type: 'value', name: labels.amountUnit, axisLabel: { formatter: '{value}' } },
        { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
      ],
      series: [
        {
          type: 'bar',
          name: labels.amount,
          data: amounts,
          itemStyle: { color: '#409EFF' },
          tooltip: { valueFormatter: (v, i) => tooltipValue('amount', v, i, amountTexts) },
        },
        {
          type: 'line',
          name: labels.successRate,
          yAxisIndex: 1,
          data: successRates,
          connectNulls: true,
          tooltip: { valueFormatter: (v, i) => tooltipValue('rate', v, i, amountTexts) },
        },
        {
          type: 'line',
          name: labels.actualRate,
          yAxisIndex: 1,
          data: actualRates,
          connectNulls: true,
          tooltip: { valueFormatter: (v, i) => tooltipValue('rate', v, i, amountTexts) },
        },
      ],
    }),
    [days, amounts, successRates, actualRates, amountTexts, labels],
  );
  const ref = useEchart(option);
  return <div ref={ref} style={{ width: '100%', height: 320 }} data-testid="history-chart" />;
}
