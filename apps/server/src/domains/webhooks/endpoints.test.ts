import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TListPage } from '@mbo/shared/list';
import {
  WebhookPath,
  type TWebhookAttempt,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookTestResult,
} from '@mbo/shared/webhooks';
import { createAdmin, createGateway, createMerchant, createRole, type GatewayRow, type MerchantRow } from '../../../test/factories';
import { call, createTestApp, signIn, type TestContext } from '../../../test/helpers';
import { createTransaction } from '../../../test/trade-factories';
import { startReceiver, type Receiver } from '../../../test/webhook-receiver';
import { dateInZone } from '../../platform/time';
import { maskUrl, sendWebhook } from './sender';
import { webhookWorkerDeps } from './service';
import { deliverDue } from './worker';

/*
 * The endpoints screen's routes (README.md): the test button against a receiver answering 200, 500, a
 * redirect and nothing; resend; another merchant's ids; bad input; and the refusal of local addresses
 * in production mode, on SQLite and PostgreSQL.
 */

let t: TestContext;
let rx: Receiver;
let merchant: MerchantRow;
let gateway: GatewayRow;
let token: string;
let otherToken: string;
let otherGateway: GatewayRow;

beforeAll(async () => {
  t = await createTestApp({ config: { webhookAllowLocal: true, webhookTimeoutMs: 1_500 } });
  rx = await startReceiver({ slowMs: 10_000 });
  merchant = await createMerchant(t.db);
  gateway = await createGateway(t.db, merchant);
  token = await signIn(t.app, await createAdmin(t.db, merchant, { isOwner: true }));
  const other = await createMerchant(t.db);
  otherGateway = await createGateway(t.db, other);
  otherToken = await signIn(t.app, await createAdmin(t.db, other, { isOwner: true }));
});
afterAll(async () => {
  await rx.close();
  await t.close();
});

const post = <T>(p: string, body: unknown, tok = token) => call<T>(t.app, p, { token: tok, lang: 'en_US', body });
const run = () => deliverDue(webhookWorkerDeps(t.app, () => 0.5));
const today = () => dateInZone(t.clock.now(), 'Asia/Shanghai');

async function add(url: string, kinds: string[] = ['payment.succeeded']) {
  const res = await post<{ id: number }>(WebhookPath.endpointAdd, { gatewayNo: gateway.gatewayNo, url, kinds });
  expect(res.body.code).toBe(0);
  return res.body.data.id;
}

async function endpoints(tok = token) {
  return (await call<{ list: TWebhookEndpoint[] }>(t.app, WebhookPath.endpoints, { token: tok })).body.data.list;
}

async function deliveries(tok = token, q: Record<string, string> = {}) {
  const res = await call<TListPage<TWebhookDelivery>>(t.app, WebhookPath.deliveries, {
    token: tok,
    query: { from: today(), to: today(), ...q },
  });
  expect(res.body.code).toBe(0);
  return res.body.data.list;
}

describe('notification endpoints', () => {
  it('"send test event" shows what the endpoint answered: 200, 500, a redirect not followed, no answer', async () => {
    const test = async (path: string) => {
      const id = await add(rx.url(path));
      const res = await post<TWebhookTestResult>(WebhookPath.endpointTest, { id });
      expect(res.body.code).toBe(0);
      return res.body.data;
    };
    expect(await test('/ok')).toMatchObject({ httpStatus: 200, answer: 'ok', error: '' });
    expect(await test('/fail')).toMatchObject({ httpStatus: 500, answer: 'boom' });
    const okHits = rx.received.filter((r) => r.path === '/ok').length;
    expect(await test('/redirect')).toMatchObject({ httpStatus: 302 });
    expect(rx.received.filter((r) => r.path === '/ok').length).toBe(okHits);
    expect(await test('/hang')).toMatchObject({ httpStatus: null, error: 'timeout' });
    expect(await test('/slow')).toMatchObject({ httpStatus: null, error: 'timeout' });
    // In the log, each once, never retried.
    const tests = await deliveries(token, { kind: 'test' });
    expect(tests.map((d) => d.status).sort()).toEqual(['delivered', 'failed', 'failed', 'failed', 'failed']);
    expect(await run()).toBe(0);
  });

  it('resends one event and every failed one of a period; another merchant sees and resends none of them', async () => {
    const [failed] = await deliveries(token, { kind: 'test', status: 'failed' });
    if (!failed) throw new Error('no failed test event');
    // Another merchant: nothing listed, its ids are "not found", nothing changes.
    expect(await deliveries(otherToken)).toEqual([]);
    expect(
      (
        await call<{ list: TWebhookAttempt[] }>(t.app, WebhookPath.attempts, {
          token: otherToken,
          query: { deliveryId: String(failed.id) },
        })
      ).body.data.list,
    ).toEqual([]);
    const refused = await post(WebhookPath.resend, { deliveryId: failed.id }, otherToken);
    expect(refused.body.code).not.toBe(0);
    expect(refused.body.msg).toBe('Notification not found');
    expect((await post<{ queued: number }>(WebhookPath.resendFailed, { from: today(), to: today() }, otherToken)).body.data.queued).toBe(0);
    for (const e of await endpoints()) {
      const other = await post(
        WebhookPath.endpointEdit,
        { id: e.id, url: 'https://evil.example.com/', kinds: ['payment.failed'] },
        otherToken,
      );
      expect(other.body.msg).toBe('Endpoint not found');
      expect((await post(WebhookPath.endpointDelete, { id: e.id }, otherToken)).body.msg).toBe('Endpoint not found');
    }
    expect((await endpoints()).every((e) => !e.url.includes('evil'))).toBe(true);

    // The owner: the failed one sent again (the receiver got the same event id), then all failed ones.
    const before = rx.received.length;
    expect((await post(WebhookPath.resend, { deliveryId: failed.id })).body.code).toBe(0);
    expect((await post(WebhookPath.resend, { deliveryId: failed.id })).body.msg).toBe('This notification is already waiting to be sent');
    await run();
    expect(rx.received.slice(before).map((r) => r.headers['x-webhook-id'])).toContain(failed.eventId);
    const all = await post<{ queued: number }>(WebhookPath.resendFailed, { from: today(), to: today() });
    expect(all.body.data.queued).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad input with a translated message and changes nothing', async () => {
    const count = (await endpoints()).length;
    const cases: [unknown, string][] = [
      [
        { gatewayNo: gateway.gatewayNo, url: 'ftp://shop.example.com/', kinds: ['payment.succeeded'] },
        'The endpoint must be a valid address',
      ],
      [{ gatewayNo: gateway.gatewayNo, url: 'https://shop.example.com/', kinds: [] }, 'Choose at least one kind of event'],
      [{ gatewayNo: gateway.gatewayNo, url: 'https://shop.example.com/', kinds: ['payment.sent'] }, ''],
      [{ gatewayNo: otherGateway.gatewayNo, url: 'https://shop.example.com/', kinds: ['payment.succeeded'] }, 'Gateway not found'],
    ];
    for (const [body, msg] of cases) {
      const res = await post(WebhookPath.endpointAdd, body);
      expect(res.status).toBeLessThan(500);
      expect(res.body.code).not.toBe(0);
      expect(res.body.msg).toContain(msg);
    }
    const zh = await call(t.app, WebhookPath.endpointAdd, {
      token,
      lang: 'zh_CN',
      body: { gatewayNo: gateway.gatewayNo, url: 'ftp://x', kinds: ['payment.succeeded'] },
    });
    expect(zh.body.msg).toContain('通知地址');
    expect((await endpoints()).length).toBe(count);
  });

  it('needs the screen to read and Webhook:Edit to change', async () => {
    const role = await createRole(t.db, merchant, { permissions: ['/webhook/showWebhooks'] });
    const reader = await signIn(t.app, await createAdmin(t.db, merchant, { roleId: role.id }));
    const read = await call<{ gateways: string[] }>(t.app, WebhookPath.endpoints, { token: reader });
    // The gateways an endpoint may be added for: the caller's own, never another merchant's.
    expect(read.body.data.gateways).toEqual([gateway.gatewayNo]);
    const res = await post(
      WebhookPath.endpointAdd,
      { gatewayNo: gateway.gatewayNo, url: rx.url('/ok'), kinds: ['payment.succeeded'] },
      reader,
    );
    expect(res.status).toBe(403);
  });

  it('hides the secrets of a URL wherever it is shown', async () => {
    const id = await add(rx.url('/ok').replace('http://', 'http://user:pw@') + '?token=s3cret');
    const shown = (await endpoints()).find((e) => e.id === id);
    expect(shown?.url).toBe(maskUrl(rx.url('/ok').replace('http://', 'http://user:pw@') + '?token=s3cret'));
    expect(shown?.url).not.toMatch(/pw|s3cret/);
    await createTransaction(t.db, merchant, gateway);
    await run();
    // The receiver still gets what the URL carries.
    expect(rx.received.some((r) => r.headers.authorization === `Basic ${Buffer.from('user:pw').toString('base64')}`)).toBe(true);
    expect((await deliveries()).every((d) => !/pw|s3cret/.test(d.url))).toBe(true);
  });
});

describe('production mode', () => {
  let prod: TestContext;
  beforeAll(async () => {
    prod = await createTestApp({ config: { webhookAllowLocal: false } });
  });
  afterAll(async () => {
    await prod.close();
  });

  it('refuses an endpoint on a loopback, private or link-local address, and http://', async () => {
    const m = await createMerchant(prod.db);
    const g = await createGateway(prod.db, m);
    const tok = await signIn(prod.app, await createAdmin(prod.db, m, { isOwner: true }));
    for (const [url, msg] of [
      [rx.url('/ok'), 'must use https://'],
      ['https://127.0.0.1/hook', 'may not point at this machine'],
      ['https://localhost/hook', 'may not point at this machine'],
      ['https://10.1.2.3/hook', 'may not point at this machine'],
      ['https://169.254.169.254/latest', 'may not point at this machine'],
      ['https://[::1]/hook', 'may not point at this machine'],
    ] as const) {
      const res = await call(prod.app, WebhookPath.endpointAdd, {
        token: tok,
        lang: 'en_US',
        body: { gatewayNo: g.gatewayNo, url, kinds: ['payment.succeeded'] },
      });
      expect(res.body.msg).toContain(msg);
    }
    const n = await prod.db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });

  it('checks the resolved address at every attempt: a public name resolving to a private address is not called', async () => {
    const before = rx.received.length;
    const port = new URL(rx.url('/ok')).port;
    const answer = await sendWebhook(
      `https://shop.example.com:${port}/ok`,
      '{}',
      {},
      {
        timeoutMs: 1_000,
        allowLocal: false,
        lookup: () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]),
      },
    );
    expect(answer).toMatchObject({ httpStatus: null, error: 'addressNotAllowed' });
    const mixed = await sendWebhook(
      `https://shop.example.com:${port}/ok`,
      '{}',
      {},
      {
        timeoutMs: 1_000,
        allowLocal: false,
        lookup: () =>
          Promise.resolve([
            { address: '93.184.216.34', family: 4 },
            { address: '192.168.1.5', family: 4 },
          ]),
      },
    );
    expect(mixed.error).toBe('addressNotAllowed');
    expect(rx.received.length).toBe(before);
  });
});
