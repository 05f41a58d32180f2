import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createAdmin, createGateway, createMerchant, createPerson, createRole, type AdminRow } from '../test/factories';
import { caseArb, fixedCases, type FuzzCase, type FuzzFixture } from '../test/fuzz-cases';
import { createTestApp, login, type TestContext } from '../test/helpers';
import { fillParams, routeCatalog, type CatalogRoute } from '../test/route-catalog';
import { createTransaction } from '../test/trade-factories';
import { TABLES_IN_DEPENDENCY_ORDER } from './db/types';

/*
 * Property-based fuzzing of every API route the server registers (enumerated from the server, not a
 * hand list). Each case is built from the route's own request schemas, then broken: wrong types,
 * missing and extra fields, empty and 1 MB strings, unicode, NaN and 1e309, arrays for objects,
 * `__proto__` keys, bad dates, bad multipart, malformed URLs (test/fuzz-cases.ts); sent anonymously,
 * as a member limited to one gateway and as the owner. A case fails on any 5xx, any answer outside the `{code,msg,data}`
 * envelope (a successful download excepted), a stack trace or SQL text in the body, a missing security
 * or cache header, and any database write by a request that was refused.
 *
 * `npm test` runs FUZZ_RUNS (default 4) random cases per route and role with a fixed seed, plus the
 * fixed cases; `npm run fuzz` runs 150 per route and role (FUZZ_RUNS and FUZZ_SEED change both).
 * The closing line prints the number of requests and of 5xx answers.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const ROLES = ['anon', 'member', 'owner'] as const;
type Role = (typeof ROLES)[number];

/** Bookkeeping a refused request may legitimately write: audit logs, attempt counters, session use times. */
// auth_state and reminder_state: counters the database bumps for the caches of each API process
// (migrations 0015, 0018), not product data.
// operation_log_heads: the head of the operation log's hash chain, moved with each entry (migration 0032).
const BOOKKEEPING = new Set(['login_logs', 'operation_logs', 'operation_log_heads', 'sign_in_attempts', 'auth_state', 'reminder_state']);
/** Columns that change on refused requests by design: a session's last use, a code's try count (not counted as writes). */
const VOLATILE_COLUMNS: Record<string, string[]> = { sessions: ['last_seen_at'], verification_codes: ['attempts'] };

const LEAK =
  /\bat [\w$.<>]+ \(|node_modules|\.ts:\d+:\d+|SQLITE_|sqlite3?\b|syntax error|relation "|violates|duplicate key|ZodError|TypeError|ReferenceError|RangeError|Cannot read propert|undefined is not|kysely/i;

// Built before the tests are collected, so that each route becomes its own test.
const t: TestContext = await createTestApp();
const routes: CatalogRoute[] = routeCatalog(t.app);
/** Values that exist in the fixture, so valid-looking cases reach past "not found". */
const known: Record<string, string | number> = {};
const fixture: FuzzFixture = { known, now: () => t.clock.now() };
const tokens: Record<Role, string | null> = { anon: null, member: null, owner: null };
const accounts: Partial<Record<Role, AdminRow>> = {};
let merchant: Awaited<ReturnType<typeof createMerchant>>;
let lastWrites = '';

const stats = { requests: 0, byStatus: new Map<number, number>(), refused: 0, downloads: 0, requestMs: 0, writeCheckMs: 0 };

/**
 * Write detection: every insert, delete and update (of the columns that matter) on the tables that
 * hold the product's data bumps one counter, through row triggers the test adds to its own database.
 * A refused request that moves the counter wrote something. Row triggers fire only for rows a
 * statement touched, so a conditional UPDATE that matched nothing is not a write.
 */
async function installWriteCounter(): Promise<void> {
  await sql`create table fuzz_writes (n integer not null)`.execute(t.db);
  await sql`insert into fuzz_writes (n) values (0)`.execute(t.db);
  if (t.dialect === 'postgres') {
    await sql`create function fuzz_bump() returns trigger language plpgsql as $$
      begin update fuzz_writes set n = n + 1; return null; end $$`.execute(t.db);
  }
  for (const table of TABLES_IN_DEPENDENCY_ORDER) {
    if (BOOKKEEPING.has(table)) continue;
    const cols =
      t.dialect === 'postgres'
        ? (
            await sql<{ name: string }>`select column_name as name from information_schema.columns
              where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(t.db)
          ).rows
        : (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(t.db)).rows;
    const watched = sql.join(
      cols
        .map((c) => c.name)
        .filter((c) => !(VOLATILE_COLUMNS[table] ?? []).includes(c))
        .map((c) => sql.ref(c)),
      sql`, `,
    );
    if (t.dialect === 'postgres') {
      await sql`create trigger ${sql.ref(`fuzz_w_${table}`)} after insert or delete or update of ${watched} on ${sql.table(table)}
        for each row execute function fuzz_bump()`.execute(t.db);
    } else {
      for (const [name, event] of [
        ['i', sql`insert`],
        ['d', sql`delete`],
        ['u', sql`update of ${watched}`],
      ] as const) {
        await sql`create trigger ${sql.ref(`fuzz_${name}_${table}`)} after ${event} on ${sql.table(table)}
          begin update fuzz_writes set n = n + 1; end`.execute(t.db);
      }
    }
  }
}

async function writeCount(): Promise<string> {
  const { rows } = await sql<{ n: number }>`select n from fuzz_writes`.execute(t.db);
  return String(rows[0]?.n ?? '');
}

async function signInAs(role: Exclude<Role, 'anon'>): Promise<string> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const a = accounts[role];
    if (a) {
      const res = await login(t.app, a.merchant.merchantNo, a.loginName, a.password, { ip: '10.250.0.9' });
      if (res.body.code === 0) return res.body.data.token;
    }
    // The account was disabled or changed by an earlier case (a fuzzed admin call can do that): make another.
    accounts[role] = await createAccount(role);
  }
  throw new Error(`cannot sign in as ${role}`);
}

async function createAccount(role: Exclude<Role, 'anon'>): Promise<AdminRow> {
  if (role === 'owner') return createAdmin(t.db, merchant, { personId: (await createPerson(t.db)).id, isOwner: true });
  const roleRow = await createRole(t.db, merchant, {
    permissions: ['/merTradeMgr/initTradeRecordPage', 'TradeRecord:Downloads', '/refundment/forwardRefundmentList', 'Refundment:Apply'],
  });
  const gateway = known.gatewayId ? [{ id: Number(known.gatewayId), gatewayNo: String(known.gatewayNo), currency: 'USD' }] : undefined;
  return createAdmin(t.db, merchant, { roleId: roleRow.id, ...(gateway ? { gateways: gateway } : {}) });
}

function check(route: CatalogRoute, role: Role, c: FuzzCase, res: LightMyRequestResponse, wrote: boolean): void {
  const where = `${route.method} ${route.url} as ${role}: HTTP ${res.statusCode}`;
  const text = res.body;
  if (res.statusCode >= 500) throw new Error(`${where} (5xx) for ${JSON.stringify(c).slice(0, 600)}: ${text.slice(0, 300)}`);
  const type = String(res.headers['content-type'] ?? '');
  if (!res.headers['content-security-policy'] || res.headers['x-content-type-options'] !== 'nosniff') {
    throw new Error(`${where}: security headers missing`);
  }
  const documentAnswer = route.download && res.statusCode === 200;
  if (!documentAnswer && !String(res.headers['cache-control'] ?? '').includes('no-store')) {
    throw new Error(`${where}: no Cache-Control: no-store`);
  }
  // Only a route whose success is not an envelope (a file download, the API document) may answer so, and only when it succeeds.
  if (route.download && res.statusCode === 200) {
    stats.downloads += 1;
    return;
  }
  if (!type.startsWith('application/json')) throw new Error(`${where}: not an envelope (${type}): ${text.slice(0, 200)}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${where}: body is not JSON: ${text.slice(0, 200)}`);
  }
  const env = body as { code?: unknown; msg?: unknown; data?: unknown };
  const keys = body && typeof body === 'object' ? Object.keys(body).sort().join(',') : '';
  if (keys !== 'code,data,msg' || typeof env.code !== 'number' || typeof env.msg !== 'string' || env.msg === '') {
    throw new Error(`${where}: not an envelope: ${text.slice(0, 300)}`);
  }
  if (env.code !== 0 && LEAK.test(text)) throw new Error(`${where}: internals in the answer: ${text.slice(0, 300)}`);
  if (env.code !== 0) stats.refused += 1;
  if (env.code !== 0 && wrote) throw new Error(`${where}: a refused request wrote to the database: ${text.slice(0, 200)}`);
}

async function send(route: CatalogRoute, role: Role, c: FuzzCase): Promise<void> {
  const headers: Record<string, string> = { ...c.headers };
  if (role !== 'anon') {
    if (!tokens[role]) {
      tokens[role] = await signInAs(role);
      // The sign-in wrote a session: that is the new state the case is compared against.
      lastWrites = await writeCount();
    }
    headers['x-auth-token'] = tokens[role] ?? '';
  }
  const url = `${fillParams(route.url, c.params)}${c.query ? `?${c.query}` : ''}`;
  const started = performance.now();
  const res = await t.app.inject({
    method: route.method as 'GET',
    url,
    headers: c.body.kind === 'raw' ? { ...headers, 'content-type': c.body.contentType } : headers,
    ...(c.body.kind === 'raw' ? { payload: c.body.payload } : {}),
  });
  await t.app.background.idle();
  const answered = performance.now();
  stats.requests += 1;
  stats.byStatus.set(res.statusCode, (stats.byStatus.get(res.statusCode) ?? 0) + 1);
  const after = await writeCount();
  stats.requestMs += answered - started;
  stats.writeCheckMs += performance.now() - answered;
  const wrote = after !== lastWrites;
  lastWrites = after;
  check(route, role, c, res, wrote);
  // The case ended the session (logout, password change, new business): the next case signs in again.
  if (role !== 'anon' && res.statusCode === 401) tokens[role] = null;
  if (role !== 'anon' && /logout|switchBusiness|createNewBusiness|twoFA|updatePassword|removeAccount/i.test(route.url)) tokens[role] = null;
}

beforeAll(async () => {
  merchant = await createMerchant(t.db);
  const usd = await createGateway(t.db, merchant, { currency: 'USD' });
  const jpy = await createGateway(t.db, merchant, { currency: 'JPY' });
  const trade = await createTransaction(t.db, merchant, usd, { amount: 50_000 });
  await createTransaction(t.db, merchant, jpy, { amount: 12_000 });
  Object.assign(known, {
    tradeNo: trade.tradeNo,
    gatewayNo: usd.gatewayNo,
    gatewayId: usd.id,
    merchantNo: '999999999',
    loginName: 'fuzz-nobody',
    businessId: merchant.id,
  });
  accounts.owner = await createAccount('owner');
  accounts.member = await createAccount('member');
  await installWriteCounter();
  lastWrites = await writeCount();
}, 120_000);

afterAll(async () => {
  const statuses = [...stats.byStatus.entries()].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}: ${n}`);
  const fiveXx = [...stats.byStatus.entries()].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  console.log(
    `route fuzz: ${routes.length} routes, ${stats.requests} requests (seed ${SEED}, ${RUNS} random cases per route and role), ` +
      `${fiveXx} answered 5xx, ${stats.refused} refused, ${stats.downloads} downloads; by HTTP status ${statuses.join(', ')}; ` +
      `${Math.round(stats.requestMs / 1000)} s in requests, ${Math.round(stats.writeCheckMs / 1000)} s checking for writes`,
  );
  await t.close();
});

describe('route fuzz', () => {
  it('enumerates the API routes from the server', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.every((r) => r.url.startsWith('/v3api/'))).toBe(true);
  });

  it.each(routes.map((r) => `${r.method} ${r.url}`))(
    '%s answers malformed input without a 5xx, in the envelope, without writes',
    async (key) => {
      const route = routes.find((r) => `${r.method} ${r.url}` === key);
      expect(route, key).toBeDefined();
      if (!route) return;
      for (const c of fixedCases(route, fixture)) {
        for (const role of ROLES) await send(route, role, c);
      }
      for (const [i, role] of ROLES.entries()) {
        await fc.assert(
          fc.asyncProperty(caseArb(route, fixture), async (c) => {
            await send(route, role, c);
          }),
          { seed: SEED + hashOf(key) + i, numRuns: RUNS, endOnFailure: true },
        );
      }
    },
    30_000 + RUNS * ROLES.length * 400,
  );
});

function hashOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) % 1_000_000;
}
