import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FundsPath, type TWithdrawResult } from '@mbo/shared/funds';
import { RefundPath } from '@mbo/shared/refunds';
import { AppealStatus, PayStatus } from '@mbo/shared/trade-enums';
import { WEBHOOK_EVENT_KINDS, WebhookPath } from '@mbo/shared/webhooks';
import { funded, MONDAY_NOON, type Funded } from '../../../test/funds-factories';
import { call, createTestApp, type TestContext } from '../../../test/helpers';
import { createTransaction } from '../../../test/trade-factories';
import * as disputes from '../disputes/operator-service';
import { runSettlement } from '../funds/settlement';
import { failWithdrawal, payWithdrawal } from '../funds/withdrawals';
import { failRefund, moveRefund } from '../refunds/service';

/*
 * Each write path writes its event in its own transaction (README.md "Kinds and where they come from"),
 * driven the way the operator commands and the API drive them, for a merchant whose endpoint wants
 * every kind; on SQLite and PostgreSQL.
 */

let t: TestContext;
let f: Funded;
const TUESDAY_NOON = MONDAY_NOON + 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ config: { webhookAllowLocal: true } });
  f = await funded(t, 1_000_000);
  const added = await call(t.app, WebhookPath.endpointAdd, {
    token: f.token,
    body: { gatewayNo: f.gateway.gatewayNo, url: 'http://127.0.0.1:9/hook', kinds: [...WEBHOOK_EVENT_KINDS] },
  });
  expect(added.body.code).toBe(0);
});
afterAll(async () => {
  await t.close();
});

async function events() {
  return t.db
    .selectFrom('webhook_events')
    .select(['kind', 'object_no', 'payload'])
    .where('merchant_id', '=', f.merchant.id)
    .orderBy('id')
    .execute();
}

describe('events of the write paths', () => {
  it('payments, refunds, cases and their decisions, alerts, a credited batch and withdrawals each write their event', async () => {
    const paid = await createTransaction(t.db, f.merchant, f.gateway, { created_at: TUESDAY_NOON, amount: 50_000 });
    const declined = await createTransaction(t.db, f.merchant, f.gateway, { created_at: TUESDAY_NOON, pay_status: PayStatus.failed });
    expect((await runSettlement(t.db, '2026-03-03', TUESDAY_NOON + 3_600_000, f.merchant.id)).batches).toBeGreaterThan(0);

    const refund = async () => {
      const res = await call<{ refundNo: string }>(t.app, RefundPath.apply, {
        token: f.token,
        body: { tradeNo: paid.tradeNo, amount: '1.00', reason: 'customer asked' },
      });
      expect(res.body.code).toBe(0);
      return res.body.data.refundNo;
    };
    const good = await refund();
    for (const step of ['audit', 'process', 'succeed'] as const) await moveRefund(t.db, good, step, t.clock.now());
    await failRefund(t.db, await refund(), 'bank refused', t.clock.now());

    const now = t.clock.now();
    const chargeback = await disputes.raiseChargeback(t.db, paid.tradeNo, { now, amount: 1_000 });
    const retrieval = await disputes.raiseRetrieval(t.db, f.tradeNo, { now });
    await disputes.raiseEthocaAlert(t.db, paid.tradeNo, { now, amount: 500 });
    await disputes.raiseRdrAlert(t.db, paid.tradeNo, { now, amount: 500 });
    // A fraud report is no event.
    await disputes.raiseFraudReport(t.db, paid.tradeNo, { now });
    for (const c of [chargeback, retrieval]) {
      await t.db.updateTable('disputes').set({ appeal_status: AppealStatus.underAppeal }).where('id', '=', c.id).execute();
      await disputes.decideAppeal(t.db, c.caseNo, 'success', now);
    }

    const withdraw = async () => {
      const res = await call<TWithdrawResult>(t.app, FundsPath.withdrawApply, {
        token: f.token,
        body: { gatewayNo: f.gateway.gatewayNo, amount: '20.00', bankAccountId: f.bankId },
      });
      expect(res.body.code).toBe(0);
      return res.body.data.withdrawalNo;
    };
    const w1 = await withdraw();
    await payWithdrawal(t.db, w1, now);
    const w2 = await withdraw();
    await failWithdrawal(t.db, w2, 'account closed', now);

    const got = await events();
    expect(got.map((e) => e.kind).sort()).toEqual(
      [
        'payment.succeeded',
        'payment.failed',
        'settlement.credited',
        // The RDR alert's refund is a refund too.
        'refund.succeeded',
        'refund.succeeded',
        'refund.failed',
        'chargeback.opened',
        'retrieval.opened',
        'alert.ethoca',
        'alert.rdr',
        'chargeback.decided',
        'retrieval.decided',
        'withdrawal.paid',
        'withdrawal.failed',
      ].sort(),
    );
    const by = (kind: string) => got.filter((e) => e.kind === kind).map((e) => e.object_no);
    expect(by('payment.failed')).toEqual([declined.tradeNo]);
    expect(by('refund.failed')).toHaveLength(1);
    expect(by('withdrawal.paid')).toEqual([w1]);
    expect(by('withdrawal.failed')).toEqual([w2]);
    expect(by('chargeback.opened')).toEqual([paid.tradeNo]);
    // Every event is waiting for the endpoint, and none carries a full card number.
    const pending = await t.db.selectFrom('webhook_deliveries').select('status').where('merchant_id', '=', f.merchant.id).execute();
    expect(pending.every((d) => d.status === 'pending')).toBe(true);
    expect(pending).toHaveLength(got.length);
    for (const e of got) {
      const data = JSON.parse(e.payload) as { cardNo?: string };
      if (e.kind.startsWith('payment.')) expect(data.cardNo).toMatch(/^\d{6}\*{6}\d{4}$/);
      expect(e.payload).not.toContain('4111111111111111');
    }
  });
});
