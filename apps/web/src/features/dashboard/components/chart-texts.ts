import { formatPercent } from '../../../platform/format';

/** Tooltip texts of the history chart: the day's exact amount with its currency, rates with two decimals and %. */
export function tooltipValue(series: 'amount' | 'rate', value: unknown, dataIndex: number, amountTexts: readonly string[]): string {
  if (series === 'amount') return amountTexts[dataIndex] ?? '-';
  return formatPercent(typeof value === 'number' ? value : null);
}
