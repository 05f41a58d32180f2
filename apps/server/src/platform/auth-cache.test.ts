import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { MerchantStatus } from '@mbo/shared/merchants';
import { AdminPath } from '@mbo/shared/system-admins';
import { RolePath } from '@mbo/shared/system-roles';
import { writesAuthData } from '../db/watched-writes';
import { createAdmin, createRole, type AdminRow, type GatewayRow } from '../../test/factories';
import { call, signIn, type TestClock } from '../../test/helpers';
import { business as businessOn, type Biz } from '../../test/system-business';
import type { TestDb } from '../../test/test-db';
import { startTwoNodes, within, type TwoNodes } from '../../test/two-nodes';
import { AUTH_VERSION_CHECK_MS } from './auth-cache';
import { MINUTE_MS } from './time';

/*
 * The session cache (issue 13 §1) on SQLite and PostgreSQL: a signed-in request costs no query once
 * its session is known, every change that ends or narrows a session is honoured on the very next
 * request of the node that made it, idle and absolute expiry still end a session on time, the last use
 * is written at most once a minute, and a second API node on the same database honours a change made
 * on the first within AUTH_VERSION_CHECK_MS.
 */

let nodes: TwoNodes;
let testDb: TestDb;
let clock: TestClock;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  nodes = await startTwoNodes();
  ({ testDb, clock, a, b } = nodes);
});
afterAll(async () => {
  await nodes.close();
});

const DETAILS = '/merchant/showMerchantDetails';
const REFUNDS = '/refundment/forwardRefundmentList';

/** A business on the shared database, its owner signed in on node A. */
const business = () => businessOn({ db: testDb.db, app: a });

async function member(biz: Biz, permissions: string[], gateways?: GatewayRow[]): Promise<{ admin: AdminRow; roleId: number }> {
  const role = await createRole(testDb.db, biz.m, { permissions });
  const admin = await createAdmin(testDb.db, biz.m, { roleId: role.id, ...(gateways ? { gateways } : {}) });
  return { admin, roleId: role.id };
}

/** A member signed in on node A. */
async function memberSignedIn(
  biz: Biz,
  permissions: string[],
  gateways?: GatewayRow[],
): Promise<{ admin: AdminRow; roleId: number; token: string }> {
  const made = await member(biz, permissions, gateways);
  return { ...made, token: await signIn(a, made.admin) };
}

const gatewaysOf = async (app: FastifyInstance, token: string) => {
  const res = await call<{ gatewayNo: string }[]>(app, ApiPath.gateways, { token });
  return { status: res.status, nos: res.status === 200 ? res.body.data.map((g) => g.gatewayNo).sort() : [] };
};

describe('which statements count as auth writes', () => {
  it('writes to the watched tables do, a last-use write and reads do not', () => {
    const db = testDb.db;
    const compiled = (q: { compile: () => { sql: string } }) => q.compile().sql;
    expect(writesAuthData(compiled(db.updateTable('sessions').set({ revoked_at: 1 }).where('id', '=', 1)))).toBe(true);
    expect(writesAuthData(compiled(db.updateTable('sessions as s').set({ two_fa_passed: 1 }).where('s.id', '=', 1)))).toBe(true);
    expect(writesAuthData(compiled(db.deleteFrom('role_permissions').where('role_id', '=', 1)))).toBe(true);
    expect(writesAuthData(compiled(db.insertInto('admin_gateways').values({ admin_id: 1, gateway_id: 1 })))).toBe(true);
    expect(
      writesAuthData(compiled(db.updateTable('sessions').set({ last_seen_at: 1 }).where('id', '=', 1).where('last_seen_at', '<', 1))),
    ).toBe(false);
    expect(writesAuthData(compiled(db.selectFrom('sessions').selectAll()))).toBe(false);
    expect(writesAuthData(compiled(db.insertInto('login_logs').values({} as never)))).toBe(false);
  });
});

describe('a known session costs no query', () => {
  it('serves repeated requests from the cache: no session or permission read, the version read at most once a second', async () => {
    const biz = await business();
    const { token } = await memberSignedIn(biz, [DETAILS]);
    expect((await gatewaysOf(a, token)).status).toBe(200);
    const before = { ...a.authCache.stats };
    const started = performance.now();
    for (let i = 0; i < 50; i += 1) expect((await gatewaysOf(a, token)).status).toBe(200);
    const seconds = (performance.now() - started) / 1000;
    expect(a.authCache.stats.sessionLoads).toBe(before.sessionLoads);
    expect(a.authCache.stats.accessLoads).toBe(before.accessLoads);
    expect(a.authCache.stats.versionReads - before.versionReads).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  });
});

describe('each change is honoured on the very next request of the node that made it', () => {
  it('logout', async () => {
    const biz = await business();
    const { token } = await memberSignedIn(biz, [DETAILS]);
    expect((await gatewaysOf(a, token)).status).toBe(200);
    expect((await call(a, ApiPath.logout, { token, method: 'POST' })).body.code).toBe(0);
    expect((await gatewaysOf(a, token)).status).toBe(401);
  });

  it('password change: the other sessions end, the one that changed it goes on', async () => {
    const biz = await business();
    const { admin } = await member(biz, [DETAILS]);
    const here = await signIn(a, admin);
    const there = await signIn(a, admin);
    expect((await gatewaysOf(a, there)).status).toBe(200);
    const res = await call(a, ApiPath.updatePassword, {
      token: here,
      body: { oldPassword: admin.password, newPassword: 'Cache#Pass26', confirmPassword: 'Cache#Pass26' },
    });
    expect(res.body.code).toBe(0);
    expect((await gatewaysOf(a, there)).status).toBe(401);
    expect((await gatewaysOf(a, here)).status).toBe(200);
  });

  it('a permission removed from the role: 403', async () => {
    const biz = await business();
    const { roleId, token } = await memberSignedIn(biz, [DETAILS]);
    expect((await gatewaysOf(a, token)).status).toBe(200);
    const update = await call(a, RolePath.update, {
      token: biz.ownerToken,
      body: { roleId, name: 'narrowed', nameCn: '客服', nameEn: 'Support', description: '', permissions: [REFUNDS] },
    });
    expect(update.body.code).toBe(0);
    expect((await gatewaysOf(a, token)).status).toBe(403);
  });

  it('another role given to the admin, and a gateway taken out of their scope', async () => {
    const biz = await business();
    const { admin, token } = await memberSignedIn(biz, [DETAILS], [biz.g1, biz.g2]);
    expect((await gatewaysOf(a, token)).nos).toEqual([biz.g1.gatewayNo, biz.g2.gatewayNo].sort());
    const narrower = await createRole(testDb.db, biz.m, { permissions: [DETAILS] });
    const update = await call(a, AdminPath.update, {
      token: biz.ownerToken,
      body: { adminId: admin.id, roleId: narrower.id, gatewayNos: [biz.g1.gatewayNo], mayViewAccount: false },
    });
    expect(update.body.code).toBe(0);
    expect((await gatewaysOf(a, token)).nos).toEqual([biz.g1.gatewayNo]);

    const refundsOnly = await createRole(testDb.db, biz.m, { permissions: [REFUNDS] });
    await call(a, AdminPath.update, {
      token: biz.ownerToken,
      body: { adminId: admin.id, roleId: refundsOnly.id, gatewayNos: [biz.g1.gatewayNo], mayViewAccount: false },
    });
    expect((await gatewaysOf(a, token)).status).toBe(403);
  });

  it('admin disabled: 401', async () => {
    const biz = await business();
    const { admin, token } = await memberSignedIn(biz, [DETAILS]);
    expect((await gatewaysOf(a, token)).status).toBe(200);
    expect((await call(a, AdminPath.disable, { token: biz.ownerToken, body: { adminId: admin.id } })).body.code).toBe(0);
    expect((await gatewaysOf(a, token)).status).toBe(401);
  });

  it('a write through this process outside any route (an operator fix, a test) (a merchant disabled) is honoured at once too', async () => {
    const biz = await business();
    const { token } = await memberSignedIn(biz, [DETAILS]);
    expect((await gatewaysOf(a, token)).status).toBe(200);
    await testDb.db.updateTable('merchants').set({ status: MerchantStatus.disabled }).where('id', '=', biz.m.id).execute();
    expect((await gatewaysOf(a, token)).status).toBe(401);
  });
});

describe('expiry from the cache', () => {
  it('idle: ends exactly SESSION_IDLE_MINUTES after the last recorded use', async () => {
    const biz = await business();
    const { token } = await memberSignedIn(biz, [DETAILS]);
    const idle = 30 * MINUTE_MS;
    clock.advance(idle - 1);
    expect((await gatewaysOf(a, token)).status).toBe(200);
    // That use was written (the stored one was over a minute old): a full idle period from it ends the session.
    clock.advance(idle - 1);
    expect((await gatewaysOf(a, token)).status).toBe(200);
    clock.advance(idle);
    expect((await gatewaysOf(a, token)).status).toBe(401);
  });

  it('absolute: ends SESSION_MAX_HOURS after sign-in however active', async () => {
    const biz = await business();
    const { token } = await memberSignedIn(biz, [DETAILS]);
    const max = 12 * 60 * MINUTE_MS;
    let used = 0;
    while (used + 20 * MINUTE_MS < max) {
      clock.advance(20 * MINUTE_MS);
      used += 20 * MINUTE_MS;
      expect((await gatewaysOf(a, token)).status).toBe(200);
    }
    clock.advance(max - used - 1);
    expect((await gatewaysOf(a, token)).status).toBe(200);
    clock.advance(1);
    expect((await gatewaysOf(a, token)).status).toBe(401);
  });

  it('another node that kept the session alive is believed: the row is read again before refusing', async () => {
    const biz = await business();
    const { token } = await memberSignedIn(biz, [DETAILS]);
    expect((await gatewaysOf(b, token)).status).toBe(200);
    clock.advance(20 * MINUTE_MS);
    expect((await gatewaysOf(a, token)).status).toBe(200);
    clock.advance(20 * MINUTE_MS);
    // B last saw it 40 minutes ago, A 20 minutes ago and wrote that use.
    expect((await gatewaysOf(b, token)).status).toBe(200);
  });
});

describe('last use', () => {
  it('is written at most once a minute per session', async () => {
    await sql`create table last_use_writes (n integer not null)`.execute(testDb.db);
    await sql`insert into last_use_writes (n) values (0)`.execute(testDb.db);
    if (testDb.dialect === 'postgres') {
      await sql`create function last_use_bump() returns trigger language plpgsql as $$
        begin update last_use_writes set n = n + 1; return null; end $$`.execute(testDb.db);
      await sql`create trigger last_use_count after update of last_seen_at on sessions for each row execute function last_use_bump()`.execute(
        testDb.db,
      );
    } else {
      await sql`create trigger last_use_count after update of last_seen_at on sessions
        begin update last_use_writes set n = n + 1; end`.execute(testDb.db);
    }
    const biz = await business();
    const { token } = await memberSignedIn(biz, [DETAILS]);
    // 60 requests, one every 5 s, over 5 minutes.
    for (let i = 0; i < 60; i += 1) {
      clock.advance(5_000);
      expect((await gatewaysOf(a, token)).status).toBe(200);
    }
    const n = await sql<{ n: number }>`select n from last_use_writes`.execute(testDb.db);
    expect(Number(n.rows[0]?.n)).toBe(5);
  });
});

describe('two API nodes on one database', () => {
  it(`a change made on node A is honoured on node B within ${AUTH_VERSION_CHECK_MS} ms`, async () => {
    const biz = await business();
    const { admin, roleId, token } = await memberSignedIn(biz, [DETAILS], [biz.g1, biz.g2]);
    expect((await gatewaysOf(b, token)).nos).toHaveLength(2);
    const loads = b.authCache.stats.sessionLoads;
    expect((await gatewaysOf(b, token)).status).toBe(200);
    expect(b.authCache.stats.sessionLoads).toBe(loads);

    // Gateway scope narrowed on A.
    await call(a, AdminPath.update, {
      token: biz.ownerToken,
      body: { adminId: admin.id, roleId, gatewayNos: [biz.g2.gatewayNo], mayViewAccount: false },
    });
    expect((await gatewaysOf(a, token)).nos).toEqual([biz.g2.gatewayNo]);
    const scopeMs = await within(AUTH_VERSION_CHECK_MS + 500, async () => (await gatewaysOf(b, token)).nos.length === 1);

    // Permission removed on A.
    await call(a, RolePath.update, {
      token: biz.ownerToken,
      body: { roleId, name: 'narrowed', nameCn: '客服', nameEn: 'Support', description: '', permissions: [REFUNDS] },
    });
    expect((await gatewaysOf(a, token)).status).toBe(403);
    const roleMs = await within(AUTH_VERSION_CHECK_MS + 500, async () => (await gatewaysOf(b, token)).status === 403);

    // Signed out on A.
    await call(a, ApiPath.logout, { token, method: 'POST' });
    expect((await gatewaysOf(a, token)).status).toBe(401);
    const logoutMs = await within(AUTH_VERSION_CHECK_MS + 500, async () => (await gatewaysOf(b, token)).status === 401);
    console.log(`node B honoured: scope ${scopeMs.toFixed(0)} ms, role ${roleMs.toFixed(0)} ms, logout ${logoutMs.toFixed(0)} ms`);
  });

  it('and node B refuses a token the moment B itself signs it out, while A learns within the bound', async () => {
    const biz = await business();
    const { admin } = await member(biz, [DETAILS]);
    const token = await signIn(b, admin);
    expect((await gatewaysOf(a, token)).status).toBe(200);
    await call(b, ApiPath.logout, { token, method: 'POST' });
    expect((await gatewaysOf(b, token)).status).toBe(401);
    await within(AUTH_VERSION_CHECK_MS + 500, async () => (await gatewaysOf(a, token)).status === 401);
  });
});
