import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { API_BASE, ApiPath } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import { RefundPath } from '@mbo/shared/refunds';
import {
  createAdmin,
  createGateway,
  createMerchant,
  createPerson,
  type AdminRow,
  type GatewayRow,
  type MerchantRow,
} from '../test/factories';
import { call, createTestApp, signIn, withTestApp, type TestContext } from '../test/helpers';
import { dateRangeRoutes, fillParams, propertiesOf, routeCatalog, type CatalogRoute } from '../test/route-catalog';
import { createTransaction } from '../test/trade-factories';
import { buildApp } from './app';
import { createDb } from './db/database';
import { HealthPath } from './platform/health';

/*
 * Regression tests of the hardening issue, on SQLite and PostgreSQL: framework errors in the envelope
 * with the security headers, cache and HSTS headers, health probes, malformed uploads, bad dates on
 * every date-range route, and amounts with a comma.
 */

let t: TestContext;
let merchant: MerchantRow;
let usd: GatewayRow;
let jpy: GatewayRow;
let owner: AdminRow;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  merchant = await createMerchant(t.db);
  usd = await createGateway(t.db, merchant, { currency: 'USD' });
  jpy = await createGateway(t.db, merchant, { currency: 'JPY' });
  owner = await createAdmin(t.db, merchant, { personId: (await createPerson(t.db)).id, isOwner: true });
  token = await signIn(t.app, owner);
});
afterAll(async () => {
  await t.close();
});

function expectSecurityHeaders(res: LightMyRequestResponse): void {
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('every answer is the envelope, with the same headers', () => {
  it('a path parameter over the length limit (was 414 with the framework body)', async () => {
    const res = await t.app.inject({
      url: `${API_BASE}/merchant/gateways/${'9'.repeat(150)}`,
      headers: { 'x-auth-token': token, lang: 'en_US' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: ErrorCode.validation, msg: 'Path parameters must be at most 100 characters', data: null });
    expectSecurityHeaders(res);
  });

  it('a URL that does not decode (was 400 with the framework body)', async () => {
    for (const url of [`${API_BASE}/merchant/gateways/%E0%A4%A`, `${API_BASE}/%zz`]) {
      const res = await t.app.inject({ url, headers: { lang: 'en_US' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: ErrorCode.validation, msg: 'The request is malformed', data: null });
      expectSecurityHeaders(res);
    }
  });

  it('an unknown API path, and errors of every kind', async () => {
    const notFound = await t.app.inject({ url: `${API_BASE}/no/such/thing`, headers: { lang: 'en_US' } });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ code: ErrorCode.notFound, msg: 'The requested interface does not exist', data: null });
    expectSecurityHeaders(notFound);
    const unauthorized = await t.app.inject({ url: `${API_BASE}${ApiPath.getInfo}` });
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized);
    const badJson = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${ApiPath.login}`,
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(badJson.json<{ code: number }>().code).toBe(ErrorCode.validation);
    expectSecurityHeaders(badJson);
  });

  it('a successful answer is not cached either', async () => {
    const res = await t.app.inject({ url: `${API_BASE}${ApiPath.getInfo}`, headers: { 'x-auth-token': token } });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
  });
});

describe("requests Node's HTTP parser refuses (was its bare 431 or 400, without the envelope or the headers)", () => {
  /** Sends `request` as bytes over a real connection and reads the answer until the server closes it. */
  async function rawExchange(request: string, onServerSide?: (socket: Socket) => void) {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    if (onServerSide) t.app.server.once('connection', onServerSide);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1' }, () => socket.write(request));
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    const [head = '', body = ''] = text.split('\r\n\r\n');
    const [statusLine = '', ...lines] = head.split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as unknown };
  }

  it('answers a URL over 16 KB with the envelope and the security headers, in the default language', async () => {
    const res = await rawExchange(`GET ${API_BASE}${ApiPath.getInfo}?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: ErrorCode.validation,
      msg: '请求地址和请求头过长（合计最多 16 KB），请缩短查询条件或清除本站的 Cookie 后重试',
      data: null,
    });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.connection).toBe('close');
  });

  it('answers headers over 16 KB in the language of the lang header, and a malformed header line too', async () => {
    const big = await rawExchange(
      `GET ${API_BASE}${ApiPath.getInfo} HTTP/1.1\r\nHost: x\r\nlang: en_US\r\nX-Big: ${'b'.repeat(17_000)}\r\n\r\n`,
    );
    expect(big.status).toBe(200);
    expect(big.body).toEqual({
      code: ErrorCode.validation,
      msg: "The address and headers of the request are too long (at most 16 KB together): shorten the search or clear this site's cookies and try again",
      data: null,
    });
    expect(big.headers['x-content-type-options']).toBe('nosniff');
    const malformed = await rawExchange(`GET ${API_BASE}${ApiPath.getInfo} HTTP/1.1\r\nHost: x\r\nlang: en_US\r\nno colon here\r\n\r\n`);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ code: ErrorCode.validation, msg: 'The request is malformed', data: null });
    expect(malformed.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers headers that did not arrive in time with 408 and the envelope', async () => {
    // Node reports the timeout on its own schedule (checked every 30 s); the test raises it at once.
    const timeout = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    const res = await rawExchange(`GET ${API_BASE}${ApiPath.getInfo} HTTP/1.1\r\nHost: x\r\n`, (socket) =>
      setImmediate(() => t.app.server.emit('clientError', timeout, socket)),
    );
    expect(res.status).toBe(408);
    expect(res.body).toEqual({ code: ErrorCode.validation, msg: '请求未能在规定时间内发送完毕，请重试', data: null });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL character in a path parameter, a query or a body as invalid input (was HTTP 500 on PostgreSQL)', async () => {
    const headers = { 'x-auth-token': token, lang: 'en_US' };
    const inPath = await t.app.inject({ url: `${API_BASE}/merTradeMgr/proConTrade/detail/%00`, headers });
    expect(inPath.json()).toEqual({ code: ErrorCode.validation, msg: 'Case number is invalid', data: null });
    const inQuery = await t.app.inject({ url: `${API_BASE}${RefundPath.list}?from=2026-01-01&to=2026-01-31&refundNo=a%00b`, headers });
    expect(inQuery.json<{ code: number }>().code).toBe(ErrorCode.validation);
    const inBody = await call(t.app, ApiPath.login, { lang: 'en_US', body: { merchantNo: '1', loginName: 'a\u0000b', password: 'x' } });
    expect(inBody.body).toEqual({ code: ErrorCode.validation, msg: 'Login name is invalid', data: null });
  });
});

describe('HSTS only over HTTPS', () => {
  it('is absent over plain HTTP and ignores X-Forwarded-Proto from an untrusted client', async () => {
    const plain = await t.app.inject({ url: `${API_BASE}${HealthPath.live}` });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const claimed = await t.app.inject({ url: `${API_BASE}${HealthPath.live}`, headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over HTTPS, and only a trusted one', async () => {
    // light-my-request's connections come from 127.0.0.1, the proxy's address here.
    await withTestApp({ config: { trustProxy: ['127.0.0.1'] } }, async (proxied) => {
      const https = await proxied.app.inject({ url: `${API_BASE}${HealthPath.live}`, headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.app.inject({ url: `${API_BASE}${HealthPath.live}`, headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
      const direct = await proxied.app.inject({
        url: `${API_BASE}${HealthPath.live}`,
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(direct.headers['strict-transport-security']).toBeUndefined();
    });
  });
});

describe('health probes', () => {
  it('liveness and readiness answer without a session; readiness checks the database', async () => {
    const live = await call<{ status: string; uptimeSeconds: number }>(t.app, HealthPath.live);
    expect(live.status).toBe(200);
    expect(live.body.data.status).toBe('ok');
    const ready = await call(t.app, HealthPath.ready);
    expect(ready.body).toMatchObject({ code: 0, data: { status: 'ok', database: 'ok' } });
  });

  it('readiness answers 503 when the database does not, liveness still 200', async () => {
    // A database nobody listens on (port 9, discard): every query fails at once.
    const unreachable = createDb('postgres://postgres@127.0.0.1:9/none', { poolMax: 1 });
    const app = await buildApp({ config: { ...t.config, logLevel: 'silent' }, db: unreachable.db });
    try {
      const res = await app.inject({ url: `${API_BASE}${HealthPath.ready}`, headers: { lang: 'en_US' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: ErrorCode.internal, msg: 'System busy, please try again later', data: null });
      expect((await app.inject({ url: `${API_BASE}${HealthPath.live}` })).statusCode).toBe(200);
    } finally {
      await app.close();
      await unreachable.destroy();
    }
  });
});

describe('malformed uploads are validation errors', () => {
  it('multipart without a boundary, or cut short, on each upload route', async () => {
    const uploads = routeCatalog(t.app).filter((r) => r.multipart);
    // KYC files, additional documents, appeal evidence, waybill proof and the website batch: every one is walked below.
    expect(uploads.length).toBeGreaterThanOrEqual(5);
    const bodies = [
      { 'content-type': 'multipart/form-data', payload: 'no boundary', expected: ErrorCode.validation },
      { 'content-type': 'multipart/form-data; boundary=', payload: '--\r\n', expected: null },
      // Cut short after a field: the parser sees the end of the form, the route finds no file (or no case).
      {
        'content-type': 'multipart/form-data; boundary=X',
        payload: '--X\r\nContent-Disposition: form-data; name="businessId"\r\n\r\n1',
        expected: null,
      },
    ];
    for (const route of uploads) {
      for (const b of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url: fillParams(route.url, { businessId: String(merchant.id) }),
          headers: { 'x-auth-token': token, lang: 'en_US', 'content-type': b['content-type'] },
          payload: b.payload,
        });
        expect(res.statusCode, route.url).toBe(200);
        const code = res.json<{ code: number }>().code;
        if (b.expected === null) expect([ErrorCode.validation, ErrorCode.business], route.url).toContain(code);
        else expect(code, `${route.url} ${b['content-type']}`).toBe(b.expected);
      }
    }
  });
});

describe('dates are validated before the 6-month rule', () => {
  it('answers a bad `from` with the date message on every date-range route (was HTTP 500)', async () => {
    const routes = dateRangeRoutes(routeCatalog(t.app));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const failures: string[] = [];
    for (const route of routes) {
      for (const from of ['', '0', '-1', "' OR 1=1 --"]) {
        const res = await send(route, { from, to: '2026-01-31' });
        const body = res.json<{ code: number; msg: string }>();
        // Day ranges answer the date-format message; month ranges (monthly report) name their start month.
        if (res.statusCode !== 200 || body.code !== ErrorCode.validation || !/date/i.test(body.msg)) {
          failures.push(`${route.method} ${route.url} from=${JSON.stringify(from)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  async function send(route: CatalogRoute, range: { from: string; to: string }) {
    const props = propertiesOf(route.method === 'GET' ? route.querystring : route.body);
    const values: Record<string, string> = { ...range };
    if ('format' in props) values.format = 'csv';
    const url = fillParams(route.url, {});
    const headers = { 'x-auth-token': token, lang: 'en_US' };
    if (route.method === 'GET') return t.app.inject({ method: 'GET', url, headers, query: values });
    return t.app.inject({ method: route.method as 'POST', url, headers, payload: values });
  }
});

describe('amounts are parsed exactly', () => {
  const apply = (tradeNo: string, amount: string) =>
    call<{ refundNo: string }>(t.app, RefundPath.apply, { token, lang: 'en_US', body: { tradeNo, amount, reason: 'returned' } });

  it('refuses "1,5" USD instead of refunding 15.00, and names the field', async () => {
    const tx = await createTransaction(t.db, merchant, usd, { amount: 10_000 });
    for (const amount of ['1,5', '1 5', '1.5.0', '+1.5', '1e1', '１.５']) {
      const res = await apply(tx.tradeNo, amount);
      expect(res.body, amount).toEqual({
        code: ErrorCode.validation,
        msg: 'Refund amount: enter digits with at most 2 decimals after a dot, without commas, spaces or signs',
        data: null,
      });
    }
    expect(await t.db.selectFrom('refunds').select('id').where('transaction_id', '=', tx.id).execute()).toEqual([]);
    const ok = await apply(tx.tradeNo, '1.5');
    expect(ok.body.code).toBe(0);
    const row = await t.db.selectFrom('refunds').select('amount').where('transaction_id', '=', tx.id).executeTakeFirstOrThrow();
    expect(row.amount).toBe(150);
  });

  it('refuses "12,50" JPY instead of refunding 1250, and any decimals in a currency without them', async () => {
    const tx = await createTransaction(t.db, merchant, jpy, { amount: 5_000 });
    for (const amount of ['12,50', '12.5']) {
      const res = await apply(tx.tradeNo, amount);
      expect(res.body.msg, amount).toBe('Refund amount: enter whole digits only, without a decimal point, commas, spaces or signs');
    }
    expect((await apply(tx.tradeNo, '1250')).body.code).toBe(0);
  });
});
