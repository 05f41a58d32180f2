import { zonePartsAt } from '@mbo/shared/timezones';
import { dayjs } from './dayjs';

/**
 * Epoch ms moved to the wall clock of `zone` at that instant: read it with UTC getters, or as
 * `dayjs.utc(...)` (inZone). Read through one formatter kept per zone (zonePartsAt): dayjs's own
 * `.tz()` builds a new one on every call (`toLocaleString` with a time zone, about a millisecond
 * each), which was most of what formatting a list's times cost on its first render. Exact to the
 * millisecond, historical offsets with seconds included; independent of the browser's own zone and its
 * daylight saving.
 */
export function wallClockMs(ms: number, zone: string): number {
  const p = zonePartsAt(ms, zone);
  const wall = new Date(0);
  wall.setUTCFullYear(p.year, p.month - 1, p.day);
  wall.setUTCHours(p.hour, p.minute, p.second, 0);
  return wall.getTime() + (ms - Math.floor(ms / 1000) * 1000);
}

/**
 * `instant` as seen in `zone`, for formatting and calendar arithmetic on its fields (a UTC-mode dayjs
 * whose fields are the zone's wall clock; its own offset reads +00:00, so a pattern with an offset
 * token goes through dayjs's `.tz()` instead).
 */
export function inZone(instant: dayjs.Dayjs, zone: string): dayjs.Dayjs {
  return dayjs.utc(wallClockMs(instant.valueOf(), zone));
}
