import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_BASE, ApiPath } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import { createAdmin, createMerchant } from '../test/factories';
import { call, createTestApp, signIn, type TestContext } from '../test/helpers';
import { okResponse, ok } from './platform/envelope';

const testRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/test/boom', { config: { public: true }, schema: { response: okResponse(z.null()) } }, () => {
    throw new Error('SQLITE_ERROR: no such table: secret_internal_table');
  });
  app.get(
    '/test/zone',
    { config: { public: true }, schema: { response: okResponse(z.object({ tz: z.string(), lang: z.string() })) } },
    (request) => ok(request, { tz: request.timezone, lang: request.lang }),
  );
};

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => {
      void app.register(testRoutes, { prefix: API_BASE });
    },
  });
});
afterAll(async () => {
  await t.close();
});

const raw = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, payload?: string, headers: Record<string, string> = {}) =>
  app.inject({ method, url, headers: { 'content-type': 'application/json', ...headers }, ...(payload !== undefined ? { payload } : {}) });

describe('validation and malformed input', () => {
  const cases: [string, string, string][] = [
    ['missing field', JSON.stringify({ loginName: 'a', password: 'b' }), 'Merchant number is required'],
    ['number where a string goes', JSON.stringify({ merchantNo: 100001, loginName: 'a', password: 'b' }), 'Merchant number is invalid'],
    ['letters in a digits field', JSON.stringify({ merchantNo: 'abc', loginName: 'a', password: 'b' }), 'Merchant number is invalid'],
    [
      'too long',
      JSON.stringify({ merchantNo: '1'.repeat(25), loginName: 'a', password: 'b' }),
      'Merchant number must be at most 20 characters',
    ],
    ['empty string', JSON.stringify({ merchantNo: '100001', loginName: '  ', password: 'b' }), 'Login name is required'],
    ['array body', '[1,2,3]', 'Request body is invalid'],
    ['string body', '"hello"', 'Request body is invalid'],
    ['malformed JSON', '{"merchantNo": "1000', 'The request body is not valid JSON'],
    ['empty body', '', 'Request body is required'],
  ];
  for (const [name, payload, msg] of cases) {
    it(`login with ${name} answers HTTP 200, code 1001 and names the field`, async () => {
      const res = await raw(t.app, 'POST', `${API_BASE}${ApiPath.login}`, payload, { lang: 'en_US' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: ErrorCode.validation, msg, data: null });
    });
  }

  it('names the field in the caller language', async () => {
    const body = JSON.stringify({ loginName: 'a', password: 'b' });
    const zh = (await raw(t.app, 'POST', `${API_BASE}${ApiPath.login}`, body, { lang: 'zh_CN' })).json<{ msg: string }>();
    const hk = (await raw(t.app, 'POST', `${API_BASE}${ApiPath.login}`, body, { lang: 'zh_HK' })).json<{ msg: string }>();
    expect(zh.msg).toBe('商户号不能为空');
    expect(hk.msg).toBe('商戶號不能為空');
  });

  it('never answers 5xx for hostile numbers, types or content types', async () => {
    const m = await createMerchant(t.db);
    const token = await signIn(t.app, await createAdmin(t.db, m));
    const auth = { 'x-auth-token': token, lang: 'en_US' };
    const attempts = [
      await raw(t.app, 'POST', `${API_BASE}${ApiPath.switchBusiness}`, '{"businessId": 1e400}', auth),
      await raw(t.app, 'POST', `${API_BASE}${ApiPath.switchBusiness}`, '{"businessId": 99999999999999999999999}', auth),
      await raw(t.app, 'POST', `${API_BASE}${ApiPath.switchBusiness}`, '{"businessId": -5}', auth),
      await raw(t.app, 'POST', `${API_BASE}${ApiPath.switchBusiness}`, '{"businessId": {"$gt": 0}}', auth),
      await raw(t.app, 'POST', `${API_BASE}${ApiPath.switchBusiness}`, '{"__proto__": {"x": 1}}', auth),
      await raw(t.app, 'GET', `${API_BASE}${ApiPath.announcements}?page=abc`, undefined, auth),
      await raw(t.app, 'GET', `${API_BASE}${ApiPath.announcements}?page=1&page=2`, undefined, auth),
      await raw(t.app, 'GET', `${API_BASE}${ApiPath.announcements}?limit=99999999999999999999999`, undefined, auth),
      await raw(t.app, 'PUT', `${API_BASE}/messageReminder/read/99999999999999999999999`, undefined, auth),
      await raw(t.app, 'GET', `${API_BASE}/merchant/gateways/${'9'.repeat(30)}`, undefined, auth),
      await t.app.inject({
        method: 'POST',
        url: `${API_BASE}${ApiPath.login}`,
        headers: { 'content-type': 'text/plain', lang: 'en_US' },
        payload: 'hi',
      }),
      await t.app.inject({
        method: 'POST',
        url: `${API_BASE}${ApiPath.login}`,
        headers: { 'content-type': 'application/json', lang: 'en_US' },
        payload: `{"merchantNo":"${'1'.repeat(2 * 1024 * 1024)}"}`,
      }),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<{ code: number; msg: string; data: null }>();
      expect(body.code, res.body).toBe(ErrorCode.validation);
      expect(body.data).toBeNull();
      expect(body.msg.length).toBeGreaterThan(0);
    }
    expect(attempts[0]?.json<{ msg: string }>().msg).toBe('Business is invalid');
    expect(attempts[10]?.json<{ msg: string }>().msg).toBe('Unsupported request content type');
  });

  it('accepts a POST without a body where none is expected (logout with an empty JSON body)', async () => {
    const m = await createMerchant(t.db);
    const token = await signIn(t.app, await createAdmin(t.db, m));
    const res = await raw(t.app, 'POST', `${API_BASE}${ApiPath.logout}`, '', { 'x-auth-token': token });
    expect(res.json()).toMatchObject({ code: 0 });
  });
});

describe('language', () => {
  it('gives the same failure in three languages with three texts, zh_CN by default', async () => {
    // A different login name each time: repeated failures on one name would meet the sign-in delay.
    const body = (n: number) => ({ merchantNo: '424242', loginName: `x${n}`, password: 'y' });
    const texts = await Promise.all(
      (['zh_CN', 'zh_HK', 'en_US'] as const).map(async (lang, i) => (await call(t.app, ApiPath.login, { lang, body: body(i) })).body.msg),
    );
    expect(new Set(texts).size).toBe(3);
    expect(texts[2]).toBe('Incorrect merchant number, login name or password');
    expect((await call(t.app, ApiPath.login, { body: body(3) })).body.msg).toBe(texts[0]);
    expect((await call(t.app, ApiPath.login, { body: body(4), headers: { lang: 'fr_FR' } })).body.msg).toBe(texts[0]);
  });

  it('reads the timezone header, falling back to Asia/Shanghai', async () => {
    const get = async (headers: Record<string, string>) =>
      (await call<{ tz: string; lang: string }>(t.app, '/test/zone', { headers })).body.data;
    expect(await get({ timezone: 'America/Chicago', lang: 'zh_HK' })).toEqual({ tz: 'America/Chicago', lang: 'zhHk' });
    expect(await get({ timezone: 'Not/AZone' })).toEqual({ tz: 'Asia/Shanghai', lang: 'zhCn' });
    expect(await get({})).toEqual({ tz: 'Asia/Shanghai', lang: 'zhCn' });
  });
});

describe('errors and routing', () => {
  it('answers an unexpected error with HTTP 500, a generic message and nothing internal; details go to the log', async () => {
    const res = await call(t.app, '/test/boom', { lang: 'en_US' });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ code: 500, msg: 'System busy, please try again later', data: null });
    expect(res.raw.body).not.toContain('secret_internal_table');
    expect(res.raw.body).not.toContain('SQLITE');
    expect(t.logs.join('\n')).toContain('secret_internal_table');
  });

  it('answers an unknown /v3api route (or a wrong method) with a 404 envelope', async () => {
    const unknown = await call(t.app, '/no/such/route', { lang: 'en_US', headers: { accept: 'text/html' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: ErrorCode.notFound, msg: 'The requested interface does not exist', data: null });
    const wrongMethod = await call(t.app, ApiPath.login, { method: 'GET' });
    expect(wrongMethod.status).toBe(404);
    expect(wrongMethod.body.code).toBe(ErrorCode.notFound);
  });

  it('sends the security headers with the CSP the web app runs under', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_BASE}${ApiPath.getInfo}` });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses to register an API route that does not declare who may call it', async () => {
    const ctx = await createTestApp({
      extend: (app) => {
        void app.register(async (child) => {
          child.get(`${API_BASE}/undeclared`, { schema: { response: { 200: z.null() } } }, () => null);
        });
      },
    }).catch((error: unknown) => error);
    expect(ctx).toBeInstanceOf(Error);
    expect(String(ctx)).toMatch(/declare exactly one of/);
  });
});

describe('web app', () => {
  let dist: string;
  let web: TestContext | undefined;
  const webApp = () => {
    if (!web) throw new Error('web app not started');
    return web.app;
  };
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'version.json'), '{"version": 1}');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // What apps/web/build/precompress.ts writes beside a built file.
    const bigScript = `console.log(${JSON.stringify('x'.repeat(5000))});`;
    fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js'), bigScript);
    fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js.br'), zlib.brotliCompressSync(bigScript));
    fs.writeFileSync(path.join(dist, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(bigScript));
    fs.writeFileSync(path.join(dist, 'favicon.ico'), 'x');
    web = await createTestApp({ config: { webDist: dist } });
  });
  afterAll(async () => {
    fs.rmSync(dist, { recursive: true, force: true });
    await web?.close();
  });

  it('serves index.html and version.json uncached and hashed assets immutable', async () => {
    const index = await webApp().inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-store');
    expect(index.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const version = await webApp().inject({ method: 'GET', url: '/version.json' });
    expect(version.json()).toEqual({ version: 1 });
    expect(version.headers['cache-control']).toBe('no-store');
    const asset = await webApp().inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the brotli or gzip copy the build wrote of a file to a browser that accepts it, and the file itself otherwise', async () => {
    const url = '/assets/big-abc123.js';
    const br = await webApp().inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('console.log(');
    const gz = await webApp().inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(fs.readFileSync(path.join(dist, 'assets', 'big-abc123.js'), 'utf8'));
    const plain = await webApp().inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log(');
  });

  it('compresses JSON answers of a few KB for clients that accept it, and leaves small ones alone', async () => {
    const big = await webApp().inject({
      method: 'GET',
      url: `${API_BASE}/openapi.json`,
      headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const doc = JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\.1/);
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify(doc).length / 3);
    const gz = await webApp().inject({ method: 'GET', url: `${API_BASE}/openapi.json`, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const none = await webApp().inject({ method: 'GET', url: `${API_BASE}/openapi.json`, headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(doc);
    const small = await webApp().inject({ method: 'GET', url: `${API_BASE}/health/live`, headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers SPA routes with index.html, but not API paths nor missing files', async () => {
    for (const url of ['/loginNew', '/merTradeMgr/initTradeRecordPage', '/setting/uploadAdditional/12']) {
      const res = await webApp().inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const api = await webApp().inject({ method: 'GET', url: `${API_BASE}/nope`, headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: ErrorCode.notFound });
    const missing = await webApp().inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
  });

  it('shows a placeholder page when the web app is not built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/loginNew', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('npm run build');
  });
});
