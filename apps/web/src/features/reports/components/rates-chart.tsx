import { useEffect, useRef } from 'react';
import { init, use as registerEchartsParts, type ComposeOption } from 'echarts/core';
import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Modular echarts: only what this chart draws, loaded with the screen (lazy) and never on sign-in.
registerEchartsParts([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

type TOption = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption>;

export type TRatesSeries = { name: string; values: (number | null)[] };

/** Chargeback and refund rates (percent) per month, one line per card scheme and rate. */
export default function RatesChart({ months, series }: { months: string[]; series: TRatesSeries[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const chart = init(el);
    const option: TOption = {
      tooltip: { trigger: 'axis', valueFormatter: (v) => (typeof v === 'number' ? `${v.toFixed(2)}%` : '-') },
      legend: { type: 'scroll', top: 0 },
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: months },
      yAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
      series: series.map((s) => ({ type: 'line', name: s.name, data: s.values, connectNulls: true })),
    };
    chart.setOption(option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [months, series]);
  return <div ref={ref} style={{ width: '100%', height: 300 }} data-testid="rates-chart" />;
}
