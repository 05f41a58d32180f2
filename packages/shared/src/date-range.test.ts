import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkDateRange, isCalendarDate, isRangeWithinLimit, lastDateOfRange, ZDate, ZDateRange } from './date-range';

describe('date ranges (spec §5: at most 6 months)', () => {
  it('ends a range 6 calendar months after its start, minus a day', () => {
    expect(lastDateOfRange('2026-01-01')).toBe('2026-06-30');
    expect(lastDateOfRange('2026-05-15')).toBe('2026-11-14');
    expect(lastDateOfRange('2025-08-31')).toBe('2026-02-27');
  });

  it('accepts six months and refuses a day more', () => {
    expect(isRangeWithinLimit('2026-01-01', '2026-06-30')).toBe(true);
    expect(isRangeWithinLimit('2026-01-01', '2026-07-01')).toBe(false);
    expect(isRangeWithinLimit('2026-03-02', '2026-03-01')).toBe(false);
  });

  it('refuses dates that do not exist and says which rule failed', () => {
    expect(ZDate.safeParse('2026-02-30').success).toBe(false);
    expect(ZDate.safeParse('2026-2-3').success).toBe(false);
    const q = ZDateRange.extend({ page: z.number().optional() }).superRefine(checkDateRange);
    const tooLong = q.safeParse({ from: '2026-01-01', to: '2026-08-01' });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe('dateRange.tooLong');
    expect(q.safeParse({ from: '2026-01-02', to: '2026-01-01' }).error?.issues[0]?.message).toBe('dateRange.reversed');
  });
});

describe('dates are validated before the range rule', () => {
  const q = ZDateRange.extend({ page: z.number().optional() }).superRefine(checkDateRange);

  it('answers a bad date as a bad date, whatever it sorts like', () => {
    for (const from of ['', '0', '-1', "' OR 1=1 --", '2026-02-30', '2026-13-01', '9999-99-99', '２０２６-01-01']) {
      const r = q.safeParse({ from, to: '2026-01-31' });
      expect(r.success, from).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual(['dateRange.badDate']);
    }
    const badTo = q.safeParse({ from: '2026-01-01', to: 'z' });
    expect(badTo.error?.issues.map((i) => i.message)).toEqual(['dateRange.badDate']);
  });

  it('keeps lastDateOfRange and isRangeWithinLimit total', () => {
    expect(isCalendarDate('2026-01-01')).toBe(true);
    expect(isCalendarDate(20260101)).toBe(false);
    expect(() => lastDateOfRange('-1')).toThrow(RangeError);
    expect(isRangeWithinLimit('', '2026-01-01')).toBe(false);
  });
});
