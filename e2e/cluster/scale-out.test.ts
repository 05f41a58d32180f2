// Several API nodes behind nginx on one PostgreSQL (e2e/support/cluster-setup.ts), used the way an
// operator would check them: a file uploaded through one node is served by another, and concurrent
// money requests split across the nodes, one of which is killed with -9 mid-run, are stored exactly once
// for every acknowledgement a client received, the client retrying a lost answer with its key.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_BASE, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_LEASE_MS } from '@mbo/shared/api-paths';
import { DisputePath, disputeDetailPath, disputeFilePath } from '@mbo/shared/disputes';
import { FundsPath, type TWithdrawOptions } from '@mbo/shared/funds';
import { RefundPath, refundablePath } from '@mbo/shared/refunds';
import { baseURL, ops } from '../support/browser';
import { DEMO } from '../support/chromium';

type TEnvelope<T> = { code: number; msg: string; data: T };

const nodes = () => inject('nodeURLs');
let token = '';

async function callAt<T>(
  origin: string,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; body: TEnvelope<T>; headers: Headers }> {
  const headers = new Headers(init.headers);
  headers.set('lang', 'en_US');
  headers.set('timezone', 'Asia/Shanghai');
  if (token) headers.set('X-Auth-Token', token);
  const res = await fetch(`${origin}${API_BASE}${path}`, { ...init, headers });
  return { status: res.status, body: (await res.json()) as TEnvelope<T>, headers: res.headers };
}

function recordPayment(amount: string): string {
  const out = ops(['payment:record', '--gateway', '10010001', '--amount', amount, '--order', `SCALE-${randomUUID().slice(0, 8)}`]);
  const tradeNo = out.trim().split(/\s+/)[0] ?? '';
  expect(tradeNo).toMatch(/^T\d+$/);
  return tradeNo;
}

beforeAll(async () => {
  const login = await callAt<{ token: string }>(baseURL(), '/admin/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  expect(login.body.code).toBe(0);
  token = login.body.data.token;
});

afterAll(() => {
  // The rollups every report reads still agree with the raw rows after the run, and the ledger balances.
  expect(ops(['rollups:verify'])).toMatch(/rollups match the raw rows/);
  expect(ops(['ledger:verify'])).toMatch(/ledger OK/);
});

describe('several nodes behind nginx on one PostgreSQL', () => {
  it('serves through nginx, compressed, with the API answers uncached', async () => {
    const res = await fetch(`${baseURL()}/v3api/health/ready`);
    expect(res.status).toBe(200);
    const html = await fetch(`${baseURL()}/loginNew`, { headers: { 'accept-encoding': 'gzip', accept: 'text/html' } });
    expect(html.status).toBe(200);
    expect(html.headers.get('cache-control')).toBe('no-store');
    // The app's hashed script: compressed (the build's copy, or nginx), cached for a year by the browser.
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${baseURL()}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const list = await fetch(`${baseURL()}${API_BASE}${RefundPath.list}?from=2026-01-01&to=2026-01-02`, {
      headers: { 'X-Auth-Token': token, 'accept-encoding': 'gzip' },
    });
    expect(list.headers.get('cache-control')).toContain('no-store');
  });

  it('an appeal file uploaded through one node is downloaded through another', async () => {
    const tradeNo = recordPayment('80.00');
    const raised = ops(['dispute:chargeback', tradeNo, '--deadline-days', '10']);
    const caseNo = /chargeback (\S+) on/.exec(raised)?.[1] ?? '';
    expect(caseNo).not.toBe('');
    const [a, b] = nodes();
    const pdf = Buffer.from(`%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF ${randomUUID()}\n`);
    const form = new FormData();
    form.set('caseNo', caseNo);
    form.set('note', 'Delivered: signed receipt attached');
    form.set('files', new Blob([pdf], { type: 'application/pdf' }), 'receipt.pdf');
    const appealed = await callAt(a!, DisputePath.appeal, {
      method: 'POST',
      body: form,
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(appealed.body.code, appealed.body.msg).toBe(0);

    const detail = await callAt<{ files: { id: number; name: string }[] }>(b!, disputeDetailPath(caseNo));
    expect(detail.body.data.files.map((f) => f.name)).toEqual(['receipt.pdf']);
    const download = await fetch(`${b}${API_BASE}${disputeFilePath(detail.body.data.files[0]!.id)}`, {
      headers: { 'X-Auth-Token': token },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('concurrent refunds and withdrawals split across the nodes, one node killed with -9 mid-run: every acknowledged one stored once, none lost', async () => {
    const tradeNo = recordPayment('100.00');
    const urls = nodes();
    const victimPid = inject('nodePids').at(-1)!;
    // Withdrawals from the gateway's available balance: an amount such that exactly 3 fit.
    const options = await callAt<TWithdrawOptions>(baseURL(), FundsPath.withdrawOptions);
    const g = options.body.data.gateways.find((x) => x.gatewayNo === '10010001')!;
    const bank = options.body.data.bankAccounts.find((b) => b.isDefault) ?? options.body.data.bankAccounts[0]!;
    const withdrawMinor = Math.floor(g.available / 3.5 / 100) * 100;
    expect(withdrawMinor).toBeGreaterThanOrEqual(g.minimum);
    const withdrawAmount = (withdrawMinor / 100).toFixed(2);

    type TKind = 'refund' | 'withdrawal';
    const refundBody = { tradeNo, amount: '3.00', reason: 'scale-out test' };
    const withdrawBody = { gatewayNo: '10010001', amount: withdrawAmount, bankAccountId: bank.id };
    const route = (kind: TKind) => (kind === 'refund' ? RefundPath.apply : FundsPath.withdrawApply);
    const bodyOf = (kind: TKind) => JSON.stringify(kind === 'refund' ? refundBody : withdrawBody);
    const numberOf = (kind: TKind, data: { refundNo?: string; withdrawalNo?: string }) =>
      (kind === 'refund' ? data.refundNo : data.withdrawalNo) ?? null;
    let requests = 0;
    let retries = 0;
    let replayed = 0;
    let killed = false;

    /** One user submission: its key is kept for every retry; a lost answer (dead node, 502) is retried through nginx. */
    const submit = async (kind: TKind, i: number): Promise<{ kind: TKind; key: string; no: string | null }> => {
      const key = randomUUID();
      let origin = urls[i % urls.length]!;
      // A submission whose key was claimed on the killed node answers "being processed" until the claim's
      // lease has passed; then a retry runs it.
      const giveUpAt = Date.now() + IDEMPOTENCY_LEASE_MS + 20_000;
      for (let attempt = 0; Date.now() < giveUpAt; attempt += 1) {
        requests += 1;
        if (attempt > 0) retries += 1;
        try {
          const res = await callAt<{ refundNo?: string; withdrawalNo?: string }>(origin, route(kind), {
            method: 'POST',
            headers: { 'content-type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: key },
            body: bodyOf(kind),
          });
          if (res.headers.get('idempotent-replayed') === 'true') replayed += 1; // a retry whose first copy had committed
          if (res.body.code === 0) return { kind, key, no: numberOf(kind, res.body.data) };
          // "Being processed": the first copy is still running somewhere; ask again shortly.
          if (res.status >= 500 || /being processed/.test(res.body.msg)) throw new Error(res.body.msg);
          return { kind, key, no: null }; // a definite refusal: the money is used up
        } catch {
          origin = baseURL();
          await new Promise((r) => setTimeout(r, attempt < 20 ? 200 : 1000));
        }
      }
      throw new Error(`${kind} submission ${i} got no definite answer`);
    };

    const started = Date.now();
    // 40 refunds and 10 withdrawals, interleaved so that some of each are in flight when the node dies.
    const plan = Array.from({ length: 50 }, (_, i): TKind => (i % 5 === 2 ? 'withdrawal' : 'refund'));
    const answers = await Promise.all(
      plan.map(async (kind, i) => {
        // Spread the submissions over ~1 s so that the kill lands while some are in flight on the victim.
        await new Promise((r) => setTimeout(r, i * 20));
        if (i === Math.floor(plan.length / 2) && !killed) {
          killed = true;
          process.kill(victimPid, 'SIGKILL');
        }
        return submit(kind, i);
      }),
    );
    const acknowledged = (kind: TKind) => answers.filter((a) => a.kind === kind && a.no !== null).map((a) => a.no!);

    // A client that never saw its answer sends the submission again, through whichever node: it gets the first answer.
    for (const kind of ['refund', 'withdrawal'] as const) {
      for (const a of answers.filter((x) => x.kind === kind && x.no !== null).slice(0, 3)) {
        requests += 1;
        retries += 1;
        const again = await callAt<{ refundNo?: string; withdrawalNo?: string }>(baseURL(), route(kind), {
          method: 'POST',
          headers: { 'content-type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: a.key },
          body: bodyOf(kind),
        });
        expect(numberOf(kind, again.body.data)).toBe(a.no);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        replayed += 1;
      }
    }

    // Stored exactly once per acknowledged submission, and nothing else.
    const shanghaiDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
    const range = `from=${shanghaiDay(started - 86_400_000)}&to=${shanghaiDay(Date.now())}`;
    const refunds = await callAt<{ list: { refundNo: string }[] }>(baseURL(), `${RefundPath.list}?tradeNo=${tradeNo}&limit=50&${range}`);
    expect(refunds.body.code, refunds.body.msg).toBe(0);
    const withdrawals = await callAt<{ list: { withdrawalNo: string; amount: number; createdAt?: string }[] }>(
      baseURL(),
      `${FundsPath.withdrawList}?limit=50&${range}`,
    );
    expect(withdrawals.body.code, withdrawals.body.msg).toBe(0);
    const stored = {
      refund: refunds.body.data.list.map((r) => r.refundNo),
      withdrawal: withdrawals.body.data.list.filter((w) => w.amount === withdrawMinor).map((w) => w.withdrawalNo),
    };
    const lost = (['refund', 'withdrawal'] as const).flatMap((k) => acknowledged(k).filter((n) => !stored[k].includes(n)));
    console.log(
      `scale-out: ${urls.length} nodes, node ${urls.length} killed with -9 mid-run; ${plan.length} submissions (40 refunds of 3.00 against 100.00, 10 withdrawals of ${withdrawAmount} against ${(g.available / 100).toFixed(2)}), ${requests} requests, ${acknowledged('refund').length} + ${acknowledged('withdrawal').length} successes, ${retries} retries, ${replayed} replayed, ${stored.refund.length} + ${stored.withdrawal.length} stored, lost ${lost.length}`,
    );
    expect(killed).toBe(true);
    expect(lost).toEqual([]);
    for (const k of ['refund', 'withdrawal'] as const) {
      expect(new Set(acknowledged(k)).size).toBe(acknowledged(k).length);
      expect([...stored[k]].sort()).toEqual([...acknowledged(k)].sort());
    }
    expect(acknowledged('refund')).toHaveLength(33);
    expect(acknowledged('withdrawal')).toHaveLength(3);
    const refundable = await callAt<{ availableAmount: number; pendingAmount: number }>(baseURL(), refundablePath(tradeNo));
    expect(refundable.body.data.pendingAmount).toBe(9_900);
    expect(refundable.body.data.availableAmount).toBe(100);
  });
});
