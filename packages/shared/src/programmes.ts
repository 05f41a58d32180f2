import { z } from 'zod';
import { ZMonth } from './reports';

/**
 * Card-scheme programmes as dated rules (issue 49 §2; apps/server/src/domains/reports/README.md,
 * "Scheme programmes"). Every threshold is a row: the default rule set (merchant 0) and a merchant's
 * own rows, each in force from a date, so that a scheme's change (VAMP 2.20% -> 1.50% on 2026-04-01)
 * is one more row. Ratios are basis points compared exactly by cross-multiplication; counts are whole.
 */
export const ProgrammePath = {
  status: '/statistics/programmes',
} as const;

/**
 * vamp: Visa (TC40 fraud reports + TC15 disputes) / TC05 settled card-not-present transactions.
 * vampEnumeration: Visa enumerated (card-testing) attempts / all attempts.
 * ecp: Mastercard this month's chargebacks / last month's sales.
 */
export const PROGRAMMES = ['vamp', 'vampEnumeration', 'ecp'] as const;
export type TProgramme = (typeof PROGRAMMES)[number];

/** The lines of each programme, mildest first: the tier reached is the last line whose conditions hold. */
export const PROGRAMME_LINES = {
  vamp: ['excessive'],
  vampEnumeration: ['excessive'],
  ecp: ['cmm', 'ecm', 'hecm'],
} as const satisfies Record<TProgramme, readonly string[]>;
export const LINES = ['excessive', 'cmm', 'ecm', 'hecm'] as const;
export type TLine = (typeof LINES)[number];

export function isLineOf(programme: TProgramme, line: string): line is TLine {
  return (PROGRAMME_LINES[programme] as readonly string[]).includes(line);
}

/** One line of a programme as in force: reached when count and ratio are both within their bounds. */
export const ZProgrammeRule = z.object({
  programme: z.enum(PROGRAMMES),
  line: z.enum(LINES),
  /** First business day (UTC+08:00) of the first month the row judges: always the 1st of a month. */
  effectiveFrom: z.string(),
  /** Ratio at or above this (basis points). */
  ratioBp: z.number().int(),
  /** Ratio below this, when the line is a band (ECM: below 3.00%); null: no upper bound. */
  ratioBelowBp: z.number().int().nullable(),
  minCount: z.number().int(),
  /** Count at most this, when the line is a band (ECM: up to 299); null: no upper bound. */
  maxCount: z.number().int().nullable(),
  /** The merchant's own row (an operator's override) rather than the default for every merchant. */
  own: z.boolean(),
});
export type TProgrammeRule = z.infer<typeof ZProgrammeRule>;

export const ZProgrammeFigures = z.object({
  count: z.number().int(),
  base: z.number().int(),
  ratioBp: z.number().int().nullable(),
  /** The worst line reached, or null. */
  tier: z.enum(LINES).nullable(),
});
export type TProgrammeFigures = z.infer<typeof ZProgrammeFigures>;

export const ZProgrammeLineStatus = ZProgrammeRule.extend({
  mtdReached: z.boolean(),
  projectedReached: z.boolean(),
  /**
   * More events this month (fraud reports and disputes; chargebacks; enumerated attempts) that would
   * put the month at this line, against the month-end base; 0 once reached, null when adding events
   * cannot reach it (a band already passed, or no base to divide by).
   */
  eventsLeft: z.number().int().nullable(),
});
export type TProgrammeLineStatus = z.infer<typeof ZProgrammeLineStatus>;

export const ZProgrammeWhatIf = z.object({
  /** Ethoca alerts of the scheme still open (not refunded, deadline not passed): chargebacks to come unless refunded. */
  openEthoca: z.number().int(),
  /** The month-end projection if they are refunded in time. */
  ifRefunded: ZProgrammeFigures,
  /** Disputes resolved by RDR this month: they still count (null where RDR does not apply). */
  rdrCounted: z.number().int().nullable(),
});
export type TProgrammeWhatIf = z.infer<typeof ZProgrammeWhatIf>;

export const ZProgrammeStatus = z.object({
  programme: z.enum(PROGRAMMES),
  /** The numerator's and the denominator's parts, by name (fraudReports, disputes, rdrResolved, settled, ...). */
  parts: z.record(z.string(), z.number().int()),
  mtd: ZProgrammeFigures,
  /** Month end: this month's counts scaled by days in month / days elapsed, plus the open Ethoca alerts. */
  projected: ZProgrammeFigures,
  lines: z.array(ZProgrammeLineStatus),
  /** Only for the current month and programmes with disputes (not enumeration). */
  whatIf: ZProgrammeWhatIf.nullable(),
});
export type TProgrammeStatus = z.infer<typeof ZProgrammeStatus>;

export const ZProgrammes = z.object({
  month: z.string(),
  daysElapsed: z.number().int(),
  daysInMonth: z.number().int(),
  /** Programmes with a rule in force for the month (none before the first rule). */
  programmes: z.array(ZProgrammeStatus),
});
export type TProgrammes = z.infer<typeof ZProgrammes>;

export const ZProgrammesQuery = z.object({ month: ZMonth.optional().or(z.literal('').transform(() => undefined)) });
export type TProgrammesQuery = z.input<typeof ZProgrammesQuery>;
