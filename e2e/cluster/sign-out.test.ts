// Signed out through one API node, a token changes nothing through any node from the moment the
// sign-out has answered: every node checks the session of a request that writes against the database's
// auth counter first (apps/server/src/platform/auth-cache.ts), instead of the second its session cache
// otherwise trusts. An outside trial stored 5 of 5 refunds made with a signed-out token on another node
// within 0.9 s of the sign-out.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { API_BASE, ApiPath, IDEMPOTENCY_KEY_HEADER } from '@mbo/shared/api-paths';
import { RefundPath, refundablePath } from '@mbo/shared/refunds';
import { ops } from '../support/browser';
import { DEMO } from '../support/chromium';

type TEnvelope<T> = { code: number; msg: string; data: T };

async function callAt<T>(origin: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: TEnvelope<T> }> {
  const headers: Record<string, string> = { lang: 'en_US', timezone: 'Asia/Shanghai' };
  if (token) headers['X-Auth-Token'] = token;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers[IDEMPOTENCY_KEY_HEADER] = randomUUID();
  }
  const res = await fetch(`${origin}${API_BASE}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as TEnvelope<T> };
}

async function signInAt(origin: string): Promise<string> {
  const res = await callAt<{ token: string }>(origin, ApiPath.login, '', DEMO);
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data.token;
}

/** The nodes that answer (the scale-out spec may have killed one before this file runs). */
async function liveNodes(): Promise<string[]> {
  const live: string[] = [];
  for (const url of inject('nodeURLs')) {
    const ok = await fetch(`${url}${API_BASE}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) live.push(url);
  }
  return live;
}

let tradeNo = '';
beforeAll(() => {
  const out = ops(['payment:record', '--gateway', '10010001', '--amount', '50.00', '--order', `SIGNOUT-${randomUUID().slice(0, 8)}`]);
  tradeNo = out.trim().split(/\s+/)[0] ?? '';
  expect(tradeNo).toMatch(/^T\d+$/);
});

describe('sign-out across nodes', () => {
  it('signed in on one node, signed out on another: the next refund with the token is refused on every node and nothing is stored', async () => {
    const nodes = await liveNodes();
    expect(nodes.length).toBeGreaterThanOrEqual(2);
    const [first, second] = nodes as [string, string];
    const token = await signInAt(first);
    // Every node knows the session and has just checked the auth counter: each would answer from memory.
    for (const node of nodes) expect((await callAt(node, refundablePath(tradeNo), token)).body.code).toBe(0);

    const out = await callAt(second, ApiPath.logout, token, {});
    expect(out.body.code, out.body.msg).toBe(0);

    for (const node of nodes) {
      const refund = await callAt(node, RefundPath.apply, token, { tradeNo, amount: '1.00', reason: 'after sign-out' });
      expect(refund.status, `${node}: ${refund.body.msg}`).toBe(401);
    }
    const checker = await signInAt(first);
    const left = await callAt<{ availableAmount: number; pendingAmount: number }>(second, refundablePath(tradeNo), checker);
    expect(left.body.data).toMatchObject({ availableAmount: 5000, pendingAmount: 0 });
  });
});
