// A rolling restart of the API nodes behind the shipped nginx while signed-in users keep working: each
// node in turn gets SIGTERM (the graceful stop of apps/server/src/main.ts: the listener closes, requests
// in flight get their answers, the process exits 0), is started again with the same port and environment
// and is back when its readiness endpoint answers 200; only then the next one. nginx passes what a
// closed node refuses to another one, so a list read never fails, and a refund whose answer was lost is
// sent again with its Idempotency-Key, as the web app does, and is stored once.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_BASE, ApiPath, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_LEASE_MS } from '@mbo/shared/api-paths';
import { RefundPath, refundablePath } from '@mbo/shared/refunds';
import { baseURL, ops } from '../support/browser';
import { controlNode, everyNodeUp } from '../support/cluster-nodes';
import { DEMO } from '../support/chromium';

type TEnvelope<T> = { code: number; msg: string; data: T };

/**
 * nginx checks nodes passively (max_fails=1): a node that refused a connection while it was down stays
 * out for fail_timeout even after it is ready again. Stopping the next node before nginx sends the
 * restarted one traffic left nginx with no live upstream ("no live upstreams", 502 for a GET) in this
 * stage's first runs. So after each node is ready the restart waits, as an operator watching it would,
 * until the node answers list reads that came through nginx again: its own request counter for the
 * refund list (GET /metrics on the node, scraped directly) has moved since it started.
 */
async function readsThroughNginx(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const route = `route="${API_BASE}${RefundPath.list}"`;
  return text
    .split('\n')
    .filter((line) => line.startsWith('mbo_http_requests_total{') && line.includes(route))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}
/** How long nginx may take to try a restarted node again: its fail_timeout (5 s) and then some. */
const BACK_IN_ROTATION_MS = 60_000;
/** Generous: an ordinary call answers in milliseconds; nginx's own read timeout is 15 s. */
const BOUND_MS = 30_000;
/** Refunds of 0.05 against a payment of 200.00: never refused for want of money. */
const REFUND_AMOUNT = '0.05';
const REFUND_MINOR = 5;
const MAX_SUBMISSIONS = 150;
const PAGE_SIZE = 50;

let token = '';
let tradeNo = '';
let started = 0;

/** One call through nginx, timed; a call that takes longer than BOUND_MS is cut and counts as a failure. */
async function call<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: TEnvelope<T> | null; ms: number }> {
  const headers = new Headers(init.headers);
  headers.set('lang', 'en_US');
  headers.set('timezone', 'Asia/Shanghai');
  if (token) headers.set('X-Auth-Token', token);
  const t0 = performance.now();
  const res = await fetch(`${baseURL()}${API_BASE}${path}`, { ...init, headers, signal: AbortSignal.timeout(BOUND_MS) });
  const text = await res.text();
  let body: TEnvelope<T> | null = null;
  try {
    body = JSON.parse(text) as TEnvelope<T>;
  } catch {
    /* nginx's own error page */
  }
  return { status: res.status, body, ms: performance.now() - t0 };
}

const shanghaiDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const listPath = () =>
  `${RefundPath.list}?tradeNo=${tradeNo}&limit=${PAGE_SIZE}&from=${shanghaiDay(started - 86_400_000)}&to=${shanghaiDay(Date.now())}`;

beforeAll(async () => {
  started = Date.now();
  await everyNodeUp();
  const login = await call<{ token: string }>(ApiPath.login, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  expect(login.body?.code, login.body?.msg).toBe(0);
  token = login.body!.data.token;
  const out = ops(['payment:record', '--gateway', '10010001', '--amount', '200.00', '--order', `ROLL-${randomUUID().slice(0, 8)}`]);
  tradeNo = out.trim().split(/\s+/)[0] ?? '';
  expect(tradeNo).toMatch(/^T\d+$/);
}, 300_000);

afterAll(async () => {
  // Whatever failed, the files that run after this one find every node up.
  await everyNodeUp();
}, 300_000);

describe('a rolling restart behind nginx under traffic', () => {
  it('every node stopped with SIGTERM exits 0 and comes back; every list read answers, every refund key is stored once', async () => {
    const urls = inject('nodeURLs');
    let running = true;
    let slowest = 0;
    let gets = 0;
    const getFailures: string[] = [];
    const postFailures: string[] = [];
    let postRequests = 0;
    let retries = 0;
    const submissions: { key: string; refundNo: string | null }[] = [];

    /** One refund as the web app submits it: the key kept for every retry of a lost or "being processed" answer. */
    const submit = async (): Promise<void> => {
      const entry = { key: randomUUID(), refundNo: null as string | null };
      submissions.push(entry);
      const giveUpAt = Date.now() + IDEMPOTENCY_LEASE_MS + BOUND_MS;
      for (let attempt = 0; Date.now() < giveUpAt; attempt += 1) {
        postRequests += 1;
        if (attempt > 0) retries += 1;
        try {
          const res = await call<{ refundNo: string }>(RefundPath.apply, {
            method: 'POST',
            headers: { 'content-type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: entry.key },
            body: JSON.stringify({ tradeNo, amount: REFUND_AMOUNT, reason: 'rolling restart' }),
          });
          slowest = Math.max(slowest, res.ms);
          if (res.body?.code === 0) {
            entry.refundNo = res.body.data.refundNo;
            return;
          }
          if (res.status < 500 && !/being processed/.test(res.body?.msg ?? '')) {
            postFailures.push(`${res.status} ${res.body?.msg ?? ''}`); // a definite refusal: none is expected here
            return;
          }
        } catch (err) {
          if (err instanceof Error && err.name === 'TimeoutError') slowest = Math.max(slowest, BOUND_MS);
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      postFailures.push(`key ${entry.key}: no definite answer`);
    };

    /** A signed-in user: reads the refund list, now and then submits a refund, and pauses briefly. */
    const user = async (n: number): Promise<void> => {
      for (let step = 0; running; step += 1) {
        gets += 1;
        try {
          const res = await call<{ list: unknown[] }>(listPath());
          slowest = Math.max(slowest, res.ms);
          if (res.status < 200 || res.status > 299 || res.body?.code !== 0) getFailures.push(`${res.status} ${res.body?.msg ?? ''}`);
        } catch (err) {
          getFailures.push(String(err));
        }
        if ((step + n) % 2 === 0 && submissions.length < MAX_SUBMISSIONS) await submit();
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    /** Resolves once the users have done `count` more reads (and so some submissions): traffic during every phase. */
    const moreTraffic = async (count: number): Promise<void> => {
      const target = gets + count;
      while (gets < target && running) await new Promise((r) => setTimeout(r, 50));
    };

    const users = [user(0), user(1)];
    const exits: { exitCode: number | null; signal: string | null; wasRunning: boolean }[] = [];
    const phases: string[] = [];
    try {
      await moreTraffic(5);
      for (let i = 0; i < urls.length; i += 1) {
        const before = gets;
        const stopped = await controlNode(i, 'stop');
        exits.push(stopped);
        // The node is gone: its port refuses connections.
        await expect(fetch(`${urls[i]}${API_BASE}/health/ready`)).rejects.toThrow();
        await controlNode(i, 'start');
        const ready = await fetch(`${urls[i]}${API_BASE}/health/ready`);
        expect(ready.status).toBe(200);
        phases.push(`node ${i}: ${gets - before} reads while stopping and starting`);
        await moreTraffic(5);
        const since = Date.now();
        while ((await readsThroughNginx(urls[i]!)) === 0) {
          expect(Date.now() - since, `node ${i} back in nginx's rotation`).toBeLessThan(BACK_IN_ROTATION_MS);
          await moreTraffic(2);
        }
      }
    } finally {
      running = false;
      await Promise.all(users);
    }

    const acknowledged = submissions.filter((s) => s.refundNo !== null).map((s) => s.refundNo!);
    // The stored refunds of the payment, read page by page, are exactly the acknowledged ones, each once.
    const stored: string[] = [];
    for (let page = 1; ; page += 1) {
      const res = await call<{ list: { refundNo: string }[] }>(`${listPath()}&page=${page}`);
      expect(res.body?.code, res.body?.msg).toBe(0);
      stored.push(...res.body!.data.list.map((r) => r.refundNo));
      if (res.body!.data.list.length < PAGE_SIZE) break;
    }
    const refundable = await call<{ pendingAmount: number }>(refundablePath(tradeNo));

    console.log(
      `rolling restart: ${urls.length} nodes, ${phases.join('; ')}; ${gets} reads, ${submissions.length} refunds in ${postRequests} requests (${retries} retries), ${stored.length} stored, slowest request ${(slowest / 1000).toFixed(2)} s; exits ${exits.map((e) => `${e.exitCode}/${e.signal ?? '-'}`).join(', ')}`,
    );
    expect(exits).toEqual(urls.map(() => ({ exitCode: 0, signal: null, wasRunning: true })));
    // nginx's error log (in the stage's work folder, beside the nodes' data folders) tells why it answered itself.
    const nginxLog = path.join(path.dirname(inject('dataDir')), 'error.log');
    const nginxErrors = existsSync(nginxLog)
      ? readFileSync(nginxLog, 'utf8')
          .split('\n')
          .filter((l) => /\[(error|crit)\]/.test(l))
      : [];
    expect({ getFailures, nginxErrors: getFailures.length > 0 ? nginxErrors.slice(-10) : [] }).toEqual({
      getFailures: [],
      nginxErrors: [],
    });
    expect(postFailures).toEqual([]);
    expect(submissions.length).toBeGreaterThan(0);
    expect(acknowledged).toHaveLength(submissions.length);
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    expect([...stored].sort()).toEqual([...acknowledged].sort());
    expect(refundable.body?.data.pendingAmount).toBe(acknowledged.length * REFUND_MINOR);
    expect(slowest).toBeLessThan(BOUND_MS);
  }, 600_000);
});
