import { beforeAll, describe, expect, it } from 'vitest';
import { RefundPath } from '@mbo/shared/refunds';
import { freePort, post, serverWorldForFile, signInOverHttp, startLoad, startServer, waitReady } from '../test/server-process';
import { createTransaction, type TransactionRow } from '../test/trade-factories';

/*
 * SIGTERM during a load of refund applications, against the real server process (`main.ts`) on its
 * own database: the server stops accepting connections, answers every request it had taken, closes
 * the database and exits 0. Every application that was answered "applied" is stored, and nothing is
 * stored that was not answered (no request cut mid-way).
 */

const WORKERS = 6;

const world = serverWorldForFile('mbo-sigterm-');
let trade: TransactionRow;

beforeAll(async () => {
  trade = await createTransaction(world.handle.db, world.merchant, world.gateway, { amount: 100_000_000 });
});

describe('graceful shutdown', () => {
  it('on SIGTERM during a refund load: every acknowledged refund is stored, none is cut, exit code 0', async () => {
    const port = await freePort();
    const { child, exited, log } = startServer({
      databaseUrl: world.handle.url,
      dataDir: world.dataDir,
      port,
      env: { SHUTDOWN_TIMEOUT_SECONDS: '20' },
    });

    try {
      await waitReady(port, child, log);
      const token = await signInOverHttp(port, world.owner);

      let signalAt = Number.POSITIVE_INFINITY;
      const { outcomes, stop } = startLoad({
        workers: WORKERS,
        reasonPrefix: 'load',
        send: (reason) => post(port, RefundPath.apply, { tradeNo: trade.tradeNo, amount: '0.01', reason }, token),
        createdNo: (data) => data.refundNo,
        failed: (e, reason) =>
          // After the listener closed, a new connection is refused (or reset before the request is read).
          !e.afterHeaders && (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET')
            ? { outcome: { kind: 'refused-connection', reason }, stop: Date.now() > signalAt }
            : { outcome: { kind: 'cut', reason, detail: `${e.code ?? ''} ${e.message}` }, stop: false },
      });
      // Let the load run, then stop the server in the middle of it.
      await new Promise((r) => setTimeout(r, 1500));
      signalAt = Date.now();
      child.kill('SIGTERM');
      const code = await exited;
      await stop();

      expect(code, log()).toBe(0);
      const answered = outcomes.filter((o) => o.kind === 'answered');
      const cut = outcomes.filter((o) => o.kind === 'cut');
      expect(cut, JSON.stringify(cut.slice(0, 3))).toEqual([]);
      expect(answered.length).toBeGreaterThan(5);
      expect(answered.every((o) => o.code === 0)).toBe(true);
      // Requests taken before the signal and answered after it: the server finished them instead of dropping them.
      const inFlight = answered.filter((o) => o.startedAt < signalAt && o.endedAt >= signalAt);
      expect(inFlight.length).toBeGreaterThan(0);

      const stored = await world.handle.db
        .selectFrom('refunds')
        .select(['refund_no', 'reason'])
        .where('transaction_id', '=', trade.id)
        .execute();
      const storedNos = new Set(stored.map((r) => r.refund_no));
      for (const o of answered) expect(storedNos.has(o.createdNo ?? ''), o.reason).toBe(true);
      // Nothing stored that was not answered: a request is either answered or never taken.
      expect(stored.length).toBe(answered.length);
      console.log(
        `sigterm under load: ${answered.length} refunds answered and stored (${inFlight.length} in flight at the signal), ` +
          `${outcomes.length - answered.length} connections refused after the listener closed, 0 cut, exit code ${code}`,
      );
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 120_000);
});
