import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';

dayjs.extend(utc);
dayjs.extend(timezone);

export { dayjs };

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Epoch ms moved to the wall clock of `zone` at that instant: read it with UTC getters, or as
 * `dayjs.utc(...)` (inZone). One formatter per zone, kept: dayjs's own `.tz()` builds a new one on
 * every call (`toLocaleString` with a time zone, about a millisecond each), which was most of what
 * formatting a list's times cost on its first render. Exact to the millisecond, historical offsets
 * with seconds included; independent of the browser's own zone and its daylight saving.
 */
export function wallClockMs(ms: number, zone: string): number {
  let format = wallClockFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormats.set(zone, format);
  }
  const f = { era: '', year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of format.formatToParts(ms)) {
    if (part.type === 'era') f.era = part.value;
    else if (part.type in f) (f as Record<string, number | string>)[part.type] = Number(part.value);
  }
  const year = f.era === 'BC' || f.era === 'B' ? 1 - f.year : f.year;
  const wall = new Date(0);
  wall.setUTCFullYear(year, f.month - 1, f.day);
  wall.setUTCHours(f.hour, f.minute, f.second, 0);
  const whole = Math.floor(ms / 1000) * 1000;
  return wall.getTime() + (ms - whole);
}

/**
 * `instant` as seen in `zone`, for formatting and calendar arithmetic on its fields (a UTC-mode dayjs
 * whose fields are the zone's wall clock; its own offset reads +00:00, so a pattern with an offset
 * token goes through dayjs's `.tz()` instead).
 */
export function inZone(instant: dayjs.Dayjs, zone: string): dayjs.Dayjs {
  return dayjs.utc(wallClockMs(instant.valueOf(), zone));
}
