import type { TSearchHit } from '@mbo/shared/search';
import { parseTime } from '../../platform/format';

/**
 * The address that opens a hit on its own screen, from that screen's URL state (platform/list-url-state.ts):
 * the drawer of a payment, refund, case or settlement batch, a link's payments; a screen without a drawer
 * opens filtered to the record (its number and its day in the user's timezone), so it is the only row.
 */
export function openAddress(hit: TSearchHit, tz?: string): string {
  const params = new URLSearchParams();
  const day = hit.at ? parseTime(hit.at, 'YYYY-MM-DD', tz) : '';
  const onDay = () => {
    if (day !== '') {
      params.set('from', day);
      params.set('to', day);
    }
  };
  switch (hit.kind) {
    case 'transaction':
    case 'refund':
    case 'dispute':
      params.set('detail', hit.id);
      break;
    case 'batch':
      params.set('batch', hit.id);
      break;
    case 'link':
      params.set('payments', hit.id);
      break;
    case 'withdrawal':
      params.set('withdrawalNo', hit.id);
      onDay();
      break;
    case 'waybill':
      params.set('trackingNo', hit.id);
      onDay();
      break;
    case 'complaint':
      // Its payment narrows the list to it; its status, since the screen opens on pending ones.
      if (hit.tradeNo) params.set('tradeNo', hit.tradeNo);
      if (hit.status !== null) params.set('status', String(hit.status));
      params.set('process', hit.id);
      onDay();
      break;
    case 'website':
      params.set('url', hit.id);
      break;
    case 'blacklist':
      params.set('value', hit.id);
      if (typeof hit.status === 'string') params.set('type', hit.status);
      break;
  }
  return `${hit.screen}?${params.toString()}`;
}
