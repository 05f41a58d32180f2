import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefundPath } from '@mbo/shared/refunds';
import { createAdmin, createGateway, createMerchant, createPerson, type AdminRow } from '../test/factories';
import { freePort, post, signInOverHttp, startServer, waitReady } from '../test/server-process';
import { createTestDb, type TestDb } from '../test/test-db';
import { createTransaction, type TransactionRow } from '../test/trade-factories';

/*
 * SIGTERM during a load of refund applications, against the real server process (`main.ts`) on its
 * own database: the server stops accepting connections, answers every request it had taken, closes
 * the database and exits 0. Every application that was answered "applied" is stored, and nothing is
 * stored that was not answered (no request cut mid-way).
 */

const WORKERS = 6;

let handle: TestDb;
let databaseUrl: string;
let dataDir: string;
let owner: AdminRow;
let trade: TransactionRow;

type Outcome =
  | { kind: 'answered'; code: number; refundNo: string | null; startedAt: number; endedAt: number; reason: string }
  | { kind: 'refused-connection'; reason: string }
  | { kind: 'cut'; reason: string; detail: string };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-sigterm-'));
  handle = await createTestDb();
  databaseUrl = handle.url;
  const merchant = await createMerchant(handle.db);
  const gateway = await createGateway(handle.db, merchant, { currency: 'USD' });
  owner = await createAdmin(handle.db, merchant, { personId: (await createPerson(handle.db)).id, isOwner: true });
  trade = await createTransaction(handle.db, merchant, gateway, { amount: 100_000_000 });
});

afterAll(async () => {
  await handle.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown', () => {
  it('on SIGTERM during a refund load: every acknowledged refund is stored, none is cut, exit code 0', async () => {
    const port = await freePort();
    const { child, exited, log } = startServer({ databaseUrl, dataDir, port, env: { SHUTDOWN_TIMEOUT_SECONDS: '20' } });

    try {
      await waitReady(port, child, log);
      const token = await signInOverHttp(port, owner);

      let signalAt = Number.POSITIVE_INFINITY;
      let stop = false;
      let seq = 0;
      const outcomes: Outcome[] = [];
      const worker = async () => {
        while (!stop) {
          seq += 1;
          const reason = `load-${seq}`;
          const startedAt = Date.now();
          try {
            const res = await post(port, RefundPath.apply, { tradeNo: trade.tradeNo, amount: '0.01', reason }, token);
            const body = JSON.parse(res.text) as { code: number; data: { refundNo?: string } | null };
            outcomes.push({
              kind: 'answered',
              code: body.code,
              refundNo: body.data?.refundNo ?? null,
              startedAt,
              endedAt: Date.now(),
              reason,
            });
          } catch (error) {
            const e = error as NodeJS.ErrnoException & { afterHeaders?: boolean };
            // After the listener closed, a new connection is refused (or reset before the request is read).
            if (!e.afterHeaders && (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET')) {
              outcomes.push({ kind: 'refused-connection', reason });
              if (Date.now() > signalAt) stop = true;
            } else {
              outcomes.push({ kind: 'cut', reason, detail: `${e.code ?? ''} ${e.message}` });
            }
          }
        }
      };
      const load = Promise.all(Array.from({ length: WORKERS }, worker));
      // Let the load run, then stop the server in the middle of it.
      await new Promise((r) => setTimeout(r, 1500));
      signalAt = Date.now();
      child.kill('SIGTERM');
      const code = await exited;
      stop = true;
      await load;

      expect(code, log()).toBe(0);
      const answered = outcomes.filter((o) => o.kind === 'answered');
      const cut = outcomes.filter((o) => o.kind === 'cut');
      expect(cut, JSON.stringify(cut.slice(0, 3))).toEqual([]);
      expect(answered.length).toBeGreaterThan(5);
      expect(answered.every((o) => o.code === 0)).toBe(true);
      // Requests taken before the signal and answered after it: the server finished them instead of dropping them.
      const inFlight = answered.filter((o) => o.startedAt < signalAt && o.endedAt >= signalAt);
      expect(inFlight.length).toBeGreaterThan(0);

      const stored = await handle.db.selectFrom('refunds').select(['refund_no', 'reason']).where('transaction_id', '=', trade.id).execute();
      const storedNos = new Set(stored.map((r) => r.refund_no));
      for (const o of answered) expect(storedNos.has(o.refundNo ?? ''), o.reason).toBe(true);
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
