import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FundsPath } from '@mbo/shared/funds';
import { DEFAULT_CONFIG, setConfig } from './config';
import { readBalances, verifyLedger } from './ledger';
import { runSettlement } from './settlement';
import {
  createAdmin,
  createGateway,
  createMerchant,
  createPerson,
  type AdminRow,
  type GatewayRow,
  type MerchantRow,
} from '../../../test/factories';
import { freePort, post, signInOverHttp, startServer, waitReady } from '../../../test/server-process';
import { createTestDb, type TestDb } from '../../../test/test-db';
import { createTransaction } from '../../../test/trade-factories';

/*
 * kill -9 of the server during a load of withdrawal applications, against the real server process
 * (`main.ts`) on its own database: after a restart every withdrawal that was answered "applied" is
 * stored with its frozen money, and the ledger verifies (balanced, caches equal to their entries,
 * nothing overdrawn, frozen = the pending withdrawals).
 */

const WORKERS = 6;

let handle: TestDb;
let databaseUrl: string;
let dataDir: string;
let owner: AdminRow;
let merchant: MerchantRow;
let gateway: GatewayRow;
let bankId: number;

type Outcome =
  | { kind: 'answered'; code: number; withdrawalNo: string | null; startedAt: number; endedAt: number; reason: string }
  | { kind: 'refused-connection'; reason: string }
  | { kind: 'cut'; reason: string; detail: string };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-kill9-'));
  handle = await createTestDb();
  databaseUrl = handle.url;
  merchant = await createMerchant(handle.db);
  gateway = await createGateway(handle.db, merchant, { currency: 'USD' });
  owner = await createAdmin(handle.db, merchant, { personId: (await createPerson(handle.db)).id, isOwner: true });
  // 1,000,000.00 available: no fee, no reserve, T+0, settled on the payment's own (business) day.
  const monday = Date.UTC(2026, 2, 2, 4);
  await setConfig(
    handle.db,
    merchant.id,
    gateway.id,
    { ...DEFAULT_CONFIG, feeBp: 0, feeFixed: 0, reserveBp: 0, cycleDays: 0, withdrawalFee: 0, minWithdrawal: 100 },
    monday,
  );
  await createTransaction(handle.db, merchant, gateway, { amount: 100_000_000, created_at: monday });
  await runSettlement(handle.db, '2026-03-02', monday + 3_600_000, merchant.id);
  const bank = await handle.db
    .insertInto('merchant_bank_accounts')
    .values({
      merchant_id: merchant.id,
      bank_name: 'HSBC',
      holder: 'Kill Ltd',
      account_no: '12345678',
      currency: 'USD',
      is_default: 1,
      created_at: monday,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  bankId = bank.id;
});

afterAll(async () => {
  await handle.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 during withdrawals', () => {
  it('after a restart every acknowledged withdrawal is stored and the ledger verifies', async () => {
    const port = await freePort();
    const first = startServer({ databaseUrl, dataDir, port });
    try {
      await waitReady(port, first.child, first.log);
      const token = await signInOverHttp(port, owner);
      let stop = false;
      let seq = 0;
      const outcomes: Outcome[] = [];
      const worker = async () => {
        while (!stop) {
          seq += 1;
          const reason = `wd-${seq}`;
          const startedAt = Date.now();
          try {
            const res = await post(
              port,
              FundsPath.withdrawApply,
              { gatewayNo: gateway.gatewayNo, amount: '1.00', bankAccountId: bankId },
              token,
              reason,
            );
            const body = JSON.parse(res.text) as { code: number; data: { withdrawalNo?: string } | null };
            outcomes.push({
              kind: 'answered',
              code: body.code,
              withdrawalNo: body.data?.withdrawalNo ?? null,
              startedAt,
              endedAt: Date.now(),
              reason,
            });
          } catch (error) {
            const e = error as NodeJS.ErrnoException;
            outcomes.push({ kind: 'cut', reason, detail: `${e.code ?? ''} ${e.message}` });
            stop = true;
          }
        }
      };
      const load = Promise.all(Array.from({ length: WORKERS }, worker));
      // Kill it mid-load: once a few withdrawals are through (a loaded machine may need longer), then a little more.
      const until = Date.now() + 20_000;
      while (outcomes.filter((o) => o.kind === 'answered' && o.code === 0).length < 10 && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 500));
      first.child.kill('SIGKILL');
      await first.exited;
      stop = true;
      await load;

      const acknowledged = outcomes.filter((o) => o.kind === 'answered' && o.code === 0);
      expect(acknowledged.length).toBeGreaterThan(5);

      // Restart on the same database: it starts, and everything acknowledged is there.
      const second = startServer({ databaseUrl, dataDir, port });
      try {
        await waitReady(port, second.child, second.log);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
      const stored = await handle.db
        .selectFrom('withdrawals')
        .select(['withdrawal_no', 'amount', 'status'])
        .where('merchant_id', '=', merchant.id)
        .execute();
      const storedNos = new Set(stored.map((w) => w.withdrawal_no));
      for (const o of acknowledged) if (o.kind === 'answered') expect(storedNos.has(o.withdrawalNo ?? ''), o.reason).toBe(true);
      // At most the requests in flight at the kill were stored without an answer.
      expect(stored.length - acknowledged.length).toBeLessThanOrEqual(WORKERS);
      expect((await verifyLedger(handle.db)).problems).toEqual([]);
      const b = await readBalances(handle.db, { merchantId: merchant.id, gatewayId: gateway.id, currency: 'USD' });
      expect(b.frozen).toBe(stored.reduce((s, w) => s + Number(w.amount), 0));
      expect(b.available + b.frozen).toBe(100_000_000);
      console.log(
        `kill -9 under load: ${acknowledged.length} withdrawals acknowledged, ${stored.length} stored, ledger verified after restart`,
      );
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
    }
  }, 120_000);
});
