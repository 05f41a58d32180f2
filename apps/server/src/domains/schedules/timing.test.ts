import { describe, expect, it } from 'vitest';
import { LAST_DAY_OF_MONTH } from '@mbo/shared/report-schedules';
import { dueSlot, nextSlotAfter, periodOf, runFilters, type Timing } from './timing';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('next run of a schedule in its timezone', () => {
  it('runs daily at 08:00 in UTC+08:00 across the end of a month and a year', () => {
    const daily: Timing = { frequency: 'daily', weekday: null, monthDay: null, time: '08:00', timezone: 'Asia/Shanghai' };
    // 08:00 in Shanghai is 00:00 UTC: from 31 December 09:00 local the next is 1 January.
    expect(iso(nextSlotAfter(daily, at('2026-12-31T01:00:00Z')))).toBe('2027-01-01T00:00:00.000Z');
    expect(iso(nextSlotAfter(daily, at('2026-11-30T23:59:00Z')))).toBe('2026-12-01T00:00:00.000Z');
  });

  it('runs on the last day of the month in Asia/Shanghai: 28 February, then 31 March', () => {
    const monthly: Timing = { frequency: 'monthly', weekday: null, monthDay: LAST_DAY_OF_MONTH, time: '23:30', timezone: 'Asia/Shanghai' };
    const feb = nextSlotAfter(monthly, at('2027-02-01T00:00:00Z'));
    expect(iso(feb)).toBe('2027-02-28T15:30:00.000Z');
    expect(iso(nextSlotAfter(monthly, feb))).toBe('2027-03-31T15:30:00.000Z');
  });

  it('keeps the local time in America/New_York across a month end and the daylight-saving change', () => {
    const monthly: Timing = { frequency: 'monthly', weekday: null, monthDay: 1, time: '07:00', timezone: 'America/New_York' };
    // 1 March is in winter time (UTC-5), 1 April in summer time (UTC-4).
    const march = nextSlotAfter(monthly, at('2027-02-28T23:00:00Z'));
    expect(iso(march)).toBe('2027-03-01T12:00:00.000Z');
    expect(iso(nextSlotAfter(monthly, march))).toBe('2027-04-01T11:00:00.000Z');
    const weekly: Timing = { frequency: 'weekly', weekday: 1, monthDay: null, time: '09:15', timezone: 'America/New_York' };
    // Monday 30 November 2026, then Monday 7 December.
    expect(iso(nextSlotAfter(weekly, at('2026-11-29T12:00:00Z')))).toBe('2026-11-30T14:15:00.000Z');
  });

  it('catches up once: the latest missed slot is made, and the next is after now', () => {
    const daily: Timing = { frequency: 'daily', weekday: null, monthDay: null, time: '08:00', timezone: 'Asia/Shanghai' };
    const due = at('2026-11-20T00:00:00Z');
    const now = at('2026-11-25T03:00:00Z');
    const { slot, next } = dueSlot(daily, due, now);
    expect(iso(slot)).toBe('2026-11-25T00:00:00.000Z');
    expect(iso(next)).toBe('2026-11-26T00:00:00.000Z');
  });
});

describe('the period a run covers', () => {
  it('is yesterday, the 7 days before, or the month before, in the schedule timezone', () => {
    // 1 December 00:30 in Shanghai is still 30 November in UTC.
    const slot = at('2026-11-30T16:30:00Z');
    expect(periodOf('daily', slot, 'Asia/Shanghai')).toEqual({ from: '2026-11-30', to: '2026-11-30' });
    expect(periodOf('daily', slot, 'UTC')).toEqual({ from: '2026-11-29', to: '2026-11-29' });
    expect(periodOf('weekly', slot, 'Asia/Shanghai')).toEqual({ from: '2026-11-24', to: '2026-11-30' });
    expect(periodOf('monthly', slot, 'Asia/Shanghai')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodOf('monthly', at('2027-03-01T01:00:00Z'), 'Asia/Shanghai')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });

  it('moves the dates of the filters, keeps the others, and leaves a list without dates as it was', () => {
    const slot = at('2026-12-01T00:00:00Z');
    expect(runFilters({ from: '2026-01-01', to: '2026-01-31', payStatus: '1' }, 'daily', slot, 'Asia/Shanghai')).toEqual({
      filters: { from: '2026-11-30', to: '2026-11-30', payStatus: '1' },
      period: '2026-11-30',
    });
    expect(runFilters({ from: '2026-01', to: '2026-03' }, 'monthly', slot, 'Asia/Shanghai').filters).toEqual({
      from: '2026-11',
      to: '2026-11',
    });
    expect(runFilters({ status: '2' }, 'weekly', slot, 'Asia/Shanghai')).toEqual({ filters: { status: '2' }, period: '2026-12-01' });
  });
});
