import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lastDateOfRange } from '@mbo/shared/date-range';
import { TRANSACTION_VIEW_DEFS } from '@mbo/shared/transactions';
import { businessDay } from '../apps/server/src/platform/rollups';

/* What the parts of the transactions bench share: the demo sign-in, the routes measured, and the table of figures. */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DAY = 86_400_000;
export const SIGN_IN = { merchantNo: '100001', loginName: 'admin', password: 'Admin@2026' };
export const HEADERS = { lang: 'en_US', timezone: 'Asia/Shanghai' };
export const LIST = TRANSACTION_VIEW_DEFS.formal.list;
export const EXPORT = TRANSACTION_VIEW_DEFS.formal.export;

type Row = { dialect: string; what: string; figure: string; target: string; pass: boolean | null };
const table: Row[] = [];

/** Prints one figure beside its target (pass, MISS, or nothing when there is no target) and keeps it for the summary. */
export function record(dialect: string, what: string, figure: string, target: string, pass: boolean | null): void {
  table.push({ dialect, what, figure, target, pass });
  const mark = pass === null ? '    ' : pass ? 'pass' : 'MISS';
  console.log(`  ${mark}  ${what.padEnd(44)} ${figure.padEnd(40)} ${target}`);
}

export function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The newest 6-month range the filters accept, ending on the data's last business day. */
export function sixMonths(now: number): { from: string; to: string } {
  const to = businessDay(now);
  let from = businessDay(Date.parse(`${to}T00:00:00Z`) - 184 * DAY);
  while (lastDateOfRange(from) < to) from = businessDay(Date.parse(`${from}T00:00:00Z`) + DAY + 8 * 3_600_000);
  return { from, to };
}

/** The closing line: targets met and missed. */
export function printSummary(): void {
  const misses = table.filter((r) => r.pass === false);
  console.log(
    `\n${table.filter((r) => r.pass).length} targets met, ${misses.length} missed${misses.length ? `: ${misses.map((m) => `${m.dialect} ${m.what}`).join('; ')}` : ''}`,
  );
}
