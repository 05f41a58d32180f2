/**
 * Rates as integer basis points (1/100 of a percent) and their text. Apart from `./reports` (which
 * re-exports them) so that a screen showing a rate, such as the dashboard, loads no report schema
 * (and no zod) with it.
 */
/** n / d in basis points, rounded half up, exact for integer inputs; null when d is 0. */
export function ratioBp(n: number, d: number): number | null {
  if (d <= 0) return null;
  return Math.floor((2 * n * 10_000 + d) / (2 * d));
}

/** 1234 -> "12.34%"; null -> "-". Pure string work, so no float is ever shown. */
export function formatBp(bp: number | null): string {
  if (bp === null) return '-';
  const negative = bp < 0;
  const digits = String(Math.abs(bp)).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}%`;
}
