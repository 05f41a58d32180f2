import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { RefundPath, refundablePath } from '@mbo/shared/refunds';
import { RiskPath } from '@mbo/shared/risk';
import { AdminPath } from '@mbo/shared/system-admins';
import { RolePath } from '@mbo/shared/system-roles';
import {
  createAdmin,
  createGateway,
  createMerchant,
  createPerson,
  createRole,
  type AdminRow,
  type MerchantRow,
} from '../../test/factories';
import { call, signIn } from '../../test/helpers';
import type { TestDb } from '../../test/test-db';
import { createTransaction, type TransactionRow } from '../../test/trade-factories';
import { startTwoNodes, type TwoNodes } from '../../test/two-nodes';

/*
 * A session ended on one API node cannot change anything on another, not even within the second the
 * session cache trusts its last read of the auth counter (auth-cache.ts): every request that changes
 * something reads the counter first. Reads keep the cache's bound. Two app instances on one database,
 * SQLite and PostgreSQL.
 */

let nodes: TwoNodes;
let testDb: TestDb;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  nodes = await startTwoNodes();
  ({ testDb, a, b } = nodes);
});
afterAll(async () => {
  await nodes.close();
});

const APPLY = 'Refundment:Apply';
const REFUNDS = '/refundment/forwardRefundmentList';
const DETAILS = '/merchant/showMerchantDetails';
const BLACKLIST = '/blacklist/showBlacklist';
const BLACKLIST_EDIT = 'Blacklist:Edit';

type Shop = { m: MerchantRow; tx: TransactionRow; ownerToken: string };

async function shop(): Promise<Shop> {
  const m = await createMerchant(testDb.db);
  const g = await createGateway(testDb.db, m);
  const owner = await createAdmin(testDb.db, m, { isOwner: true, personId: (await createPerson(testDb.db)).id });
  const tx = await createTransaction(testDb.db, m, g, { amount: 10_000 });
  return { m, tx, ownerToken: await signIn(a, owner) };
}

async function member(s: Shop): Promise<{ admin: AdminRow; roleId: number; token: string }> {
  const role = await createRole(testDb.db, s.m, { permissions: [REFUNDS, DETAILS, APPLY, BLACKLIST, BLACKLIST_EDIT] });
  const admin = await createAdmin(testDb.db, s.m, { roleId: role.id });
  return { admin, roleId: role.id, token: await signIn(a, admin) };
}

const refund = (app: FastifyInstance, s: Shop, token: string) =>
  call<{ refundNo: string }>(app, RefundPath.apply, { token, body: { tradeNo: s.tx.tradeNo, amount: '1.00', reason: 'after sign-out' } });

const refundsOf = async (s: Shop) =>
  (await testDb.db.selectFrom('refunds').select('id').where('transaction_id', '=', s.tx.id).execute()).length;

/** B knows the session and its access, and has just read the auth counter: its cache would answer from memory. */
async function warm(app: FastifyInstance, s: Shop, token: string): Promise<void> {
  expect((await call(app, refundablePath(s.tx.tradeNo), { token })).status).toBe(200);
  expect((await call(app, ApiPath.gateways, { token })).status).toBe(200);
}

describe('a session ended on node A changes nothing on node B, at once', () => {
  it('signed out on A: the very next refund on B is refused with 401 and nothing is stored', async () => {
    const s = await shop();
    const { token } = await member(s);
    await warm(b, s, token);
    expect((await call(a, ApiPath.logout, { token, method: 'POST' })).body.code).toBe(0);
    const res = await refund(b, s, token);
    expect(res.status).toBe(401);
    expect(await refundsOf(s)).toBe(0);
  });

  it('password changed on A: the other sessions can no longer refund on B', async () => {
    const s = await shop();
    const { admin, token: changing } = await member(s);
    const other = await signIn(a, admin);
    await warm(b, s, other);
    const changed = await call(a, ApiPath.updatePassword, {
      token: changing,
      body: { oldPassword: admin.password, newPassword: 'Writes#Pass26', confirmPassword: 'Writes#Pass26' },
    });
    expect(changed.body.code).toBe(0);
    expect((await refund(b, s, other)).status).toBe(401);
    expect(await refundsOf(s)).toBe(0);
  });

  it('admin disabled on A: 401 on B', async () => {
    const s = await shop();
    const { admin, token } = await member(s);
    await warm(b, s, token);
    expect((await call(a, AdminPath.disable, { token: s.ownerToken, body: { adminId: admin.id } })).body.code).toBe(0);
    expect((await refund(b, s, token)).status).toBe(401);
    expect(await refundsOf(s)).toBe(0);
  });

  it('a permission taken from the role on A: refused on B', async () => {
    const s = await shop();
    const { roleId, token } = await member(s);
    const before = await call(b, RiskPath.blacklistAdd, {
      token,
      body: { type: 'email', value: `before-${s.m.id}@example.com`, reason: 'test' },
    });
    expect(before.body.code).toBe(0);
    await warm(b, s, token);
    const update = await call(a, RolePath.update, {
      token: s.ownerToken,
      body: { roleId, name: 'narrowed', nameCn: '客服', nameEn: 'Support', description: '', permissions: [REFUNDS, DETAILS, BLACKLIST] },
    });
    expect(update.body.code).toBe(0);
    const value = `after-narrowing-${s.m.id}@example.com`;
    const add = await call(b, RiskPath.blacklistAdd, { token, body: { type: 'email', value, reason: 'test' } });
    expect(add.status).toBe(403);
    expect((await refund(b, s, token)).status).toBe(403);
    expect(await refundsOf(s)).toBe(0);
    expect(await testDb.db.selectFrom('blacklist_entries').select('id').where('merchant_id', '=', s.m.id).execute()).toHaveLength(1);
  });
});

describe('the cost', () => {
  it('a write reads the auth counter once and nothing else when nothing changed; reads stay on the cache', async () => {
    const s = await shop();
    const { token } = await member(s);
    await warm(b, s, token);
    // B now holds the counter as of after the sign-in (which moved it).
    expect((await refund(b, s, token)).body.code).toBe(0);
    const before = { ...b.authCache.stats };
    expect((await refund(b, s, token)).body.code).toBe(0);
    expect(b.authCache.stats.versionReads - before.versionReads).toBe(1);
    expect(b.authCache.stats.sessionLoads).toBe(before.sessionLoads);
    expect(b.authCache.stats.accessLoads).toBe(before.accessLoads);
    const reads = b.authCache.stats.versionReads;
    const started = performance.now();
    for (let i = 0; i < 20; i += 1) expect((await call(b, ApiPath.gateways, { token })).status).toBe(200);
    const seconds = (performance.now() - started) / 1000;
    expect(b.authCache.stats.versionReads - reads).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  });
});
