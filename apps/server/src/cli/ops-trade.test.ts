import { describe, expect, it } from 'vitest';
import { RefundPath } from '@mbo/shared/refunds';
import { RefundProcessing } from '@mbo/shared/trade-enums';
import { createAdmin, createGateway, createMerchant } from '../../test/factories';
import { opsOf } from '../../test/ops-harness';
import { call, signIn, testAppForFile } from '../../test/helpers';
import { createTransaction } from '../../test/trade-factories';

/* The trade commands run in-process against the test database, as `npm run ops -- ...` runs them. */

const t = testAppForFile();
const ops = opsOf(t);

describe('trade operator commands', () => {
  it('lists every trade command in --help', async () => {
    const { code, out } = await ops('--help');
    expect(code).toBe(0);
    for (const c of [
      'refund:list',
      'refund:audit',
      'refund:process',
      'refund:succeed',
      'refund:fail',
      'dispute:chargeback',
      'dispute:retrieval',
      'dispute:fraud-report',
      'alert:rdr',
      'alert:ethoca',
      'retrieval:convert',
      'appeal:decide',
    ])
      expect(out).toContain(c);
  });

  it('moves a refund to refunded, and refuses steps out of order with exit code 1', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m);
    const token = await signIn(t.app, await createAdmin(t.db, m));
    const tx = await createTransaction(t.db, m, g, { amount: 3_000 });
    const applied = await call<{ refundNo: string }>(t.app, RefundPath.apply, {
      token,
      body: { tradeNo: tx.tradeNo, amount: '12.50', reason: 'return' },
    });
    const no = applied.body.data.refundNo;
    expect((await ops('refund:list', '--status', 'pending-review')).out).toContain(no);
    const early = await ops('refund:succeed', no);
    expect(early.code).toBe(1);
    expect(early.err).toContain('not in a state');
    for (const step of ['refund:audit', 'refund:process', 'refund:succeed']) expect((await ops(step, no)).code).toBe(0);
    const r = await t.db.selectFrom('refunds').select('status').where('refund_no', '=', no).executeTakeFirstOrThrow();
    expect(r.status).toBe(RefundProcessing.refunded);
    const row = await t.db
      .selectFrom('transactions')
      .select(['refunded_amount', 'refund_pending_amount'])
      .where('id', '=', tx.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ refunded_amount: 1_250, refund_pending_amount: 0 });
  });

  it('raises a chargeback with a reminder at once when the deadline is near; bad input exits with 2', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m);
    const tx = await createTransaction(t.db, m, g);
    const res = await ops('dispute:chargeback', tx.tradeNo, '--amount', '60.00', '--reason-code', '10.4', '--deadline-days', '3');
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/raised chargeback CB\d{8}[0-9A-F]{10}/);
    expect(res.out).toContain('deadline reminders written: 1');
    const d = await t.db.selectFrom('disputes').selectAll().where('transaction_id', '=', tx.id).executeTakeFirstOrThrow();
    expect([d.chargeback_amount, d.reason_code]).toEqual([6_000, '10.4']);
    expect((await ops('dispute:chargeback', tx.tradeNo, '--amount', '1.234')).code).toBe(2);
    expect((await ops('dispute:chargeback', 'NOPE123')).err).toContain('no transaction NOPE123');
    expect((await ops('appeal:decide', d.case_no, '--result', 'maybe')).code).toBe(2);
    expect((await ops('appeal:decide', d.case_no, '--result', 'success')).err).toContain('not under appeal');
    expect((await ops('refund:fail', 'RF1')).code).toBe(2);
  });
});
