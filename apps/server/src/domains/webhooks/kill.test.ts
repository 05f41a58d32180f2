import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createGateway, createMerchant, type GatewayRow, type MerchantRow } from '../../../test/factories';
import { freePort, startServer, waitReady, type ServerProcess } from '../../../test/server-process';
import { createTestDb, type TestDb } from '../../../test/test-db';
import { createTransaction } from '../../../test/trade-factories';
import { operatorScope } from '../../platform/scope';
import { addEndpoint } from './service';

/*
 * Two API nodes (`main.ts`) on one database deliver payment notifications to a receiver on loopback;
 * the node holding the delivery job's lease is killed with SIGKILL in the middle. The other node takes
 * the job over once the lease lapses (made to lapse at the kill instead of a minute later) and every
 * event arrives: none lost, repeats only of what was in flight at the kill (at least once), and each
 * recorded attempt is one request the receiver got.
 * PostgreSQL only: several nodes share a PostgreSQL database (README "Running several nodes").
 */

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? '');

const EVENTS = 160;

let handle: TestDb;
let dataDir: string;
let merchant: MerchantRow;
let gateway: GatewayRow;
let receiver: http.Server;
const received: string[] = [];
const nodes: ServerProcess[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-webhook-kill-'));
  handle = await createTestDb();
  merchant = await createMerchant(handle.db);
  gateway = await createGateway(handle.db, merchant);
  await createAdmin(handle.db, merchant, { isOwner: true });
  // Each answer takes a little while, so that the kill finds deliveries in flight.
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(String(req.headers['x-webhook-id']));
      setTimeout(() => res.end('ok'), 400);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  await addEndpoint(
    handle.db,
    operatorScope(merchant.id),
    { gatewayNo: gateway.gatewayNo, url: `http://127.0.0.1:${port}/hook`, kinds: ['payment.succeeded'] },
    true,
    Date.now(),
  );
  for (let i = 0; i < EVENTS; i += 1) await createTransaction(handle.db, merchant, gateway);
  // Paused until both nodes are up, so that neither has sent everything before the other is there.
  await handle.db.updateTable('webhook_endpoints').set({ enabled: 0 }).where('merchant_id', '=', merchant.id).execute();
});
afterAll(async () => {
  if (!onPostgres) return;
  for (const n of nodes) if (n.child.exitCode === null) n.child.kill('SIGKILL');
  await Promise.all(nodes.map((n) => n.exited));
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
  await handle.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Waits for `done`, checking every 100 ms, up to `limitMs`. */
async function until(limitMs: number, done: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!onPostgres)('kill -9 of the delivering node', () => {
  it('the other node delivers every event; only what was in flight is sent twice', async () => {
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      const node = startServer({
        databaseUrl: handle.url,
        dataDir: path.join(dataDir, `n${i}`),
        port,
        env: { WEBHOOK_ALLOW_LOCAL: 'true' },
      });
      nodes.push(node);
      await waitReady(port, node.child, node.log);
    }
    await handle.db.updateTable('webhook_endpoints').set({ enabled: 1 }).where('merchant_id', '=', merchant.id).execute();
    await until(60_000, () => received.length >= 5);
    const lease = await handle.db
      .selectFrom('job_leases')
      .select('holder')
      .where('name', '=', 'webhook-delivery')
      .executeTakeFirstOrThrow();
    const pid = Number(lease.holder.split(':')[1]);
    const holder = nodes.find((n) => n.child.pid === pid);
    if (!holder) throw new Error(`lease held by ${lease.holder}, not one of the nodes`);
    holder.child.kill('SIGKILL');
    await holder.exited;
    const atKill = received.length;
    // The dead node's lease would lapse by itself within a minute (job-lease.ts); it is made to lapse now,
    // as that minute passing would, so that the test does not wait for it. The node that is left still
    // has to see the lapse and take the job over on its own timer.
    await handle.db
      .updateTable('job_leases')
      .set({ lease_until: Date.now() - 1 })
      .where('name', '=', 'webhook-delivery')
      .execute();

    const events = await handle.db.selectFrom('webhook_events').select('public_id').where('merchant_id', '=', merchant.id).execute();
    expect(events).toHaveLength(EVENTS);
    await until(150_000, () => events.every((e) => received.includes(e.public_id)));
    expect(atKill).toBeLessThan(EVENTS);
    await until(10_000, async () =>
      (await handle.db.selectFrom('webhook_deliveries').select('status').where('merchant_id', '=', merchant.id).execute()).every(
        (d) => d.status === 'delivered',
      ),
    );
    const attempts = await handle.db
      .selectFrom('webhook_attempts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('merchant_id', '=', merchant.id)
      .executeTakeFirstOrThrow();
    // Every recorded attempt is a request the receiver got; the requests not recorded are those the
    // killed node had in flight (at most one batch of 16), sent again by the other node.
    const repeats = received.length - EVENTS;
    expect(repeats).toBeGreaterThanOrEqual(0);
    expect(repeats).toBeLessThanOrEqual(16);
    expect(Number(attempts.n)).toBeLessThanOrEqual(received.length);
    expect(Number(attempts.n)).toBeGreaterThanOrEqual(EVENTS);
    expect(new Set(received).size).toBe(EVENTS);
  }, 240_000);
});
