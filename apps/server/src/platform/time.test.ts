import { describe, expect, it } from 'vitest';
import { dateInZone, dayRangeInZone, timezoneFromHeader, todayInZone } from './time';

const HOUR = 3_600_000;

describe('dayRangeInZone', () => {
  it('cuts the business day at midnight UTC+08:00', () => {
    const r = dayRangeInZone('2026-03-01', '2026-03-01', 'Asia/Shanghai');
    expect(new Date(r.fromMs).toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(new Date(r.toMs).toISOString()).toBe('2026-03-01T16:00:00.000Z');
  });

  it('spans 23 hours on the New York spring-forward day and 25 on the fall-back day', () => {
    const spring = dayRangeInZone('2026-03-08', '2026-03-08', 'America/New_York');
    expect(new Date(spring.fromMs).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(new Date(spring.toMs).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(spring.toMs - spring.fromMs).toBe(23 * HOUR);

    const fall = dayRangeInZone('2026-11-01', '2026-11-01', 'America/New_York');
    expect(fall.toMs - fall.fromMs).toBe(25 * HOUR);
  });

  it('covers a multi-day range across the London DST change', () => {
    const r = dayRangeInZone('2026-03-28', '2026-03-30', 'Europe/London');
    expect(new Date(r.fromMs).toISOString()).toBe('2026-03-28T00:00:00.000Z');
    expect(new Date(r.toMs).toISOString()).toBe('2026-03-30T23:00:00.000Z');
    expect(r.toMs - r.fromMs).toBe(71 * HOUR);
  });

  it('starts a day whose midnight is skipped at the jump (Santiago, September 2026)', () => {
    // Chile moves clocks from 00:00 to 01:00 on the first Sunday of September.
    const r = dayRangeInZone('2026-09-06', '2026-09-06', 'America/Santiago');
    expect(dateInZone(r.fromMs, 'America/Santiago')).toBe('2026-09-06');
    expect(dateInZone(r.fromMs - 1, 'America/Santiago')).toBe('2026-09-05');
    expect(r.toMs - r.fromMs).toBe(23 * HOUR);
  });

  it('rejects malformed and reversed dates', () => {
    expect(() => dayRangeInZone('2026-02-30', '2026-03-01', 'UTC')).toThrow(RangeError);
    expect(() => dayRangeInZone('2026-03-02', '2026-03-01', 'UTC')).toThrow(RangeError);
  });

  it('gives today in the caller zone', () => {
    const now = Date.parse('2026-01-01T20:00:00Z');
    expect(dateInZone(now, 'Asia/Shanghai')).toBe('2026-01-02');
    expect(todayInZone(now, 'Asia/Shanghai').fromMs).toBe(Date.parse('2026-01-01T16:00:00Z'));
    expect(todayInZone(now, 'America/Chicago').fromMs).toBe(Date.parse('2026-01-01T06:00:00Z'));
  });
});

describe('timezoneFromHeader', () => {
  it('accepts IANA names and falls back to Asia/Shanghai', () => {
    expect(timezoneFromHeader('Europe/Paris')).toBe('Europe/Paris');
    expect(timezoneFromHeader('Mars/Olympus')).toBe('Asia/Shanghai');
    expect(timezoneFromHeader(undefined)).toBe('Asia/Shanghai');
    expect(timezoneFromHeader('"; drop table')).toBe('Asia/Shanghai');
  });
});
