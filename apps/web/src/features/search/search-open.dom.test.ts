import { describe, expect, it } from 'vitest';
import type { TSearchHit } from '@mbo/shared/search';
import { openAddress } from './search-open';
import { clearRecent, readRecent, rememberSearch, RECENT_MAX } from './recent-searches';

const hit = (o: Partial<TSearchHit>): TSearchHit => ({
  kind: 'transaction',
  id: 'T1',
  matched: 'tradeNo',
  status: 1,
  amount: 100,
  currency: 'USD',
  // 20:30 UTC is the next day in Shanghai.
  at: '2026-10-01T20:30:00.000Z',
  detail: '',
  screen: '/merTradeMgr/initTradeRecordPage',
  tradeNo: null,
  ...o,
});

describe('openAddress', () => {
  it('opens the drawer of a payment, refund, case, batch and the payments of a link', () => {
    expect(openAddress(hit({}))).toBe('/merTradeMgr/initTradeRecordPage?detail=T1');
    expect(openAddress(hit({ kind: 'refund', id: 'RF1', screen: '/refundment/forwardRefundmentList' }))).toBe(
      '/refundment/forwardRefundmentList?detail=RF1',
    );
    expect(openAddress(hit({ kind: 'batch', id: 'SB1', screen: '/merDailySettleDetail/initShowListPage' }))).toBe(
      '/merDailySettleDetail/initShowListPage?batch=SB1',
    );
    expect(openAddress(hit({ kind: 'link', id: 'k', screen: '/shortcutPayment/initManageLinks' }))).toBe(
      '/shortcutPayment/initManageLinks?payments=k',
    );
  });

  it("narrows a screen without a drawer to the record and its day in the user's timezone", () => {
    expect(openAddress(hit({ kind: 'withdrawal', id: 'W1', screen: '/withdraw/forwardWithdrawList' }), 'Asia/Shanghai')).toBe(
      '/withdraw/forwardWithdrawList?withdrawalNo=W1&from=2026-10-02&to=2026-10-02',
    );
    expect(openAddress(hit({ kind: 'withdrawal', id: 'W1', screen: '/w' }), 'UTC')).toBe(
      '/w?withdrawalNo=W1&from=2026-10-01&to=2026-10-01',
    );
    expect(openAddress(hit({ kind: 'complaint', id: 'CP1', status: 2, tradeNo: 'T9', screen: '/c' }), 'UTC')).toBe(
      '/c?tradeNo=T9&status=2&process=CP1&from=2026-10-01&to=2026-10-01',
    );
    expect(openAddress(hit({ kind: 'blacklist', id: 'a@b.example', status: 'email', screen: '/b' }))).toBe(
      '/b?value=a%40b.example&type=email',
    );
  });
});

describe('recent searches', () => {
  it('keeps the newest first, once each, at most ten, per person', () => {
    clearRecent('1:1');
    for (let i = 0; i < 12; i += 1) rememberSearch('1:1', `q${i}`);
    rememberSearch('1:1', ' q5 ');
    const kept = readRecent('1:1');
    expect(kept).toHaveLength(RECENT_MAX);
    expect(kept.slice(0, 2)).toEqual(['q5', 'q11']);
    expect(readRecent('1:2')).toEqual([]);
    clearRecent('1:1');
    expect(readRecent('1:1')).toEqual([]);
  });
});
