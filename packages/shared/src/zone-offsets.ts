import { intlOffsetMs } from './timezones';
import { ZONE_TABLE, ZONE_TABLE_FROM_MS, ZONE_TABLE_UNTIL_MS } from './zone-table';

// A module of its own, not part of timezones.ts: the sign-in page's first script lists the timezone
// options (timezones.ts) and reads no offset, so it does not carry the table (about 6 KB gzip).

/**
 * The table of a timezone option's changes (zone-table.ts) when it holds instant `ms`, else null:
 * another zone, or an instant before 1970 or from 2100. Read there rather than through Intl: on the
 * server, Intl reads its time zone data from pages of the node binary (about 7 MB once touched,
 * counted in its resident memory); in the browser, the first formatter built for a zone took about
 * 40 ms of the main thread on a cold load of the transaction list (2-core test machine), on the way
 * to the list's first data request.
 */
export function zoneTableOf(ms: number, tz: string): readonly number[] | null {
  if (!(ms >= ZONE_TABLE_FROM_MS && ms < ZONE_TABLE_UNTIL_MS)) return null;
  return Object.hasOwn(ZONE_TABLE, tz) ? ZONE_TABLE[tz]! : null;
}

/** The offset in a zone's table at instant `ms`, in ms: pairs of (seconds since the epoch, offset in seconds from then on), in time order. */
export function tableOffsetMs(table: readonly number[], ms: number): number {
  const sec = Math.floor(ms / 1000);
  let lo = 0;
  let hi = table.length / 2 - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (table[mid * 2]! <= sec) lo = mid;
    else hi = mid - 1;
  }
  return table[lo * 2 + 1]! * 1000;
}

/** The offset of `tz` at instant `ms`, in ms: from the options' table when it has it (zoneTableOf), else as Intl formats it. */
export function offsetMsAt(ms: number, tz: string): number {
  const table = zoneTableOf(ms, tz);
  return table ? tableOffsetMs(table, ms) : intlOffsetMs(ms, tz);
}
