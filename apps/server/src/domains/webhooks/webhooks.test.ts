import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TListPage } from '@mbo/shared/list';
import { PayStatus } from '@mbo/shared/trade-enums';
import { WEBHOOK_HEADERS, WebhookPath, type TWebhookAttempt, type TWebhookDelivery, type TWebhookEndpoint } from '@mbo/shared/webhooks';
import { createAdmin, createGateway, createMerchant, type AdminRow, type GatewayRow, type MerchantRow } from '../../../test/factories';
import { call, createTestApp, signIn, type TestContext } from '../../../test/helpers';
import { createTransaction } from '../../../test/trade-factories';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver';
import { dateInZone, DAY_MS } from '../../platform/time';
import { webhookWorkerDeps } from './service';
import { deliverDue, RETRY_WINDOW_MS } from './worker';

/*
 * Payment notifications end to end (README.md), on SQLite and PostgreSQL: endpoints through the API,
 * events written by the real write paths, the worker sending to a real receiver on 127.0.0.1, with the
 * test's clock driving backoff and the 3-day window.
 */

let t: TestContext;
let rx: Receiver;
let merchant: MerchantRow;
let gateway: GatewayRow;
let owner: AdminRow;
let token: string;
let verifyWebhook: (key: string, headers: Record<string, unknown>, body: string, now?: number) => unknown;

/** The receiver example of README.md, as a merchant would copy it. */
async function loadReadmeExample() {
  const readme = fs.readFileSync(new URL('./README.md', import.meta.url), 'utf8');
  const code = /## Receiver example[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!code) throw new Error('README has no receiver example');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-rx-')), 'verify.mjs');
  fs.writeFileSync(file, code);
  const mod = (await import(pathToFileURL(file).href)) as { verifyWebhook: typeof verifyWebhook };
  return mod.verifyWebhook;
}

beforeAll(async () => {
  t = await createTestApp({ config: { webhookAllowLocal: true, webhookTimeoutMs: 5_000 } });
  rx = await startReceiver();
  merchant = await createMerchant(t.db);
  gateway = await createGateway(t.db, merchant);
  owner = await createAdmin(t.db, merchant, { isOwner: true });
  token = await signIn(t.app, owner);
  verifyWebhook = await loadReadmeExample();
});
afterAll(async () => {
  await rx.close();
  await t.close();
});

const deps = () => webhookWorkerDeps(t.app, () => 0.5);
const run = () => deliverDue(deps());

async function addEndpoint(url: string, kinds: string[], o: { tok?: string; gatewayNo?: string } = {}) {
  const res = await call<{ id: number }>(t.app, WebhookPath.endpointAdd, {
    token: o.tok ?? token,
    lang: 'en_US',
    body: { gatewayNo: o.gatewayNo ?? gateway.gatewayNo, url, kinds },
  });
  return res.body;
}

/** Only one endpoint of the test gateway listens at a time: the others are disabled. */
async function onlyEndpoint(url: string, kinds: string[]) {
  await t.db.updateTable('webhook_endpoints').set({ enabled: 0 }).where('gateway_id', '=', gateway.id).execute();
  const added = await addEndpoint(url, kinds);
  expect(added.code).toBe(0);
  return added.data.id;
}

async function deliveries(q: Record<string, string> = {}, tok = token) {
  const today = dateInZone(t.clock.now(), 'Asia/Shanghai');
  const res = await call<TListPage<TWebhookDelivery>>(t.app, WebhookPath.deliveries, {
    token: tok,
    query: { from: today, to: today, ...q },
  });
  expect(res.body.code).toBe(0);
  return res.body.data.list;
}

const signKey = async () =>
  (await t.db.selectFrom('merchants').select('sign_key').where('id', '=', merchant.id).executeTakeFirstOrThrow()).sign_key;

describe('payment notifications', () => {
  it('sends a payment to the endpoint, signed so that the README receiver accepts it, with no full card number', async () => {
    await onlyEndpoint(rx.url('/ok'), ['payment.succeeded']);
    const before = rx.received.length;
    const trade = await createTransaction(t.db, merchant, gateway, { card_first6: '411111', card_last4: '1111' });
    expect(await run()).toBe(1);
    const got = rx.received.slice(before);
    expect(got).toHaveLength(1);
    const [req] = got;
    if (!req) throw new Error('nothing received');
    const event = verifyWebhook(await signKey(), req.headers, req.body, Math.floor(t.clock.now() / 1000)) as {
      id: string;
      kind: string;
      data: Record<string, unknown>;
    };
    expect(event).toMatchObject({
      kind: 'payment.succeeded',
      data: { tradeNo: trade.tradeNo, amount: 10_000, cardNo: '411111******1111' },
    });
    expect(req.headers[WEBHOOK_HEADERS.id]).toBe(event.id);
    expect(req.body).not.toContain('4111111111111111');
    // Tampered body or another key: refused by the same example.
    expect(verifyWebhook(await signKey(), req.headers, req.body.replace('10000', '10001'), Math.floor(t.clock.now() / 1000))).toBeNull();
    expect(verifyWebhook('0'.repeat(32), req.headers, req.body, Math.floor(t.clock.now() / 1000))).toBeNull();

    const [row] = await deliveries({ kind: 'payment.succeeded' });
    expect(row).toMatchObject({ eventId: event.id, status: 'delivered', attempts: 1, lastHttpStatus: 200, objectNo: trade.tradeNo });
    const attempts = await call<{ list: TWebhookAttempt[] }>(t.app, WebhookPath.attempts, {
      token,
      query: { deliveryId: String(row?.id) },
    });
    expect(attempts.body.data.list).toMatchObject([{ httpStatus: 200, answer: 'ok', error: '' }]);
  });

  it('writes no event when the change rolls back, and none for a kind nobody wants', async () => {
    await onlyEndpoint(rx.url('/ok'), ['refund.succeeded']);
    const events = async () =>
      Number(
        (
          await t.db
            .selectFrom('webhook_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n = await events();
    await createTransaction(t.db, merchant, gateway);
    expect(await events()).toBe(n);
    await onlyEndpoint(rx.url('/ok'), ['payment.succeeded']);
    // The same trade number twice: the unique index refuses the second record, which rolls back whole.
    const first = await createTransaction(t.db, merchant, gateway);
    await expect(createTransaction(t.db, merchant, gateway, { trade_no: first.tradeNo })).rejects.toThrow();
    expect(await events()).toBe(n + 1);
    await run();
  });

  it('retries with doubling, jittered waits, then fails the delivery after 3 days, disables the endpoint and mails the owner', async () => {
    const endpointId = await onlyEndpoint(rx.url('/fail'), ['payment.failed']);
    const start = t.clock.now();
    await createTransaction(t.db, merchant, gateway, { pay_status: PayStatus.failed });
    const waits: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      expect(await run()).toBe(1);
      const d = await t.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).executeTakeFirstOrThrow();
      if (d.status !== 'pending') break;
      const next = Number(d.next_attempt_at);
      waits.push(next - t.clock.now());
      // Not yet due: nothing is sent a moment before.
      t.clock.set(next - 1);
      expect(await run()).toBe(0);
      t.clock.set(next);
    }
    // random() = 0.5: three quarters of 30 s, 60 s, 120 s, ... up to 6 h.
    expect(waits.slice(0, 4)).toEqual([22_500, 45_000, 90_000, 180_000]);
    expect(Math.max(...waits)).toBe(0.75 * 6 * 3_600_000);
    expect(t.clock.now() - start).toBeGreaterThanOrEqual(RETRY_WINDOW_MS);
    const d = await t.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).executeTakeFirstOrThrow();
    expect(d).toMatchObject({ status: 'failed', last_http_status: 500, attempts: waits.length + 1 });
    // Three days later the session of the test's owner has long expired.
    token = await signIn(t.app, owner);
    const endpoints = await call<{ list: TWebhookEndpoint[] }>(t.app, WebhookPath.endpoints, { token });
    expect(endpoints.body.data.list.find((e) => e.id === endpointId)).toMatchObject({ enabled: false, disabledReason: 'failing' });
    await t.app.background.idle();
    const mail = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_addr', '=', `${owner.loginName}@example.test`)
      .executeTakeFirst();
    expect(mail?.subject).toContain('支付通知');
    expect(mail?.text_body).toContain(rx.url('/fail'));
  });

  it('gives one delivery up after 3 days of failures while the endpoint, answering the others, stays enabled', async () => {
    const endpointId = await onlyEndpoint(rx.url('/picky'), ['payment.succeeded', 'payment.failed']);
    const refused = await createTransaction(t.db, merchant, gateway, { pay_status: PayStatus.failed });
    const start = t.clock.now();
    const state = () =>
      t.db.selectFrom('webhook_deliveries').select('status').where('object_no', '=', refused.tradeNo).executeTakeFirstOrThrow();
    // 3 days are 12 rounds of 6 hours; a few more at most, never an endless loop when the window is lost.
    for (let round = 0; round < 20 && (await state()).status === 'pending'; round += 1) {
      // Another payment every 6 hours, which the endpoint takes.
      await createTransaction(t.db, merchant, gateway);
      await run();
      t.clock.advance(6 * 3_600_000);
    }
    expect((await state()).status).toBe('failed');
    expect(t.clock.now() - start).toBeGreaterThanOrEqual(RETRY_WINDOW_MS);
    const endpoint = await t.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', endpointId).executeTakeFirstOrThrow();
    expect(endpoint).toMatchObject({ enabled: 1, disabled_reason: '' });
    token = await signIn(t.app, owner);
  });

  it('delivers the events of one object in order, while another object is not held up', async () => {
    await onlyEndpoint(rx.url('/switch'), ['payment.succeeded', 'payment.failed', 'refund.succeeded', 'alert.rdr']);
    rx.switchStatus = 500;
    const a = await createTransaction(t.db, merchant, gateway);
    // A second event about the same trade: an RDR alert on it (ordered with its trade).
    const { raiseRdrAlert } = await import('../disputes/operator-service');
    await raiseRdrAlert(t.db, a.tradeNo, { now: t.clock.now() });
    const b = await createTransaction(t.db, merchant, gateway);
    const before = rx.received.length;
    // First pass: the first event of trade a (failing), the alert's refund and trade b's; the alert waits.
    const made = await run();
    expect(made).toBe(3);
    const kinds = () => rx.received.slice(before).map((r) => `${(JSON.parse(r.body) as { kind: string }).kind}`);
    expect(kinds().sort()).toEqual(['payment.succeeded', 'payment.succeeded', 'refund.succeeded'].sort());
    void b;
    rx.switchStatus = 200;
    t.clock.advance(DAY_MS);
    await run();
    token = await signIn(t.app, owner);
    const forA = rx.received
      .slice(before)
      .map((r) => JSON.parse(r.body) as { kind: string; data: { tradeNo?: string } })
      .filter((e) => e.data.tradeNo === a.tradeNo && e.kind !== 'refund.succeeded')
      .map((e) => e.kind);
    expect(forA).toEqual(['payment.succeeded', 'payment.succeeded', 'alert.rdr']);
  });
});
