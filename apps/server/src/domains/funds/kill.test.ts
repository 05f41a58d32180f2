import { beforeAll, describe, expect, it } from 'vitest';
import { FundsPath } from '@mbo/shared/funds';
import { DEFAULT_CONFIG, setConfig } from './config';
import { readBalances, verifyLedger } from './ledger';
import { runSettlement } from './settlement';
import { freePort, post, serverWorldForFile, signInOverHttp, startLoad, startServer, waitReady } from '../../../test/server-process';
import { createTransaction } from '../../../test/trade-factories';

/*
 * kill -9 of the server during a load of withdrawal applications, against the real server process
 * (`main.ts`) on its own database: after a restart every withdrawal that was answered "applied" is
 * stored with its frozen money, and the ledger verifies (balanced, caches equal to their entries,
 * nothing overdrawn, frozen = the pending withdrawals).
 */

const WORKERS = 6;

const world = serverWorldForFile('mbo-kill9-');
let bankId: number;

beforeAll(async () => {
  const { handle, merchant, gateway } = world;
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

describe('kill -9 during withdrawals', () => {
  it('after a restart every acknowledged withdrawal is stored and the ledger verifies', async () => {
    const port = await freePort();
    const first = startServer({ databaseUrl: world.handle.url, dataDir: world.dataDir, port });
    try {
      await waitReady(port, first.child, first.log);
      const token = await signInOverHttp(port, world.owner);
      const { outcomes, stop } = startLoad({
        workers: WORKERS,
        reasonPrefix: 'wd',
        send: (reason) =>
          post(port, FundsPath.withdrawApply, { gatewayNo: world.gateway.gatewayNo, amount: '1.00', bankAccountId: bankId }, token, reason),
        createdNo: (data) => data.withdrawalNo,
        // Any error is the kill: that request was cut, and the load ends.
        failed: (e, reason) => ({ outcome: { kind: 'cut', reason, detail: `${e.code ?? ''} ${e.message}` }, stop: true }),
      });
      // Kill it mid-load: once a few withdrawals are through (a loaded machine may need longer), then a little more.
      const until = Date.now() + 20_000;
      while (outcomes.filter((o) => o.kind === 'answered' && o.code === 0).length < 10 && Date.now() < until)
        await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 500));
      first.child.kill('SIGKILL');
      await first.exited;
      await stop();

      const acknowledged = outcomes.filter((o) => o.kind === 'answered' && o.code === 0);
      expect(acknowledged.length).toBeGreaterThan(5);

      // Restart on the same database: it starts, and everything acknowledged is there.
      const second = startServer({ databaseUrl: world.handle.url, dataDir: world.dataDir, port });
      try {
        await waitReady(port, second.child, second.log);
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
      const stored = await world.handle.db
        .selectFrom('withdrawals')
        .select(['withdrawal_no', 'amount', 'status'])
        .where('merchant_id', '=', world.merchant.id)
        .execute();
      const storedNos = new Set(stored.map((w) => w.withdrawal_no));
      for (const o of acknowledged) if (o.kind === 'answered') expect(storedNos.has(o.createdNo ?? ''), o.reason).toBe(true);
      // At most the requests in flight at the kill were stored without an answer.
      expect(stored.length - acknowledged.length).toBeLessThanOrEqual(WORKERS);
      expect((await verifyLedger(world.handle.db)).problems).toEqual([]);
      const b = await readBalances(world.handle.db, { merchantId: world.merchant.id, gatewayId: world.gateway.id, currency: 'USD' });
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
