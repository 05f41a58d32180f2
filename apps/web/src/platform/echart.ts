import { useEffect, useRef } from 'react';
import { init, type EChartsCoreOption } from 'echarts/core';

/**
 * Draws an echarts option into the element the returned ref is put on: drawn again when the option
 * changes, resized with its box, released on unmount. Each chart registers the echarts parts it draws
 * itself (modular echarts), so a screen loads only those.
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
