import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@mbo/shared/api-paths';
import { call, createTestApp, login, type TestContext } from '../test/helpers';
import {
  LIST_EXCEPTIONS,
  LIST_ORACLES,
  type Candidate,
  type Env,
  type FilterOracle,
  type ListOracle,
  type Query,
} from '../test/list-oracles';
import { seedListData } from '../test/list-data';

/*
 * Every list of the API, every filter and sort option of each, against an independent SQL statement of
 * what the rows should be (test/list-oracles.ts), as a merchant's administrator reads them: through
 * HTTP, every page by its cursor. The lists and their filters are read from the OpenAPI document the
 * server serves, so a list or a filter added later without an oracle here fails the test.
 *
 * For each filter the value is one that some rows of the caller's merchant have and others do not,
 * found by the oracle in the data; the test fails when no such value exists, so it never passes by
 * comparing two empty lists or two unfiltered ones.
 */

const PAGING = new Set(['page', 'limit', 'after']);
const RANGE = new Set(['from', 'to']);
/** Small pages, so that every walk crosses several cursors; a long list (over LONG rows) is read 50 at a time. */
const LIMIT = 20;
const LONG = 150;
const pageSize = (q: Query) => Number(q.limit ?? LIMIT);
const TZ_OFFSET_MS = 8 * 3_600_000; // Asia/Shanghai, the timezone of a request without one (no summer time)
const DAY_MS = 86_400_000;

type Page = { list: Record<string, unknown>[]; total: number; capped: boolean; nextCursor: string | null };
type JsonSchema = { properties?: Record<string, JsonSchema>; oneOf?: JsonSchema[] };
type Operation = {
  parameters?: { in: string; name: string }[];
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};

let t: TestContext;
let token: string;
/** A member limited to some of the merchant's gateways, and their numbers. */
let member: { token: string; gateways: string[] };
let env: Env;
/** Path (without the API prefix) -> its filter parameters, as the OpenAPI document declares them. */
let lists: Map<string, string[]>;
let range: { from: string; to: string; fromMs: number; toMs: number };

const dateOf = (ms: number) => new Date(ms + TZ_OFFSET_MS).toISOString().slice(0, 10);
const startOf = (date: string) => Date.parse(`${date}T00:00:00Z`) - TZ_OFFSET_MS;

function isListPage(op: Operation): boolean {
  const schema = op.responses?.['200']?.content?.['application/json']?.schema;
  const data = (schema?.oneOf?.[0] ?? schema)?.properties?.data;
  return data?.properties?.list !== undefined && data.properties.nextCursor !== undefined;
}

beforeAll(async () => {
  t = await createTestApp();
  const seeded = await seedListData(t);
  env = { merchantId: seeded.merchantId, now: t.clock.now() };
  const signedIn = await login(t.app, seeded.merchantNo, seeded.loginName, seeded.password);
  token = signedIn.body.data.token;
  const memberIn = await login(t.app, seeded.member.merchantNo, seeded.member.loginName, seeded.member.password);
  const assigned = await sql<{ no: string }>`select g.gateway_no as no from admin_gateways ag
    join gateways g on g.id = ag.gateway_id join admins a on a.id = ag.admin_id
    where a.merchant_id = ${env.merchantId} and g.merchant_id = ${env.merchantId} and a.login_name = ${seeded.member.loginName}`.execute(
    t.db,
  );
  member = { token: memberIn.body.data.token, gateways: assigned.rows.map((r) => r.no) };
  const today = dateOf(env.now);
  const start = new Date(`${today}T00:00:00Z`);
  start.setUTCMonth(start.getUTCMonth() - 5);
  const from = start.toISOString().slice(0, 10);
  range = { from, to: today, fromMs: startOf(from), toMs: startOf(today) + DAY_MS };

  const doc = (await t.app.inject({ url: `${API_BASE}/openapi.json` })).json<{ paths: Record<string, { get?: Operation }> }>();
  lists = new Map();
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!ops.get || !isListPage(ops.get)) continue;
    const params = (ops.get.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    lists.set(path.slice(API_BASE.length), params);
  }
}, 60_000);

afterAll(async () => {
  await t.close();
});

/** The keys of the rows the oracle expects for a query, in the list's order. */
async function expected(o: ListOracle, q: Query, conds: RawBuilder<unknown>[], window = range): Promise<string[]> {
  const parts = [o.scope(env), ...conds];
  if (o.time) parts.push(inWindow(o, o.time(q), window));
  const res = await sql<{ k: string | number }>`select ${sql.raw(o.key.sql)} as k from ${sql.raw(o.from)}
    where ${sql.join(
      parts.map((p) => sql`(${p})`),
      sql` and `,
    )}
    ${o.groupBy ? sql`group by ${sql.raw(o.groupBy)}` : sql``}
    order by ${sql.raw(o.order(q))}`.execute(t.db);
  return res.rows.map((r) => String(r.k));
}

/** The list's time column within the range: instants from the first day's start to the last day's end, or business days. */
function inWindow(o: ListOracle, column: string, window: typeof range) {
  const col = sql.raw(column);
  return o.days ? sql`${col} >= ${window.from} and ${col} <= ${window.to}` : sql`${col} >= ${window.fromMs} and ${col} < ${window.toMs}`;
}

const keyOf = (o: ListOracle, row: Record<string, unknown>) =>
  typeof o.key.api === 'string' ? String(row[o.key.api]) : o.key.api.map((f) => String(row[f])).join('|');

/** Every row of the list for the query, page after page by the next-page cursor. */
async function walk(path: string, o: ListOracle, q: Query, caller = token): Promise<string[]> {
  const keys: string[] = [];
  let after: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const query: Query = { ...q, limit: String(pageSize(q)), ...(after ? { after } : {}) };
    const res = await call<Page>(t.app, path, { token: caller, query });
    expect(res.body.code, `${path} ${JSON.stringify(query)}: ${res.body.msg}`).toBe(0);
    keys.push(...res.body.data.list.map((r) => keyOf(o, r)));
    after = res.body.data.nextCursor;
    if (after === null) {
      // A list short enough for one page by number (announcements) says so by its total.
      if (keys.length < res.body.data.total && !res.body.data.capped && res.body.data.list.length === pageSize(q)) {
        return [...keys, ...(await byNumber(path, o, q, keys.length / pageSize(q) + 1, caller))];
      }
      return keys;
    }
  }
  throw new Error(`${path}: more than 200 pages`);
}

async function byNumber(path: string, o: ListOracle, q: Query, first: number, caller: string): Promise<string[]> {
  const keys: string[] = [];
  for (let page = first; ; page++) {
    const res = await call<Page>(t.app, path, { token: caller, query: { ...q, limit: String(pageSize(q)), page: String(page) } });
    expect(res.body.code).toBe(0);
    keys.push(...res.body.data.list.map((r) => keyOf(o, r)));
    if (res.body.data.list.length < pageSize(q)) return keys;
  }
}

/**
 * The values worth trying for a filter: those the oracle's column holds among the caller's rows (for
 * an equality, with how many rows hold each), pieces of them for a "contains", or the given ones.
 */
async function candidates(o: ListOracle, f: FilterOracle, base: Query): Promise<(Candidate & { rows?: number })[]> {
  if ('given' in f.values) return f.values.given.map((v) => ({ api: String(v), db: v }));
  const column = sql.raw(f.values.column);
  const parts = [o.scope(env)];
  if (o.time) parts.push(inWindow(o, o.time(base), range));
  const res = await sql<{ v: string | number | null; n: string | number }>`select ${column} as v, count(*) as n from ${sql.raw(o.from)}
    where ${sql.join(
      parts.map((p) => sql`(${p})`),
      sql` and `,
    )} and ${column} is not null group by ${column} order by v`.execute(t.db);
  const values = res.rows.flatMap((r) => (r.v === null || r.v === '' ? [] : [{ v: r.v, n: Number(r.n) }]));
  if (!f.values.contains) return values.map(({ v, n }) => ({ api: String(v), db: v, rows: n }));
  // A piece of a value: matches that row and any other that has the same piece.
  const pieces = new Set(values.map(({ v }) => String(v).toLowerCase().slice(2, 7)).filter((p) => p.length >= 3));
  return [...pieces].map((p) => ({ api: p, db: p }));
}

/**
 * A value that keeps some of the rows but not all. The walk should cross a page (more rows than a
 * page) without reading the whole list again: the value keeping the fewest rows above a page, else
 * the one keeping the most.
 */
async function pickValue(o: ListOracle, name: string, f: FilterOracle, baseQ: Query, all: string[]) {
  const score = (n: number) => (n > pageSize(baseQ) ? -n : n - all.length);
  let tried = (await candidates(o, f, baseQ)).filter((c) => c.rows === undefined || (c.rows > 0 && c.rows < all.length));
  // Equalities know their counts already: only the best is read.
  if (tried.every((c) => c.rows !== undefined)) tried = tried.sort((a, b) => score(b.rows ?? 0) - score(a.rows ?? 0)).slice(0, 1);
  let best: { c: Candidate; rows: string[] } | null = null;
  for (const c of tried.slice(0, 40)) {
    const q = { ...baseQ, [name]: c.api };
    const rows = await expected(o, q, [f.cond(c, env)]);
    if (rows.length > 0 && rows.length < all.length && (!best || score(rows.length) > score(best.rows.length))) best = { c, rows };
  }
  return best;
}

describe('every list and every filter of the API', () => {
  it('each list route has an oracle (or is named as an exception with the reason), and each filter of it too', () => {
    const covered = new Set([...Object.keys(LIST_ORACLES), ...Object.keys(LIST_EXCEPTIONS)]);
    expect([...lists.keys()].filter((p) => !covered.has(p)).sort(), 'lists without an oracle').toEqual([]);
    expect(
      Object.keys(LIST_ORACLES)
        .filter((p) => !lists.has(p))
        .sort(),
      'oracles of lists the API no longer has',
    ).toEqual([]);
    for (const [path, params] of lists) {
      const o = LIST_ORACLES[path];
      if (!o) continue;
      const filters = params.filter((p) => !PAGING.has(p) && !RANGE.has(p)).sort();
      expect(filters, `${path}: filters`).toEqual(Object.keys(o.filters).sort());
      expect(
        params.filter((p) => RANGE.has(p)),
        `${path}: date range`,
      ).toEqual(o.time ? ['from', 'to'] : []);
    }
  });

  it("a member limited to one gateway reads that gateway's rows only, in each list of gateway rows the member may open", async () => {
    expect(member.gateways.length).toBeGreaterThan(0);
    const narrowed: string[] = [];
    for (const [path, o] of Object.entries(LIST_ORACLES)) {
      if (!/\bgateways g\b/.test(o.from)) continue;
      const baseQ: Query = o.time ? { from: range.from, to: range.to } : {};
      const first = await call<Page>(t.app, path, { token: member.token, query: baseQ });
      // The member's role does not open every screen (the authorization matrix test covers the refusals).
      if (first.status === 403) continue;
      const mine = await expected(o, baseQ, [sql`g.gateway_no in (${sql.join(member.gateways)})`]);
      expect(await walk(path, o, baseQ, member.token), `${path} read by the member`).toEqual(mine);
      if (mine.length > 0 && mine.length < (await expected(o, baseQ, [])).length) narrowed.push(path);
    }
    expect(narrowed.length, 'lists where the member sees some rows of the merchant but not all').toBeGreaterThan(0);
  });

  for (const [path, o] of Object.entries(LIST_ORACLES)) {
    it(`${path}: each filter and sort option gives the rows of an independent query`, async () => {
      const dates: Query = o.time ? { from: range.from, to: range.to } : {};
      const all = await expected(o, dates, []);
      const baseQ: Query = all.length > LONG ? { ...dates, limit: '50' } : dates;
      expect(all.length, `${path}: the seeded data has rows for the list`).toBeGreaterThan(1);
      expect(await walk(path, o, baseQ), `${path} without a filter`).toEqual(all);

      const failures: string[] = [];
      if (o.time) {
        // A date range of one day, the day of a row in the middle of the list.
        const time = sql.raw(o.time(baseQ));
        const mid = await sql<{ v: number | string }>`select ${time} as v from ${sql.raw(o.from)} where (${o.scope(env)})
          and ${inWindow(o, o.time(baseQ), range)} order by ${time}`.execute(t.db);
        const v = mid.rows[Math.floor(mid.rows.length / 2)]?.v ?? 0;
        const day = o.days ? String(v) : dateOf(Number(v));
        const q = { from: day, to: day };
        const rows = await expected(o, q, [], { from: day, to: day, fromMs: startOf(day), toMs: startOf(day) + DAY_MS });
        if (rows.length === 0 || rows.length >= all.length) failures.push(`from/to: no day that keeps some rows (${day})`);
        else expect(await walk(path, o, q), `${path} from=to=${day}`).toEqual(rows);
      }
      for (const [name, f] of Object.entries(o.filters)) {
        if (f.partial) {
          let telling = false;
          for (const c of await candidates(o, f, baseQ)) {
            const q = { ...baseQ, [name]: c.api };
            const rows = await walk(path, o, q);
            const allowed = new Set(await expected(o, q, [f.cond(c, env)]));
            expect(
              rows.filter((k) => !allowed.has(k)),
              `${path} ${name}=${c.api}: rows the filter must not keep`,
            ).toEqual([]);
            telling ||= rows.length > 0 && rows.length < all.length;
          }
          if (!telling) failures.push(`${name}: no value keeps some rows but not all`);
          continue;
        }
        if (f.sort) {
          // Each sort option: its rows in its order, which the data makes differ from the default order.
          for (const c of await candidates(o, f, baseQ)) {
            const q = { ...baseQ, [name]: c.api };
            const rows = await expected(o, q, [f.cond(c, env)]);
            if (rows.length === 0 || rows.join() === all.join())
              failures.push(`${name}=${c.api}: the same rows in the same order as without it`);
            else expect(await walk(path, o, q), `${path} ${name}=${c.api}`).toEqual(rows);
          }
          continue;
        }
        if (f.fixed) {
          for (const c of await candidates(o, f, baseQ)) {
            const q = { ...baseQ, [name]: c.api };
            expect(await walk(path, o, q), `${path} ${name}=${c.api}`).toEqual(await expected(o, q, [f.cond(c, env)]));
          }
          continue;
        }
        if ('given' in f.values) {
          // A filter whose values take different paths (a status that means "no waybill yet"): every value that tells.
          let telling = 0;
          for (const c of await candidates(o, f, baseQ)) {
            const q = { ...baseQ, [name]: c.api };
            const rows = await expected(o, q, [f.cond(c, env)]);
            if (rows.length === 0 || rows.length === all.length) continue;
            telling += 1;
            expect(await walk(path, o, q), `${path} ${name}=${c.api}`).toEqual(rows);
          }
          if (telling === 0) failures.push(`${name}: no value in the seeded data keeps some rows but not all`);
          continue;
        }
        const pick = await pickValue(o, name, f, baseQ, all);
        if (!pick) {
          failures.push(`${name}: no value in the seeded data keeps some rows but not all`);
          continue;
        }
        const q = { ...baseQ, [name]: pick.c.api };
        expect(await walk(path, o, q), `${path} ${name}=${pick.c.api}`).toEqual(pick.rows);
      }
      expect(failures, `${path}: filters the data cannot exercise`).toEqual([]);
    });
  }
});
