import { offsetMsAt } from '@mbo/shared/zone-offsets';
import { dayjs } from './dayjs';

/**
 * Epoch ms moved to the wall clock of `zone` at that instant: read it with UTC getters, or as
 * `dayjs.utc(...)` (inZone). The timezone options' offsets come from their table (the shared
 * offsetMsAt), with no Intl formatter built on a page load; another zone reads through one formatter
 * kept per zone: dayjs's own `.tz()` builds a new one on every call (`toLocaleString` with a time
 * zone, about a millisecond each), which was most of what formatting a list's times cost on its first
 * render. Exact to the
 * millisecond, historical offsets with seconds included; independent of the browser's own zone and its
 * daylight saving.
 */
export function wallClockMs(ms: number, zone: string): number {
  return ms + offsetMsAt(ms, zone);
}

/**
 * `instant` as seen in `zone`, for formatting and calendar arithmetic on its fields (a UTC-mode dayjs
 * whose fields are the zone's wall clock; its own offset reads +00:00, so a pattern with an offset
 * token goes through dayjs's `.tz()` instead).
 */
export function inZone(instant: dayjs.Dayjs, zone: string): dayjs.Dayjs {
  return dayjs.utc(wallClockMs(instant.valueOf(), zone));
}

/** Today's calendar date (YYYY-MM-DD) in the given IANA timezone: the default of every date filter. */
export function todayIn(tz: string): string {
  return inZone(dayjs(), tz).format('YYYY-MM-DD');
}

/** The first day of the month `monthsBack` months before the current one, in `tz`. */
export function monthStartIn(tz: string, monthsBack = 0): string {
  return inZone(dayjs(), tz).subtract(monthsBack, 'month').startOf('month').format('YYYY-MM-DD');
}
