import { describe, expect, it } from 'vitest';
import { withdrawAmountProblem } from './components/withdraw-apply-dialog';
import { causeLink } from './pages/entry-list-page';

describe('withdrawal amount rule (spec §5) in the form', () => {
  const usd = { currency: 'USD', available: 10_000, minimum: 1_000, fee: 500 };
  it('refuses what the server would refuse, with the reason', () => {
    expect(withdrawAmountProblem('', usd)).toBe('required');
    for (const bad of ['30.001', '30,00', '-30', '1e3', '0', 'abc']) expect(withdrawAmountProblem(bad, usd), bad).toBe('invalid');
    expect(withdrawAmountProblem('9.99', usd)).toBe('belowMinimum');
    expect(withdrawAmountProblem('100.01', usd)).toBe('insufficient');
    expect(withdrawAmountProblem('100.00', usd)).toBeNull();
    // An admin who may not see balances is not told about them: the server decides.
    expect(withdrawAmountProblem('100.01', usd, false)).toBeNull();
    // Thousands grouping is accepted as typed.
    expect(withdrawAmountProblem('1,000.00', { ...usd, available: 1_000_000 })).toBeNull();
    // No minimum below the fee plus one cent.
    expect(withdrawAmountProblem('5.00', { ...usd, minimum: 100 })).toBe('belowMinimum');
    expect(withdrawAmountProblem('12.5', { currency: 'JPY', available: 10_000, minimum: 1_000, fee: 500 })).toBe('invalid');
  });
});

describe('recorded entries link each entry to its cause', () => {
  it('opens the screen of the transaction, refund, case, batch or withdrawal, filtered to it', () => {
    const at = '2026-03-02T04:00:00.000Z';
    expect(causeLink({ refType: 'transaction', refNo: 'T1', occurredAt: at })).toBe(
      '/merTradeMgr/initTradeRecordPage?tradeNo=T1&from=2026-03-02&to=2026-03-02',
    );
    expect(causeLink({ refType: 'batch', refNo: 'SB1', occurredAt: at })).toBe('/merDailySettleDetail/initShowListPage?batch=SB1');
    expect(causeLink({ refType: 'withdrawal', refNo: 'WD1', occurredAt: at })).toContain('/withdraw/forwardWithdrawList?withdrawalNo=WD1');
    expect(causeLink({ refType: 'reserve', refNo: '7', occurredAt: at })).toBeNull();
  });
});
