import { describe, expect, it } from 'vitest';
import { DEFAULT_PROGRAMME_RULES } from '../../db/migrations/0027-scheme-programmes';
import { businessMonth, evaluateProgramme, eventsLeft, lineReached, rulesInForce, tierOf, type RuleRow } from './programmes-math';

/*
 * Hand-computed cases around every boundary of the programme arithmetic: the count gates (1,499 /
 * 1,500; 99 / 100; 299 / 300), a ratio exactly at a threshold, the VAMP change of 2026-04-01 and the
 * month cut at midnight UTC+08:00.
 */

/** The default rule set, as the migration writes it. */
const DEFAULTS: RuleRow[] = DEFAULT_PROGRAMME_RULES.map((r) => ({ ...r, merchant_id: 0 }));

const rules = (month: string, programme: string, rows = DEFAULTS, merchantId = 7) =>
  rulesInForce(rows, merchantId, month).filter((r) => r.programme === programme);
const vamp = (month: string) => rules(month, 'vamp')[0]!;

describe('the month of a moment, cut at midnight UTC+08:00', () => {
  it.each([
    // [instant, month, days in month, days elapsed]
    ['2026-03-31T15:59:59.999Z', '2026-03', 31, 31],
    ['2026-03-31T16:00:00.000Z', '2026-04', 30, 1],
    ['2026-02-28T15:59:59.999Z', '2026-02', 28, 28],
    ['2026-02-28T16:00:00.000Z', '2026-03', 31, 1],
    ['2028-02-28T16:00:00.000Z', '2028-02', 29, 29],
    ['2026-12-31T16:00:00.000Z', '2027-01', 31, 1],
  ])('%s is in %s (%i days, day %i)', (at, month, days, elapsed) => {
    expect(businessMonth(Date.parse(at))).toEqual({ month, daysInMonth: days, daysElapsed: elapsed });
  });

  it('judges a month by the rules in force on its first day: VAMP 2.20% up to March 2026, 1.50% from April', () => {
    expect(vamp(businessMonth(Date.parse('2026-03-31T15:59:59.999Z')).month).ratioBp).toBe(220);
    expect(vamp(businessMonth(Date.parse('2026-03-31T16:00:00.000Z')).month).ratioBp).toBe(150);
    expect(vamp('2025-04').ratioBp).toBe(220);
    // Before the first row: no rule, nothing to judge.
    expect(rules('2025-03', 'vamp')).toEqual([]);
  });

  it("prefers the merchant's own row in force, then the default's, the latest of each", () => {
    const own: RuleRow = { ...DEFAULTS[0]!, merchant_id: 7, effective_from: '2026-05-01', ratio_bp: 220 };
    const other: RuleRow = { ...DEFAULTS[0]!, merchant_id: 8, effective_from: '2026-01-01', ratio_bp: 500 };
    const rows = [...DEFAULTS, own, other];
    expect(rules('2026-04', 'vamp', rows)[0]).toMatchObject({ ratioBp: 150, own: false, effectiveFrom: '2026-04-01' });
    // A MENA-style exception: the merchant keeps 2.20% from May; the other merchant's row is not its.
    expect(rules('2026-05', 'vamp', rows)[0]).toMatchObject({ ratioBp: 220, own: true, effectiveFrom: '2026-05-01' });
    expect(rules('2026-05', 'vamp', rows, 9)[0]).toMatchObject({ ratioBp: 150, own: false });
  });
});

describe('VAMP merchant line: ratio and the count gate', () => {
  it.each([
    // [month, count, base, reached] -- 1.50% from April 2026, 2.20% before; 1,500 events needed.
    ['2026-04', 1_500, 100_000, true], // 1.50% exactly, 1,500 events
    ['2026-04', 1_499, 99_933, false], // 1.50001% but 1,499 events
    ['2026-04', 1_499, 90_000, false], // 1.67% but 1,499 events
    ['2026-04', 1_500, 100_001, false], // 1,500 events but 1.49998%
    ['2026-04', 2_200, 100_000, true],
    ['2026-03', 1_500, 100_000, false], // the same month in March: 1.50% < 2.20%
    ['2026-03', 2_200, 100_000, true], // 2.20% exactly
    ['2026-03', 2_199, 99_955, false], // 2.19999...%
    ['2026-03', 1_499, 10_000, false], // 14.99% but under the gate
    ['2026-04', 1_500, 0, false], // no settled transactions: no ratio
  ])('%s: %i / %i -> %s', (month, count, base, reached) => {
    expect(lineReached(vamp(month), count, base)).toBe(reached);
  });

  it.each([
    // [month, count, base, left]
    ['2026-04', 1_499, 50_000, 1], // ratio 3.00% already; the gate wants one more
    ['2026-04', 100, 200_000, 2_900], // ratio wants 3,000 (1.50% of 200,000), more than the gate
    ['2026-04', 1_000, 80_000, 500], // the gate (1,500) above the ratio's 1,200
    ['2026-04', 1_500, 100_000, 0],
    ['2026-03', 1_500, 100_000, 700], // 2.20% of 100,000 = 2,200
    ['2026-03', 0, 100_001, 2_201], // 2,200.022 rounds up
    ['2026-04', 5, 0, null],
  ])('%s: %i / %i -> %s events left', (month, count, base, left) => {
    expect(eventsLeft(vamp(month), count, base)).toBe(left);
  });
});

describe('VAMP enumeration line: 20% with 300,000 enumerated attempts', () => {
  const enumeration = rules('2026-06', 'vampEnumeration')[0]!;
  it.each([
    [300_000, 1_500_000, true], // 20.00% exactly
    [299_999, 1_000_000, false], // 30% but under the gate
    [300_000, 1_500_001, false], // 19.9999...%
    [400_000, 1_000_000, true],
  ])('%i / %i -> %s', (count, base, reached) => {
    expect(lineReached(enumeration, count, base)).toBe(reached);
  });
});

describe('Mastercard ECP tiers: count and ratio both needed', () => {
  const ecp = rules('2026-06', 'ecp');
  it.each([
    // [chargebacks, last month's sales, tier]
    [99, 5_000, null], // 1.98% but 99 chargebacks
    [100, 10_000, 'cmm'], // 1.00% exactly, 100
    [100, 10_001, null], // 0.9999%
    [100, 6_667, 'cmm'], // 1.49993%: CMM only
    [150, 10_000, 'ecm'], // 1.50% exactly, 150
    [299, 10_000, 'ecm'], // 2.99%, 299
    [299, 9_967, 'ecm'], // 2.99990%: still below 3.00%
    [299, 9_966, 'cmm'], // 3.00020% with 299: past ECM's ratio band, short of HECM's 300 -> CMM
    [300, 10_000, 'hecm'], // 3.00% exactly, 300
    [300, 10_001, 'cmm'], // 2.9997% with 300: past ECM's count band, short of HECM's ratio
    [400, 8_000, 'hecm'],
    [1_000, 200_000, null], // 0.50%
  ])('%i / %i -> %s', (count, base, tier) => {
    expect(tierOf(ecp, count, base)).toBe(tier);
  });

  it("counts the chargebacks left before each tier against last month's sales", () => {
    const left = (count: number, base: number) => ecp.map((r) => eventsLeft(r, count, base));
    // 10,000 sales: CMM at 100, ECM at 150 (1.50%), HECM at 300 (3.00% and the gate).
    expect(left(40, 10_000)).toEqual([60, 110, 260]);
    expect(left(99, 10_000)).toEqual([1, 51, 201]);
    expect(left(299, 10_000)).toEqual([0, 0, 1]);
    // 350 chargebacks of 20,000 (1.75%): ECM's count band is passed; HECM needs 600 (3.00%).
    expect(left(350, 20_000)).toEqual([0, null, 250]);
  });
});

describe('a programme over a month: to date, projected to month end, the what-if', () => {
  const month = { month: '2026-04', daysInMonth: 30, daysElapsed: 15 };
  it('scales the counts and a growing base, adds the open Ethoca alerts, and shows the month without them', () => {
    const s = evaluateProgramme({
      programme: 'vamp',
      rules: rules('2026-04', 'vamp'),
      parts: { fraudReports: 400, disputes: 300, rdrResolved: 50, settled: 50_000 },
      count: 750,
      base: 50_000,
      baseGrows: true,
      month,
      openEthoca: 20,
      rdrCounted: 50,
    });
    expect(s.mtd).toEqual({ count: 750, base: 50_000, ratioBp: 150, tier: null }); // 1.50% but 750 < 1,500
    // 750 x 2 = 1,500, + 20 open alerts = 1,520 of 100,000: 1.52%, gate met.
    expect(s.projected).toEqual({ count: 1_520, base: 100_000, ratioBp: 152, tier: 'excessive' });
    // Refunded in time: 1,500 of 100,000 = 1.50% exactly, still at the line.
    expect(s.whatIf).toEqual({
      openEthoca: 20,
      ifRefunded: { count: 1_500, base: 100_000, ratioBp: 150, tier: 'excessive' },
      rdrCounted: 50,
    });
    expect(s.lines[0]).toMatchObject({ mtdReached: false, projectedReached: true, eventsLeft: 750 });
  });

  it("keeps the ECP base (last month's sales) and takes a past month whole", () => {
    const s = evaluateProgramme({
      programme: 'ecp',
      rules: rules('2026-04', 'ecp'),
      parts: { chargebacks: 99 },
      count: 99,
      base: 5_000,
      baseGrows: false,
      month: { month: '2026-03', daysInMonth: 31, daysElapsed: 31 },
      openEthoca: null,
      rdrCounted: null,
    });
    expect(s.mtd).toEqual(s.projected);
    expect(s.mtd.tier).toBeNull();
    expect(s.whatIf).toBeNull();
    expect(s.lines.map((l) => l.eventsLeft)).toEqual([1, 1, 201]);
  });
});
