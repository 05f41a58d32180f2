import type { Selectable } from 'kysely';
import { ratioBp } from '@mbo/shared/ratios';
import {
  PROGRAMME_LINES,
  PROGRAMMES,
  type TLine,
  type TProgramme,
  type TProgrammeFigures,
  type TProgrammeLineStatus,
  type TProgrammeRule,
  type TProgrammeStatus,
} from '@mbo/shared/programmes';
import type { SchemeProgrammeRulesTable } from '../../db/types';
import { businessDay } from '../../platform/rollups';
import { project } from './service';

/*
 * The arithmetic of the card-scheme programmes, apart from any storage so that it is tested on
 * hand-computed cases (programmes-math.test.ts). Counts and basis points are integers; a ratio is
 * compared by cross-multiplication (count x 10,000 against ratio x base), never on a rounded figure.
 */

/** A rule row as stored (scheme_programme_rules), without its id and time. */
export type RuleRow = Omit<Selectable<SchemeProgrammeRulesTable>, 'id' | 'updated_at'>;

export type BusinessMonth = { month: string; daysInMonth: number; daysElapsed: number };

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/**
 * The month a moment falls in, cut at midnight UTC+08:00 like the rollups' business days, and how far
 * into it the moment is (today counted as elapsed). A past month is whole.
 */
export function businessMonth(now: number, month?: string): BusinessMonth {
  const today = businessDay(now);
  const m = month ?? today.slice(0, 7);
  const days = daysInMonth(m);
  return { month: m, daysInMonth: days, daysElapsed: m === today.slice(0, 7) ? Number(today.slice(8, 10)) : days };
}

/**
 * The rules that judge `month` (a month is judged by the rows in force on its first day), line by
 * line: the merchant's own row when it has one in force, else the default's (merchant 0); of several
 * in force, the one with the latest date.
 */
export function rulesInForce(rows: readonly RuleRow[], merchantId: number, month: string): TProgrammeRule[] {
  const firstDay = `${month}-01`;
  const out: TProgrammeRule[] = [];
  for (const programme of PROGRAMMES) {
    for (const line of PROGRAMME_LINES[programme] as readonly TLine[]) {
      let best: RuleRow | undefined;
      for (const owner of [merchantId, 0]) {
        for (const r of rows) {
          if (r.merchant_id !== owner || r.programme !== programme || r.line !== line || r.effective_from > firstDay) continue;
          if (!best || r.effective_from > best.effective_from) best = r;
        }
        if (best) break;
      }
      if (!best) continue;
      out.push({
        programme,
        line,
        effectiveFrom: best.effective_from,
        ratioBp: best.ratio_bp,
        ratioBelowBp: best.ratio_below_bp,
        minCount: best.min_count,
        maxCount: best.max_count,
        own: best.merchant_id !== 0 && merchantId !== 0,
      });
    }
  }
  return out;
}

type Bounds = Pick<TProgrammeRule, 'ratioBp' | 'ratioBelowBp' | 'minCount' | 'maxCount'>;

/** Count and ratio both within the line's bounds; nothing is reached without a base. */
export function lineReached(rule: Bounds, count: number, base: number): boolean {
  if (base <= 0) return false;
  if (count < rule.minCount || (rule.maxCount !== null && count > rule.maxCount)) return false;
  if (count * 10_000 < rule.ratioBp * base) return false;
  return rule.ratioBelowBp === null || count * 10_000 < rule.ratioBelowBp * base;
}

/**
 * How many more events on top of `count` reach the line against `base`: 0 when reached, null when
 * more events cannot reach it (past a band's top, or no base).
 */
export function eventsLeft(rule: Bounds, count: number, base: number): number | null {
  if (base <= 0) return null;
  if (lineReached(rule, count, base)) return 0;
  // The least count meeting both lower bounds: ratio x base / 10,000 rounded up, and the count gate.
  const byRatio = Math.floor((rule.ratioBp * base + 9_999) / 10_000);
  const needed = Math.max(rule.minCount, byRatio);
  if (needed <= count) return null;
  return lineReached(rule, needed, base) ? needed - count : null;
}

/** The worst line reached (lines come mildest first). */
export function tierOf(rules: readonly TProgrammeRule[], count: number, base: number): TLine | null {
  let tier: TLine | null = null;
  for (const r of rules) if (lineReached(r, count, base)) tier = r.line;
  return tier;
}

function figures(rules: readonly TProgrammeRule[], count: number, base: number): TProgrammeFigures {
  return { count, base, ratioBp: ratioBp(count, base), tier: tierOf(rules, count, base) };
}

/** What a programme is measured on for one month, already summed over the caller's gateways. */
export type ProgrammeInput = {
  programme: TProgramme;
  rules: readonly TProgrammeRule[];
  /** Numerator parts (added up) and the denominator. */
  parts: Record<string, number>;
  count: number;
  base: number;
  /** True when the denominator is of this month and grows with it (VAMP); false when fixed (ECP: last month's sales). */
  baseGrows: boolean;
  month: BusinessMonth;
  /** Open Ethoca alerts of the scheme (current month only; null: no what-if). */
  openEthoca: number | null;
  /** RDR-resolved disputes counted in the numerator (null where RDR does not apply). */
  rdrCounted: number | null;
};

/**
 * Month to date, the month-end projection (this month's counts scaled by days in month / elapsed
 * days, plus the open Ethoca alerts, which become chargebacks unless refunded in time), each line's
 * status and events left (against the month-end base), and the what-if without the open alerts.
 */
export function evaluateProgramme(i: ProgrammeInput): TProgrammeStatus {
  const { daysInMonth: days, daysElapsed } = i.month;
  const open = i.openEthoca ?? 0;
  const scaled = project(i.count, days, daysElapsed);
  const projectedBase = i.baseGrows ? project(i.base, days, daysElapsed) : i.base;
  const mtd = figures(i.rules, i.count, i.base);
  const projected = figures(i.rules, scaled + open, projectedBase);
  const lines: TProgrammeLineStatus[] = i.rules.map((r) => ({
    ...r,
    mtdReached: lineReached(r, i.count, i.base),
    projectedReached: lineReached(r, scaled + open, projectedBase),
    eventsLeft: eventsLeft(r, i.count, projectedBase),
  }));
  return {
    programme: i.programme,
    parts: i.parts,
    mtd,
    projected,
    lines,
    whatIf:
      i.openEthoca === null ? null : { openEthoca: open, ifRefunded: figures(i.rules, scaled, projectedBase), rdrCounted: i.rdrCounted },
  };
}
