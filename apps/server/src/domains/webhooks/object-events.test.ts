import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefundPath } from '@mbo/shared/refunds';
import { WEBHOOK_EVENT_KINDS, WebhookPath, type TWebhookObjectEvents } from '@mbo/shared/webhooks';
import { funded, type Funded } from '../../../test/funds-factories';
import { call, createTestApp, type TestContext } from '../../../test/helpers';
import * as disputes from '../disputes/operator-service';
import { moveRefund } from '../refunds/service';
import { emitPaymentEvent } from './outbox';

/*
 * The drawers' "Notifications" (README.md "In the drawers"): the events of one payment, refund or case
 * with a delivery per endpoint, the URL masked; another merchant gets nothing. SQLite and PostgreSQL.
 */

let t: TestContext;
let f: Funded;
let other: Funded;

beforeAll(async () => {
  t = await createTestApp({ config: { webhookAllowLocal: true } });
  f = await funded(t, 1_000_000);
  other = await funded(t, 1_000_000);
  for (const url of ['http://user:secret@127.0.0.1:9/hook?token=abc', 'http://127.0.0.1:9/second']) {
    const added = await call(t.app, WebhookPath.endpointAdd, {
      token: f.token,
      body: { gatewayNo: f.gateway.gatewayNo, url, kinds: [...WEBHOOK_EVENT_KINDS] },
    });
    expect(added.body.code).toBe(0);
  }
});
afterAll(async () => {
  await t.close();
});

async function ask(path: string, query: Record<string, string>, token = f.token) {
  const res = await call<TWebhookObjectEvents>(t.app, `${path}?${new URLSearchParams(query).toString()}`, { token });
  expect(res.body.code).toBe(0);
  return res.body.data.list;
}

describe('events of one object', () => {
  it('a refund, a case and its trade each show their own events with one masked delivery per endpoint', async () => {
    const applied = await call<{ refundNo: string }>(t.app, RefundPath.apply, {
      token: f.token,
      body: { tradeNo: f.tradeNo, amount: '1.00', reason: 'customer asked' },
    });
    expect(applied.body.code).toBe(0);
    const refundNo = applied.body.data.refundNo;
    for (const step of ['audit', 'process', 'succeed'] as const) await moveRefund(t.db, refundNo, step, t.clock.now());
    const now = t.clock.now();
    const chargeback = await disputes.raiseChargeback(t.db, f.tradeNo, { now, amount: 1_000 });
    await disputes.raiseEthocaAlert(t.db, f.tradeNo, { now, amount: 500 });

    const refundEvents = await ask(WebhookPath.refundEvents, { refundNo });
    expect(refundEvents.map((e) => e.kind)).toEqual(['refund.succeeded']);
    expect(refundEvents[0]?.deliveries).toEqual([
      { url: expect.not.stringMatching(/secret|abc/), status: 'pending', attempts: 0, lastHttpStatus: null, lastAttemptAt: null },
      { url: 'http://127.0.0.1:9/second', status: 'pending', attempts: 0, lastHttpStatus: null, lastAttemptAt: null },
    ]);

    // The alert of the same trade is another case: only the chargeback's own event.
    const caseEvents = await ask(WebhookPath.caseEvents, { caseNo: chargeback.caseNo });
    expect(caseEvents.map((e) => e.kind)).toEqual(['chargeback.opened']);
    expect(caseEvents[0]?.deliveries).toHaveLength(2);

    // The trade's drawer shows its payment events only, not its cases' stored under the same number.
    const trade = await t.db.selectFrom('transactions').select('id').where('trade_no', '=', f.tradeNo).executeTakeFirstOrThrow();
    await t.db.transaction().execute((trx) => emitPaymentEvent(trx, trade.id, t.clock.now()));
    expect((await ask(WebhookPath.tradeEvents, { tradeNo: f.tradeNo })).map((e) => e.kind)).toEqual(['payment.succeeded']);
  });

  it('another merchant gets nothing', async () => {
    const cases = await t.db.selectFrom('disputes').select('case_no').where('merchant_id', '=', f.merchant.id).execute();
    const refunds = await t.db.selectFrom('refunds').select('refund_no').where('merchant_id', '=', f.merchant.id).execute();
    expect(cases.length).toBeGreaterThan(0);
    expect(await ask(WebhookPath.caseEvents, { caseNo: cases[0]?.case_no ?? '' }, other.token)).toEqual([]);
    expect(await ask(WebhookPath.refundEvents, { refundNo: refunds[0]?.refund_no ?? '' }, other.token)).toEqual([]);
    expect(await ask(WebhookPath.tradeEvents, { tradeNo: f.tradeNo }, other.token)).toEqual([]);
  });
});
