import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { AdminPath } from '@mbo/shared/system-admins';
import { createDb, type Db, type DbHandle } from '../../db/database';
import { watchedWrites } from '../../db/watched-writes';
import { createAdmin, createGateway, createMerchant, createRole, type GatewayRow, type MerchantRow } from '../../../test/factories';
import { call, signIn, type TestClock } from '../../../test/helpers';
import type { TestDb } from '../../../test/test-db';
import { startTwoNodes, within, type TwoNodes } from '../../../test/two-nodes';
import { VERSION_CHECK_MS } from '../../platform/version-watch';

/*
 * The unread-reminder answers each API process keeps (issue 13 §1), on SQLite and PostgreSQL, with two
 * API nodes on one database: repeated asks cost no reminder query; a reminder read or added is honoured
 * on the very next answer of the node that wrote it, and within VERSION_CHECK_MS on the other node or
 * when the write came from outside any node (a job, an operator command: here a third connection).
 */

let nodes: TwoNodes;
let testDb: TestDb;
let clock: TestClock;
let a: FastifyInstance;
let b: FastifyInstance;
/** A connection outside both nodes: what a job or an operator command writes through. */
let outside: DbHandle;

beforeAll(async () => {
  nodes = await startTwoNodes();
  ({ testDb, clock, a, b } = nodes);
  outside = createDb(testDb.url, { poolMax: 1 });
});
afterAll(async () => {
  await outside.destroy();
  await nodes.close();
});

type Reminder = { id: number; content: string };

async function remind(app: FastifyInstance, token: string, lang: 'en_US' | 'zh_HK' = 'en_US'): Promise<string[]> {
  const res = await call<Reminder[]>(app, ApiPath.reminders, { token, lang });
  expect(res.status).toBe(200);
  expect(res.body.code).toBe(0);
  return res.body.data.map((r) => r.content);
}

async function addReminder(db: Db, m: MerchantRow, text: string, o: { gateway?: GatewayRow; ageMs?: number } = {}): Promise<number> {
  const row = await db
    .insertInto('reminders')
    .values({
      merchant_id: m.id,
      admin_id: null,
      gateway_id: o.gateway?.id ?? null,
      content_zh_cn: `${text}（简）`,
      content_zh_hk: `${text}（繁）`,
      content_en: `${text} (en)`,
      created_at: clock.now() - (o.ageMs ?? 0),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function merchantWithOwner() {
  const m = await createMerchant(testDb.db);
  const g1 = await createGateway(testDb.db, m);
  const g2 = await createGateway(testDb.db, m, { currency: 'EUR' });
  const role = await createRole(testDb.db, m, { isAdmin: true, name: 'administrator' });
  const owner = await createAdmin(testDb.db, m, { isOwner: true, roleId: role.id });
  return { m, g1, g2, owner, ownerToken: await signIn(a, owner) };
}

describe('which statements count as reminder writes', () => {
  it('writes of reminders and reminder_reads do; reads and other tables do not', () => {
    const db = testDb.db;
    const sqlOf = (q: { compile: () => { sql: string } }) => q.compile().sql;
    expect(watchedWrites(sqlOf(db.insertInto('reminder_reads').values({ reminder_id: 1, admin_id: 1, read_at: 1 })))).toEqual([
      'reminders',
    ]);
    expect(watchedWrites(sqlOf(db.deleteFrom('reminders').where('id', '=', 1)))).toEqual(['reminders']);
    expect(watchedWrites(sqlOf(db.selectFrom('reminders').selectAll()))).toEqual([]);
    expect(watchedWrites(sqlOf(db.insertInto('waybill_reminders').values({} as never)))).toEqual([]);
    expect(watchedWrites(sqlOf(db.updateTable('sessions').set({ revoked_at: 1 }).where('id', '=', 1)))).toEqual(['auth']);
  });
});

describe('unread reminders kept by each API node', () => {
  it('answers repeated asks without reading the reminders again, in each language', async () => {
    const { m, ownerToken } = await merchantWithOwner();
    await addReminder(testDb.db, m, 'contract ends');
    expect(await remind(a, ownerToken)).toEqual(['contract ends (en)']);
    expect(await remind(a, ownerToken, 'zh_HK')).toEqual(['contract ends（繁）']);
    const loads = a.reminderAnswers.loads;
    for (let i = 0; i < 20; i += 1) {
      expect(await remind(a, ownerToken)).toEqual(['contract ends (en)']);
      expect(await remind(a, ownerToken, 'zh_HK')).toEqual(['contract ends（繁）']);
    }
    expect(a.reminderAnswers.loads).toBe(loads);
  });

  it('a reminder marked read is gone from the next answer of that node, and from the other node within a second', async () => {
    const { m, ownerToken } = await merchantWithOwner();
    const first = await addReminder(testDb.db, m, 'first', { ageMs: 2000 });
    await addReminder(testDb.db, m, 'second', { ageMs: 1000 });
    expect(await remind(a, ownerToken)).toEqual(['first (en)', 'second (en)']);
    expect(await remind(b, ownerToken)).toEqual(['first (en)', 'second (en)']);

    const read = await call(a, `/messageReminder/read/${first}`, { method: 'PUT', token: ownerToken, lang: 'en_US' });
    expect(read.body.code).toBe(0);
    expect(await remind(a, ownerToken)).toEqual(['second (en)']);
    const took = await within(VERSION_CHECK_MS + 1500, async () => (await remind(b, ownerToken)).join() === 'second (en)');
    expect(took).toBeLessThan(VERSION_CHECK_MS + 1500);
  });

  it('a reminder added from outside the nodes (a job, an operator command) shows on both within a second', async () => {
    const { m, ownerToken } = await merchantWithOwner();
    expect(await remind(a, ownerToken)).toEqual([]);
    expect(await remind(b, ownerToken)).toEqual([]);
    await addReminder(outside.db, m, 'chargeback due');
    await within(VERSION_CHECK_MS + 1500, async () => (await remind(a, ownerToken)).join() === 'chargeback due (en)');
    await within(VERSION_CHECK_MS + 1500, async () => (await remind(b, ownerToken)).join() === 'chargeback due (en)');
  });

  it("a gateway's reminder shows to an admin once that gateway is assigned to them, at once on the node that assigned it", async () => {
    const { m, g1, g2, ownerToken } = await merchantWithOwner();
    const role = await createRole(testDb.db, m, { permissions: ['/merchant/showMerchantDetails'] });
    const admin = await createAdmin(testDb.db, m, { roleId: role.id, gateways: [g1] });
    const token = await signIn(a, admin);
    await addReminder(testDb.db, m, 'g1 case', { gateway: g1, ageMs: 2000 });
    await addReminder(testDb.db, m, 'g2 case', { gateway: g2, ageMs: 1000 });
    expect(await remind(a, token)).toEqual(['g1 case (en)']);
    expect(await remind(a, ownerToken)).toEqual(['g1 case (en)', 'g2 case (en)']);

    const update = await call(a, AdminPath.update, {
      token: ownerToken,
      body: { adminId: admin.id, roleId: role.id, gatewayNos: [g1.gatewayNo, g2.gatewayNo], mayViewAccount: false },
    });
    expect(update.body.code).toBe(0);
    expect(await remind(a, token)).toEqual(['g1 case (en)', 'g2 case (en)']);
  });
});
