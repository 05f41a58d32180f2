import { useEffect, useRef } from 'react';
import { init, use as registerEchartsParts, type ComposeOption, type EChartsCoreOption } from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Modular echarts: the parts the product's charts draw (bars and lines on a grid, with a legend and a
// tooltip), and only those. Every chart is loaded lazily with its screen, so none of this is in the
// sign-in bundle.
registerEchartsParts([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** The option of a chart of bars and lines, typed for exactly the parts registered here. */
export type TBarLineOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption
>;

/**
 * Draws an echarts option into the element the returned ref is put on: drawn again when the option
 * changes, resized with its box, released on unmount.
 */
export function useEchart(option: EChartsCoreOption) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const chart = init(el);
    chart.setOption(option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);
  return ref;
}
