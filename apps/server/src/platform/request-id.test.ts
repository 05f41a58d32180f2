import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, ApiPath } from '@mbo/shared/api-paths';
import { createTestApp, type TestContext } from '../../test/helpers';
import { HealthPath } from './health';

/*
 * X-Request-Id: the id nginx (or a client) sends names every log line of the request on the node and
 * comes back in the answer, so that one request can be followed from the proxy's log to the node's.
 * An id that is not a short plain token is never written into the logs: the node makes its own.
 */

let t: TestContext;
beforeAll(async () => {
  // Request lines are logged at info.
  t = await createTestApp({ config: { logLevel: 'info' } });
});
afterAll(async () => {
  await t.close();
});

type LogLine = { reqId?: string; msg?: string };
const logLines = (): LogLine[] =>
  t.logs
    .join('')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as LogLine);
const linesOf = (id: string) => logLines().filter((l) => l.reqId === id);

const live = `${API_BASE}${HealthPath.live}`;
/** A generated id: a random UUID, unlike nginx's 32 hex digits, so the logs tell who made it. */
const GENERATED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('X-Request-Id', () => {
  it('a sane id sent with the request comes back and is on the request lines of the log', async () => {
    const id = 'f3a9c0de41b27e5a9c0de41b27e5a9c0';
    const res = await t.app.inject({ url: live, headers: { 'x-request-id': id } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe(id);
    expect(linesOf(id).map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('accepts letters, digits, dot, dash and underscore up to 64 characters', async () => {
    for (const id of ['a', 'Checkout-7.f_3', 'x'.repeat(64)]) {
      const res = await t.app.inject({ url: live, headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id']).toBe(id);
    }
  });

  it.each([
    ['too long', 'x'.repeat(65)],
    ['a space', 'two words'],
    ['JSON that would forge log fields', '{"reqId":"other","level":60}'],
    ['a quote', 'id"x'],
    ['a slash', '../etc'],
    ['empty', ''],
  ])('an id with %s is replaced with a fresh one, which the log lines carry', async (_name, sent) => {
    const res = await t.app.inject({ url: live, headers: { 'x-request-id': sent } });
    const id = String(res.headers['x-request-id']);
    expect(id).toMatch(GENERATED);
    expect(linesOf(id).map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    if (sent !== '') expect(t.logs.join('')).not.toContain(sent);
  });

  it('two ids in one request (sent twice) are replaced', async () => {
    const res = await t.app.inject({ url: live, headers: { 'x-request-id': ['first', 'second'] } });
    expect(res.headers['x-request-id']).toMatch(GENERATED);
  });

  it('a request without one gets its own, different for each request', async () => {
    const a = await t.app.inject({ url: live });
    const b = await t.app.inject({ url: live });
    expect(a.headers['x-request-id']).toMatch(GENERATED);
    expect(b.headers['x-request-id']).toMatch(GENERATED);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('refusals carry it too, with the envelope unchanged', async () => {
    const id = 'refused-1';
    const unauthorized = await t.app.inject({ url: `${API_BASE}${ApiPath.gateways}`, headers: { 'x-request-id': id } });
    expect(unauthorized.headers['x-request-id']).toBe(id);
    expect(Object.keys(unauthorized.json<object>()).sort()).toEqual(['code', 'data', 'msg']);
    const invalid = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${ApiPath.login}`,
      headers: { 'x-request-id': 'invalid-1', 'content-type': 'application/json' },
      payload: '{"merchantNo": 1',
    });
    expect(invalid.headers['x-request-id']).toBe('invalid-1');
    const missing = await t.app.inject({ url: `${API_BASE}/no/such/route`, headers: { 'x-request-id': 'missing-1' } });
    expect(missing.headers['x-request-id']).toBe('missing-1');
    const page = await t.app.inject({ url: '/loginNew', headers: { 'x-request-id': 'page-1', accept: 'text/html' } });
    expect(page.headers['x-request-id']).toBe('page-1');
  });
});
