import type { TSearchHit, TSearchKind } from '@mbo/shared/search';
import { parseTime } from '../../platform/format';

/**
 * The address that opens a hit on its own screen, from that screen's URL state (platform/list-url-state.ts):
 * the drawer of a payment, refund, case or settlement batch, a link's payments; a screen without a drawer
 * opens filtered to the record (its number and its day in the user's timezone), so it is the only row.
 */
/** Kinds whose screen opens the record by one URL key: its drawer, a link's payments, or the list narrowed to it. */
const BY_KEY: Partial<Record<TSearchKind, string>> = {
  transaction: 'detail',
  refund: 'detail',
  dispute: 'detail',
  batch: 'batch',
  link: 'payments',
  website: 'url',
};
/** Kinds whose list is narrowed to the record by its number and its day (the list's own date range). */
const BY_KEY_ON_DAY: Partial<Record<TSearchKind, string>> = { withdrawal: 'withdrawalNo', waybill: 'trackingNo' };

export function openAddress(hit: TSearchHit, tz?: string): string {
  const params = new URLSearchParams();
  const day = hit.at ? parseTime(hit.at, 'YYYY-MM-DD', tz) : '';
  const key = BY_KEY[hit.kind] ?? BY_KEY_ON_DAY[hit.kind];
  if (key !== undefined) params.set(key, hit.id);
  if (hit.kind === 'complaint') {
    // Its payment narrows the list to it; its status, since the screen opens on pending ones.
    if (hit.tradeNo) params.set('tradeNo', hit.tradeNo);
    if (hit.status !== null) params.set('status', String(hit.status));
    params.set('process', hit.id);
  }
  if (hit.kind === 'blacklist') {
    params.set('value', hit.id);
    if (typeof hit.status === 'string') params.set('type', hit.status);
  }
  if (day !== '' && (hit.kind === 'complaint' || BY_KEY_ON_DAY[hit.kind] !== undefined)) {
    params.set('from', day);
    params.set('to', day);
  }
  return `${hit.screen}?${params.toString()}`;
}
