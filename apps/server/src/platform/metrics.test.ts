import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE, ApiPath } from '@mbo/shared/api-paths';
import { createAdmin, createGateway, createMerchant, type GatewayRow } from '../../test/factories';
import { call, createTestApp, signIn, withTestApp, type TestContext } from '../../test/helpers';
import { runLeased } from './job-lease';
import { METRICS_PATH } from './metrics';

/*
 * GET /metrics, as Prometheus scrapes a node: counters that move with the API calls, labelled by the
 * route's pattern (never the URL a client chose) and the status class; the database pool on
 * PostgreSQL; the scheduled jobs; Node's process metrics. No session is needed, so it is answered only
 * to a request that came through no proxy, and never under /v3api.
 */

let t: TestContext;
let token = '';
let gateway: GatewayRow;
beforeAll(async () => {
  t = await createTestApp();
  const merchant = await createMerchant(t.db);
  gateway = await createGateway(t.db, merchant);
  token = await signIn(t.app, await createAdmin(t.db, merchant));
});
afterAll(async () => {
  await t.close();
});

async function scrape(): Promise<string> {
  const res = await t.app.inject({ url: METRICS_PATH });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of the sample `name{labels}` in a scrape (labels compared as a set), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').match(/\w+="(?:[^"\\]|\\.)*"/g) ?? [];
    if (have.sort().join(',') === wanted) return Number(m[3]);
  }
  return 0;
}

const gatewayRoute = { method: 'GET', route: `${API_BASE}${ApiPath.gateway}`, status_class: '2xx' };

describe('GET /metrics', () => {
  it('counts API calls by route pattern and status class, with their durations', async () => {
    const before = await scrape();
    for (let i = 0; i < 2; i += 1) {
      const res = await call(t.app, `/merchant/gateways/${gateway.gatewayNo}`, { token });
      expect(res.body.code).toBe(0);
    }
    const unsigned = await call(t.app, `/merchant/gateways/${gateway.gatewayNo}`);
    expect(unsigned.status).toBe(401);
    await t.app.inject({ url: `${API_BASE}/no/such/route-7731` });
    // An answer is counted when it has been sent (onResponse), which may come just after the caller has
    // it: the scrape is read again until the last one is counted, as a scraper would see it next time.
    let after = '';
    const moved = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    await vi.waitFor(
      async () => {
        after = await scrape();
        expect(moved('mbo_http_requests_total', { method: 'GET', route: 'unmatched', status_class: '4xx' })).toBe(1);
      },
      { timeout: 5_000, interval: 20 },
    );
    expect(moved('mbo_http_requests_total', gatewayRoute)).toBe(2);
    expect(moved('mbo_http_request_duration_seconds_count', gatewayRoute)).toBe(2);
    expect(moved('mbo_http_request_duration_seconds_bucket', { ...gatewayRoute, le: '+Inf' })).toBe(2);
    expect(moved('mbo_http_requests_total', { ...gatewayRoute, status_class: '4xx' })).toBe(1);
    // The URLs themselves are in no label: a label per gateway number or unknown path would grow without end.
    expect(after).not.toContain(gateway.gatewayNo);
    expect(after).not.toContain('route-7731');
  });

  it('shows the database: the PostgreSQL pool in use, idle and waiting; on SQLite its dialect only', async () => {
    const text = await scrape();
    expect(sample(text, 'mbo_database_info', { dialect: t.dialect })).toBe(1);
    if (t.dialect === 'postgres') {
      expect(text).toMatch(/^mbo_db_pool_connections\{state="in_use"\} \d+$/m);
      expect(sample(text, 'mbo_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/^mbo_db_pool_waiting \d+$/m);
      expect(sample(text, 'mbo_db_pool_max')).toBeGreaterThanOrEqual(1);
    } else {
      // A node on SQLite registers no pool gauges. The test files of a stage share one process
      // (vitest's isolate: false), where a PostgreSQL app of another file may have registered them
      // first: closed, it left them counting nothing, and this app adds no pool to them.
      const max = text.split('\n').find((line) => line.startsWith('mbo_db_pool_max '));
      expect(max ?? 'no pool gauges').toMatch(/^(no pool gauges|mbo_db_pool_max 0)$/);
    }
  });

  it('counts the runs and failures of a scheduled job by its name', async () => {
    const job = 'metrics-test-job';
    const lease = { name: job, leaseMs: 60_000, minGapMs: 0 };
    let at = Date.now();
    const now = () => at;
    expect((await runLeased(t.db, lease, now, () => Promise.resolve('done'))).ran).toBe(true);
    at += 1000;
    await expect(runLeased(t.db, lease, now, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const text = await scrape();
    expect(sample(text, 'mbo_job_runs_total', { job })).toBe(2);
    expect(sample(text, 'mbo_job_failures_total', { job })).toBe(1);
    expect(sample(text, 'mbo_job_last_success_timestamp_seconds', { job })).toBe(Math.floor((at - 1000) / 1000));
  });

  it("has Node's process metrics", async () => {
    const text = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(text).toContain(`\n${name} `);
  });

  it('needs no session, is not under /v3api, and is not answered through a proxy', async () => {
    const api = await t.app.inject({ url: `${API_BASE}${METRICS_PATH}` });
    expect(api.statusCode).toBe(404);
    expect(api.body).not.toContain('mbo_http_requests_total');
    for (const headers of [{ 'x-forwarded-for': '203.0.113.7' }, { forwarded: 'for=203.0.113.7' }, { 'x-real-ip': '203.0.113.7' }]) {
      const proxied = await t.app.inject({ url: METRICS_PATH, headers });
      expect(proxied.statusCode).toBe(404);
      expect(proxied.body).not.toContain('mbo_http_requests_total');
    }
  });

  it('is refused by the shipped nginx site', () => {
    const site = fs.readFileSync(new URL('../../../../deploy/nginx/merchant-back-office.conf', import.meta.url), 'utf8');
    expect(site).toMatch(/location = \/metrics \{\s*deny all;\s*\}/);
  });

  it('is not served when METRICS_ENABLED=false', async () => {
    await withTestApp({ config: { metricsEnabled: false } }, async (off) => {
      const res = await off.app.inject({ url: METRICS_PATH });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('mbo_http_requests_total');
    });
  });
});
