import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMEZONE_OPTIONS } from '@mbo/shared/timezones';
import { dayjs } from './dayjs';
import { inZone, wallClockMs } from './zone-clock';

const ZONES = ['Asia/Shanghai', 'America/New_York', 'Europe/London', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
const PATTERN = 'YYYY-MM-DD HH:mm:ss';
const HOUR = 3_600_000;

const references = new Map<string, Intl.DateTimeFormat>();

/** The zone's wall clock as Intl prints it, independently of the code under test. */
function intlWallClock(ms: number, zone: string): string {
  let reference = references.get(zone);
  if (!reference) {
    reference = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    references.set(zone, reference);
  }
  const parts = reference.formatToParts(ms);
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

const savedTz = process.env.TZ;
afterEach(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe('wall clock of a zone', () => {
  it('reads as Intl does, every 97 minutes through two years of daylight-saving changes, whatever the process zone', () => {
    // The process's own zone must not leak in: a zone with daylight saving of its own.
    const wrong: string[] = [];
    for (const processZone of ['Europe/Berlin', 'America/Los_Angeles']) {
      process.env.TZ = processZone;
      for (const zone of ZONES) {
        for (let ms = Date.UTC(2025, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 97 * 60_000 + 17_123) {
          const got = dayjs.utc(wallClockMs(ms, zone)).format(PATTERN);
          const want = intlWallClock(ms, zone);
          if (got !== want) wrong.push(`${zone} at ${new Date(ms).toISOString()} in a ${processZone} process: ${got}, not ${want}`);
        }
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('reads the timezone options from their table, building no Intl formatter (the first costs tens of ms of a cold page load)', () => {
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      const ms = Date.UTC(2026, 6, 1, 12);
      const read = TIMEZONE_OPTIONS.map((o) => dayjs.utc(wallClockMs(ms, o.timezone)).format('HH:mm'));
      expect(read).toEqual(['20:00', '20:00', '21:00', '13:00', '14:00', '08:00', '07:00']);
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
    // Another zone asks Intl.
    expect(dayjs.utc(wallClockMs(Date.UTC(2026, 6, 1, 12), 'Asia/Kathmandu')).format('HH:mm')).toBe('17:45');
  });

  it('keeps the milliseconds, and gives the same text as dayjs .tz() for the patterns the screens use', () => {
    const ms = Date.UTC(2026, 2, 29, 0, 30, 5, 789);
    expect(new Date(wallClockMs(ms, 'Asia/Shanghai')).toISOString()).toBe('2026-03-29T08:30:05.789Z');
    for (const zone of ZONES) {
      for (const at of [ms, ms + HOUR, ms + 2 * HOUR, Date.UTC(2026, 10, 1, 5, 59, 59)]) {
        for (const pattern of [PATTERN, 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm', 'HH:mm']) {
          expect(inZone(dayjs(at), zone).format(pattern)).toBe(dayjs(at).tz(zone).format(pattern));
        }
      }
    }
  });

  it('takes calendar arithmetic on the zone’s date (the first day of a month, months back)', () => {
    // 2026-03-01 02:00 in Shanghai is still February in UTC.
    const at = dayjs(Date.UTC(2026, 1, 28, 18, 0, 0));
    expect(inZone(at, 'Asia/Shanghai').startOf('month').format('YYYY-MM-DD')).toBe('2026-03-01');
    expect(inZone(at, 'Asia/Shanghai').subtract(1, 'month').startOf('month').format('YYYY-MM-DD')).toBe('2026-02-01');
    expect(inZone(at, 'America/New_York').startOf('month').format('YYYY-MM-DD')).toBe('2026-02-01');
  });
});
