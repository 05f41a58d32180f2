import { describe, expect, it } from 'vitest';
import {
  FundsPath,
  WithdrawalStatus,
  withdrawCancelPath,
  type TFundsSummary,
  type TWithdrawal,
  type TWithdrawResult,
} from '@mbo/shared/funds';
import type { TListPage } from '@mbo/shared/list';
import { RefundPath } from '@mbo/shared/refunds';
import { createAdmin } from '../../../test/factories';
import { call, testAppForFile, signIn } from '../../../test/helpers';
import { expectLedgerOk, funded, MONDAY_NOON, type Funded } from '../../../test/funds-factories';
import { auditRefund, processRefund, succeedRefund } from '../refunds/service';
import { businessDay } from '../../platform/rollups';
import { readBalances } from './ledger';
import { payWithdrawal } from './withdrawals';

/*
 * Withdrawals: concurrent applications and a refund racing for the same money, fees, cancelling,
 * idempotent retries, refusals and who sees the balances. Settlement and the ledger are
 * settlement.test.ts.
 */

const t = testAppForFile();

const apply = (f: Funded, amount: string, o: { bankId?: number; key?: string; lang?: 'en_US' } = {}) =>
  call<TWithdrawResult>(t.app, FundsPath.withdrawApply, {
    token: f.token,
    body: { gatewayNo: f.gateway.gatewayNo, amount, bankAccountId: o.bankId ?? f.bankId },
    lang: o.lang ?? 'en_US',
    ...(o.key ? { headers: { 'idempotency-key': o.key } } : {}),
  });

const balances = (f: Funded) => readBalances(t.db, { merchantId: f.merchant.id, gatewayId: f.gateway.id, currency: 'USD' });

describe('withdrawals', () => {
  it('50 concurrent applications of 30.00 against 100.00 available: exactly 3 succeed', async () => {
    const f = await funded(t, 10_000);
    const results = await Promise.all(Array.from({ length: 50 }, () => apply(f, '30.00')));
    const okResults = results.filter((r) => r.body.code === 0);
    expect(okResults).toHaveLength(3);
    for (const r of results.filter((x) => x.body.code !== 0)) {
      expect(r.status).toBe(200);
      expect(r.body.msg).toBe('Withdrawable balance insufficient');
    }
    const b = await balances(f);
    expect(b.available).toBe(1_000);
    expect(b.frozen).toBe(9_000);
    const rows = await t.db.selectFrom('withdrawals').select('amount').where('merchant_id', '=', f.merchant.id).execute();
    expect(rows).toHaveLength(3);
    await expectLedgerOk(t);
  });

  it('a withdrawal and a refund racing for the same money: only one gets it', async () => {
    for (let round = 0; round < 3; round += 1) {
      const f = await funded(t, 10_000);
      const refund = await call<{ refundNo: string }>(t.app, RefundPath.apply, {
        token: f.token,
        body: { tradeNo: f.tradeNo, amount: '80.00', reason: 'race' },
      });
      expect(refund.body.code).toBe(0);
      const refundNo = refund.body.data.refundNo;
      await auditRefund(t.db, refundNo, MONDAY_NOON);
      await processRefund(t.db, refundNo, MONDAY_NOON);
      const [w, r] = await Promise.allSettled([apply(f, '50.00'), succeedRefund(t.db, refundNo, MONDAY_NOON + 1)]);
      const withdrew = w.status === 'fulfilled' && w.value.body.code === 0;
      const refunded = r.status === 'fulfilled';
      expect(Number(withdrew) + Number(refunded)).toBe(1);
      const b = await balances(f);
      expect(b.available).toBe(withdrew ? 5_000 : 2_000);
      expect(b.available + b.frozen).toBe(withdrew ? 10_000 : 2_000);
      await expectLedgerOk(t);
    }
  });

  it('shows the fee and the amount received; a pending one can be cancelled once; paid ones show in the list and the summary', async () => {
    const f = await funded(t, 50_000);
    const opts = await call<{
      gateways: { available: number; fee: number; minimum: number }[];
      bankAccounts: { id: number; isDefault: boolean; accountNo: string }[];
    }>(t.app, FundsPath.withdrawOptions, { token: f.token });
    expect(opts.body.data.gateways[0]).toMatchObject({ available: 50_000, fee: 100, minimum: 1_000 });
    expect(opts.body.data.bankAccounts[0]).toMatchObject({ id: f.bankId, isDefault: true, accountNo: '**** 2233' });

    const a = await apply(f, '120.50');
    expect(a.body.data).toMatchObject({ amount: 12_050, fee: 100, received: 11_950, status: WithdrawalStatus.pending });
    const cancel = await call<TWithdrawResult>(t.app, withdrawCancelPath(a.body.data.withdrawalNo), {
      token: f.token,
      method: 'POST',
      lang: 'en_US',
    });
    expect(cancel.body.data.status).toBe(WithdrawalStatus.cancelled);
    const again = await call(t.app, withdrawCancelPath(a.body.data.withdrawalNo), { token: f.token, method: 'POST' });
    expect(again.body.code).not.toBe(0);
    expect((await balances(f)).available).toBe(50_000);

    const b = await apply(f, '200');
    await payWithdrawal(t.db, b.body.data.withdrawalNo, MONDAY_NOON + 10);
    const today = businessDay(t.clock.now());
    const list = await call<TListPage<TWithdrawal>>(t.app, FundsPath.withdrawList, { token: f.token, query: { from: today, to: today } });
    expect(list.body.code).toBe(0);
    const shown = list.body.data.list.map((w) => [w.withdrawalNo, w.status]);
    expect(shown).toContainEqual([b.body.data.withdrawalNo, WithdrawalStatus.success]);
    expect(shown).toContainEqual([a.body.data.withdrawalNo, WithdrawalStatus.cancelled]);

    const s = await call<TFundsSummary>(t.app, FundsPath.summary, { token: f.token });
    const usd = s.body.data.rows.find((r) => r.currency === 'USD');
    expect(usd).toMatchObject({
      withdrawnTotal: 20_000,
      available: 30_000,
      frozen: 0,
      accountBalance: 30_000,
      transactionTotal: 50_000,
      creditedTotal: 50_000,
      fees: 100,
    });
    await expectLedgerOk(t);
  });

  it('a retried request with the same idempotency key withdraws once and answers the same', async () => {
    const f = await funded(t, 10_000);
    const first = await apply(f, '40.00', { key: 'wd-key-1' });
    const second = await apply(f, '40.00', { key: 'wd-key-1' });
    expect(second.body.data).toEqual(first.body.data);
    expect((await balances(f)).frozen).toBe(4_000);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const f = await funded(t, 10_000);
    const other = await funded(t, 10_000);
    const otherWithdrawal = await apply(other, '20.00');
    const before = await balances(f);
    const cases: [string, () => ReturnType<typeof apply>, string][] = [
      ['too many decimals', () => apply(f, '30.001'), 'decimal'],
      ['comma', () => apply(f, '30,00'), ''],
      ['negative', () => apply(f, '-30'), ''],
      ['zero', () => apply(f, '0'), 'valid withdrawal amount'],
      ['below minimum', () => apply(f, '9.99'), 'at least 10.00 USD'],
      ['above available', () => apply(f, '100.01'), 'Withdrawable balance insufficient'],
      ["another merchant's bank account", () => apply(f, '20.00', { bankId: other.bankId }), 'bank account does not exist'],
    ];
    for (const [name, run, text] of cases) {
      const r = await run();
      expect(r.status, name).toBe(200);
      expect(r.body.code, name).not.toBe(0);
      expect(r.body.msg, name).toContain(text);
    }
    const cancelOther = await call(t.app, withdrawCancelPath(otherWithdrawal.body.data.withdrawalNo), {
      token: f.token,
      method: 'POST',
      lang: 'en_US',
    });
    expect(cancelOther.body.msg).toBe('The withdrawal does not exist');
    const range = await call(t.app, FundsPath.withdrawList, { token: f.token, query: { from: '2026-01-01', to: '2026-07-31' } });
    expect(range.body.code).not.toBe(0);
    expect(await balances(f)).toEqual(before);
    expect(await t.db.selectFrom('withdrawals').select('id').where('merchant_id', '=', f.merchant.id).execute()).toHaveLength(0);
    const otherRow = await t.db
      .selectFrom('withdrawals')
      .select('status')
      .where('withdrawal_no', '=', otherWithdrawal.body.data.withdrawalNo)
      .executeTakeFirstOrThrow();
    expect(otherRow.status).toBe(WithdrawalStatus.pending);
  });

  it('an administrator without "may view account dynamics" gets no balances', async () => {
    const f = await funded(t, 10_000);
    const member = await createAdmin(t.db, f.merchant);
    const token = await signIn(t.app, member);
    const s = await call<TFundsSummary>(t.app, FundsPath.summary, { token });
    expect(s.body.data).toEqual({ visible: false, rows: [], releases: [] });
    const card = await call<{ visible: boolean; rows: unknown[] }>(t.app, FundsPath.card, { token });
    expect(card.body.data).toMatchObject({ visible: false, rows: [] });
    const opts = await call<{ balancesVisible: boolean; gateways: { available: number }[] }>(t.app, FundsPath.withdrawOptions, { token });
    expect(opts.body.data.balancesVisible).toBe(false);
    expect(opts.body.data.gateways[0]?.available).toBe(0);
  });
});
