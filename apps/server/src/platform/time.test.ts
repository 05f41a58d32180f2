import { describe, expect, it } from 'vitest';
import { TIMEZONE_OPTIONS } from '@mbo/shared/timezones';
import { intlOffsetMs } from '@mbo/shared/timezones';
import { dateInZone, dayRangeInZone, scanZoneTransitions, timezoneFromHeader, todayInZone, zoneOffsetMs } from './time';
import { ZONE_TABLE, ZONE_TABLE_FROM_MS, ZONE_TABLE_UNTIL_MS } from '@mbo/shared/zone-table';

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

/** The calendar date of an instant as Intl formats it: what the table's answers must equal. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function intlDate(ms: number, tz: string): string {
  let f = dateFormats.get(tz);
  if (!f) dateFormats.set(tz, (f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(ms);
}

describe('the timezone options table (zone-table.ts)', () => {
  it('holds every option, and for each the offsets this Node gives from 1970 to 2100 (else: npm run zone-table)', () => {
    expect(Object.keys(ZONE_TABLE).sort()).toEqual(TIMEZONE_OPTIONS.map((o) => o.timezone).sort());
    for (const o of TIMEZONE_OPTIONS)
      expect(ZONE_TABLE[o.timezone], o.timezone).toEqual(scanZoneTransitions(o.timezone, ZONE_TABLE_FROM_MS, ZONE_TABLE_UNTIL_MS));
  });

  it('answers as Intl does at each change, the second before it, and every 25 hours 13 minutes from 1975 to 2040', () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const o of TIMEZONE_OPTIONS) {
      const tz = o.timezone;
      const table = ZONE_TABLE[tz]!;
      const instants: number[] = [];
      for (let i = 2; i < table.length; i += 2) instants.push(table[i]! * 1000, table[i]! * 1000 - 1, table[i]! * 1000 - 1000);
      for (let ms = Date.UTC(1975, 0, 1); ms < Date.UTC(2040, 0, 1); ms += 90_780_000) instants.push(ms);
      for (const ms of instants) {
        checked += 1;
        if (zoneOffsetMs(ms, tz) !== intlOffsetMs(ms, tz) || dateInZone(ms, tz) !== intlDate(ms, tz))
          wrong.push(`${tz} ${new Date(ms).toISOString()}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(100_000);
    // The zones that change their clocks do change in the table: summer and winter differ.
    expect(zoneOffsetMs(Date.UTC(2026, 6, 1), 'Europe/Paris') - zoneOffsetMs(Date.UTC(2026, 0, 1), 'Europe/Paris')).toBe(3_600_000);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 1), 'America/Chicago')).toBe(-5 * HOUR);
  });

  it('leaves other zones and instants outside its years to Intl', () => {
    // Half-hour summer time (Lord Howe), an offset of 5:45 (Kathmandu), and the table's zones before 1970 and after 2100.
    expect(zoneOffsetMs(Date.UTC(2026, 0, 15), 'Australia/Lord_Howe')).toBe(11 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 15), 'Australia/Lord_Howe')).toBe(10.5 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2026, 6, 15), 'Asia/Kathmandu')).toBe(5.75 * HOUR);
    expect(zoneOffsetMs(Date.UTC(1960, 6, 1), 'Europe/London')).toBe(intlOffsetMs(Date.UTC(1960, 6, 1), 'Europe/London'));
    expect(zoneOffsetMs(Date.UTC(2150, 6, 1), 'America/New_York')).toBe(-4 * HOUR);
    expect(dateInZone(Date.UTC(2150, 6, 1, 2), 'America/New_York')).toBe('2150-06-30');
  });
});
