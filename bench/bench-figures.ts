import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lastDateOfRange } from '@mbo/shared/date-range';
import { TRANSACTION_VIEW_DEFS } from '@mbo/shared/transactions';
import { businessDay } from '../apps/server/src/platform/rollups';
import { machineProbeSeconds } from '../scripts/machine-probe.mjs';

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

/** The machine's speed now, as a reference beside figures that follow its phase (scripts/machine-probe.mjs). */
export function machineProbe(): string {
  return `machine probe ${machineProbeSeconds().toFixed(2)} s (3 million small JSON texts)`;
}

/**
 * How much of `files` (`what` they are) the kernel's page cache holds (`fincore`, util-linux, 500 files
 * a call), or null where the tool is missing: an export of rows whose pages are not in memory waits for
 * the disk (a CSV of a million rows took 6.8 s with the cache dropped against 3.2 s, bench/RESULTS.md).
 */
export function filesInMemory(files: readonly string[], what: string): string | null {
  let res = 0;
  let size = 0;
  try {
    for (let i = 0; i < files.length; i += 500) {
      const out = execFileSync('fincore', ['--bytes', '--noheadings', '--output', 'RES,SIZE', ...files.slice(i, i + 500)]).toString();
      for (const line of out.trim().split('\n')) {
        const [r, s] = line.trim().split(/\s+/).map(Number);
        if (!Number.isFinite(r) || !Number.isFinite(s)) return null;
        res += r!;
        size += s!;
      }
    }
  } catch {
    return null;
  }
  return size > 0 ? `${(res / 1e6).toFixed(0)} of ${(size / 1e6).toFixed(0)} MB of ${what} in memory` : null;
}

/** The closing line: targets met and missed. */
export function printSummary(): void {
  const misses = table.filter((r) => r.pass === false);
  console.log(
    `\n${table.filter((r) => r.pass).length} targets met, ${misses.length} missed${misses.length ? `: ${misses.map((m) => `${m.dialect} ${m.what}`).join('; ')}` : ''}`,
  );
}
