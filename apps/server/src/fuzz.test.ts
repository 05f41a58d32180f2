import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createAdmin, createGateway, createMerchant, createPerson, createRole, type AdminRow } from '../test/factories';
import { createTestApp, login, type TestContext } from '../test/helpers';
import { fillParams, propertiesOf, requiredOf, routeCatalog, type CatalogRoute, type JsonSchema } from '../test/route-catalog';
import { createTransaction } from '../test/trade-factories';
import { zipOf } from '../test/zip';
import { TABLES_IN_DEPENDENCY_ORDER } from './db/types';

/*
 * Property-based fuzzing of every API route the server registers (enumerated from the server, not a
 * hand list). Each case is built from the route's own request schemas, then broken: wrong types,
 * missing and extra fields, empty and 1 MB strings, unicode, NaN and 1e309, arrays for objects,
 * `__proto__` keys, bad dates, bad multipart, malformed URLs; sent anonymously, as a member limited
 * to one gateway and as the owner. A case fails on any 5xx, any answer outside the `{code,msg,data}`
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
const BOOKKEEPING = new Set(['login_logs', 'operation_logs', 'sign_in_attempts', 'auth_state', 'reminder_state']);
/** Columns that change on refused requests by design: a session's last use, a code's try count (not counted as writes). */
const VOLATILE_COLUMNS: Record<string, string[]> = { sessions: ['last_seen_at'], verification_codes: ['attempts'] };

const LEAK =
  /\bat [\w$.<>]+ \(|node_modules|\.ts:\d+:\d+|SQLITE_|sqlite3?\b|syntax error|relation "|violates|duplicate key|ZodError|TypeError|ReferenceError|RangeError|Cannot read propert|undefined is not|kysely/i;

const ONE_MB = 'x'.repeat(1024 * 1024);
const HOSTILE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1,5',
  '12,50',
  '1e309',
  'NaN',
  'Infinity',
  '9'.repeat(400),
  "' OR 1=1 --",
  '"; drop table admins; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '😀'.repeat(50),
  '１２３',
  '٣٤',
  'ǅ̸̢̛͔',
  '2026-02-30',
  '0000-00-00',
  '9999-99-99',
  '2026-13-01',
  '__proto__',
  'constructor',
  'true',
  'null',
  'a'.repeat(5000),
];
/** JSON text fragments that are not what any schema asks for; some are not even valid JSON numbers. */
const HOSTILE_FRAGMENTS = [
  'NaN',
  '1e309',
  '-1e309',
  '1e-400',
  '123456789012345678901234567890',
  '-0',
  '-1',
  '0',
  '1.5',
  'true',
  'false',
  'null',
  '[]',
  '{}',
  '[[[[[[[[[[]]]]]]]]]]',
  '[1,"a",null]',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"$gt":0}',
  '"\\u0000"',
];
const HOSTILE_PARAMS = [
  'a'.repeat(101),
  'a'.repeat(3000),
  '%zz',
  '%E0%A4%A',
  '%00',
  '%2e%2e%2f%2e%2e',
  '-1',
  '0',
  '1e309',
  'NaN',
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('😀'),
  encodeURIComponent('１２３'),
  '__proto__',
];
const BAD_BODIES: { contentType: string; payload: string }[] = [
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: "{'a':1}" },
  { contentType: 'application/json', payload: 'NaN' },
  { contentType: 'application/json', payload: '\u0000' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: `{"x":"${ONE_MB}"}` },
  { contentType: 'application/json; charset=latin1', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&__proto__[x]=1' },
  { contentType: 'application/xml', payload: '<a/>' },
  { contentType: 'multipart/form-data', payload: 'no boundary here' },
  { contentType: 'multipart/form-data; boundary=', payload: '--\r\n' },
  { contentType: 'multipart/form-data; boundary=XyZ', payload: 'garbage without any part' },
  { contentType: 'multipart/form-data; boundary=XyZ', payload: '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated' },
  {
    contentType: 'multipart/form-data; boundary=XyZ',
    payload: '--XyZ\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--XyZ--\r\n',
  },
  {
    contentType: 'multipart/form-data; boundary=XyZ',
    payload:
      '--XyZ\r\nContent-Disposition: form-data; name="businessId"\r\n\r\n1\r\n--XyZ\r\nContent-Disposition: form-data; name="files"; filename="../../x.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 fake\r\n--XyZ--\r\n',
  },
];

/**
 * A batch file that is a malformed spreadsheet (issue 52: the XLSX reader took 52 s on 2.4 KB of
 * unclosed tags): rows, cells, values and shared strings never closed. Small, so that it stays fast.
 */
const MALFORMED_XLSX_UPLOAD = Buffer.concat([
  Buffer.from(
    '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="batch.xlsx"\r\n' +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  ),
  zipOf([
    { name: '[Content_Types].xml', data: '<Types/>' },
    { name: 'xl/worksheets/sheet1.xml', data: '<worksheet><sheetData>' + '<row><c t="s"><v>0'.repeat(20_000) },
    { name: 'xl/sharedStrings.xml', data: '<sst>' + '<si><t>x'.repeat(20_000) },
  ]),
  Buffer.from('\r\n--XyZ--\r\n'),
]);

type Body = { kind: 'none' } | { kind: 'raw'; contentType: string; payload: string | Buffer };
type FuzzCase = { params: Record<string, string>; query: string; body: Body; headers: Record<string, string> };

// Built before the tests are collected, so that each route becomes its own test.
const t: TestContext = await createTestApp();
const routes: CatalogRoute[] = routeCatalog(t.app);
/** Values that exist in the fixture, so valid-looking cases reach past "not found". */
const known: Record<string, string | number> = {};
const tokens: Record<Role, string | null> = { anon: null, member: null, owner: null };
const accounts: Partial<Record<Role, AdminRow>> = {};
let merchant: Awaited<ReturnType<typeof createMerchant>>;
let lastWrites = '';

const stats = { requests: 0, byStatus: new Map<number, number>(), refused: 0, downloads: 0, requestMs: 0, writeCheckMs: 0 };

function today(): string {
  return new Date(t.clock.now() + 8 * 3_600_000).toISOString().slice(0, 10);
}

function daysAgo(n: number): string {
  return new Date(t.clock.now() + 8 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);
}

/** A value the schema accepts, as far as a schema alone can tell (names help: dates, ids of the fixture). */
function plausible(schema: JsonSchema | undefined, name: string): unknown {
  if (!schema) return 'x';
  if (name in known) return known[name];
  if (name === 'from') return daysAgo(20);
  if (name === 'to') return today();
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt && alt.length > 0) return plausible(alt.find((s) => s.type !== 'null') ?? alt[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum !== undefined ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema.items, name)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(propertiesOf(schema))) out[k] = plausible(v, k);
      return out;
    }
    default:
      if (/email/i.test(name)) return 'fuzz@example.com';
      if (/mobile|phone/i.test(name)) return '+447700900001';
      if (/code/i.test(name)) return '123456';
      if (/password/i.test(name)) return 'Fuzz#Pass2026';
      if (/amount/i.test(name)) return '1.00';
      if (/date/i.test(name)) return daysAgo(1);
      if (schema.pattern && /\\d/.test(schema.pattern)) return '1';
      return 'fuzz';
  }
}

const stringArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constant(ONE_MB) },
);
const fragmentArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_FRAGMENTS) },
  { weight: 4, arbitrary: stringArb.map((s) => JSON.stringify(s)) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)) },
);

/** Percent-encoding that is total: encodeURIComponent throws on a lone surrogate, which is then sent as its UTF-8 replacement bytes. */
function pct(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
}

function objectText(entries: [string, string][]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

/** A JSON body from the schema, with some fields broken, dropped or added; or a body that is not JSON at all. */
function bodyArb(schema: JsonSchema | null, multipart: boolean): fc.Arbitrary<Body> {
  const props = propertiesOf(schema);
  const names = Object.keys(props);
  const required = new Set(requiredOf(schema));
  const valid = names.map((n): [string, string] => [n, JSON.stringify(plausible(props[n], n)) ?? 'null']);
  const json = (payload: string): Body => ({ kind: 'raw', contentType: 'application/json', payload });
  const mutated = fc
    .record({
      breakAt: fc.array(fc.tuple(fc.nat(Math.max(names.length - 1, 0)), fragmentArb), { maxLength: 3 }),
      drop: fc.array(fc.nat(Math.max(names.length - 1, 0)), { maxLength: 2 }),
      extra: fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', ''), fragmentArb), { maxLength: 2 }),
    })
    .map(({ breakAt, drop, extra }) => {
      const entries = valid.map(([k, v]) => [k, v] as [string, string]);
      for (const [i, fragment] of breakAt) if (entries[i]) entries[i] = [entries[i][0], fragment];
      const kept = entries.filter((_e, i) => !drop.includes(i) || !required.has(names[i] ?? ''));
      const dropped = entries.filter((_e, i) => !drop.includes(i));
      return json(objectText([...(drop.length > 0 ? dropped : kept), ...extra]));
    });
  const options: fc.WeightedArbitrary<Body>[] = [
    { weight: 2, arbitrary: fc.constant(json(objectText(valid))) },
    { weight: 6, arbitrary: mutated },
    { weight: 2, arbitrary: fragmentArb.map(json) },
    { weight: 2, arbitrary: fc.constantFrom(...BAD_BODIES).map((b): Body => ({ kind: 'raw', ...b })) },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
  ];
  if (multipart)
    options.push({
      weight: 4,
      arbitrary: fc
        .constantFrom(...BAD_BODIES.filter((b) => b.contentType.startsWith('multipart')))
        .map((b): Body => ({ kind: 'raw', ...b })),
    });
  return fc.oneof(...options);
}

function queryArb(schema: JsonSchema | null): fc.Arbitrary<string> {
  const props = propertiesOf(schema);
  const names = Object.keys(props);
  const valueArb = (name: string) =>
    fc.oneof({ weight: 3, arbitrary: fc.constant(String(plausible(props[name], name))) }, { weight: 3, arbitrary: stringArb });
  const pairs = names.map((n) =>
    fc.option(fc.array(valueArb(n), { minLength: 1, maxLength: 2 }).map((vs) => vs.map((v) => [n, v] as const))),
  );
  const extras = fc.array(fc.tuple(fc.constantFrom('__proto__[polluted]', 'constructor[prototype][x]', 'page[$gt]', 'zzz'), stringArb), {
    maxLength: 2,
  });
  return fc.tuple(fc.tuple(...pairs), extras, fc.boolean()).map(([groups, extra, rawEncoding]) => {
    const flat = [...groups.flatMap((g) => g ?? []), ...extra];
    // Raw: brackets, quotes and percent signs as typed (a stray "%" is a malformed escape); the rest encoded.
    const enc = (s: string) => (rawEncoding ? s.replace(/[^\x21-\x7e]|[#&=+]/g, (c) => pct(c)) : pct(s));
    return flat.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&');
  });
}

function paramsArb(schema: JsonSchema | null, url: string): fc.Arbitrary<Record<string, string>> {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const props = propertiesOf(schema);
  const one = (name: string) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(pct(String(plausible(props[name], name)))) },
      { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_PARAMS) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }).map(pct) },
    );
  return fc.record(Object.fromEntries(names.map((n) => [n, one(n)])) as Record<string, fc.Arbitrary<string>>);
}

const headersArb = fc.record(
  {
    lang: fc.constantFrom('en_US', 'zh_CN', 'zh_HK', 'xx', '', '😀'),
    timezone: fc.constantFrom('Asia/Shanghai', 'Europe/London', 'Not/AZone', '../../etc', ''),
  },
  { requiredKeys: [] },
);

function caseArb(route: CatalogRoute): fc.Arbitrary<FuzzCase> {
  return fc.record({
    params: paramsArb(route.params, route.url),
    query: route.method === 'GET' ? queryArb(route.querystring) : fc.oneof(fc.constant(''), queryArb(route.querystring)),
    body: route.method === 'GET' ? fc.constant<Body>({ kind: 'none' }) : bodyArb(route.body, route.multipart),
    headers: headersArb,
  });
}

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

/** Cases every route gets whatever the random ones are: the defects this test was written for. */
function fixedCases(route: CatalogRoute): FuzzCase[] {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const params = (v: string) => Object.fromEntries(names.map((n) => [n, v]));
  const props = propertiesOf(route.method === 'GET' ? route.querystring : route.body);
  const validish = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, plausible(v, k)]));
  const none: Body = { kind: 'none' };
  const json = (o: unknown): Body => ({ kind: 'raw', contentType: 'application/json', payload: JSON.stringify(o) });
  const base = { params: params('1'), query: '', body: none, headers: {} };
  const cases: FuzzCase[] = [{ ...base }];
  if (names.length > 0) cases.push({ ...base, params: params('a'.repeat(500)) }, { ...base, params: params('%E0%A4%A') });
  const badDates = ['', '0', '-1', "' OR 1=1 --"];
  if ('from' in props) {
    for (const from of badDates) {
      const q = { ...validish, from, to: today() };
      if (route.method === 'GET') cases.push({ ...base, query: new URLSearchParams(q as Record<string, string>).toString() });
      else cases.push({ ...base, body: json(q) });
    }
  }
  if (route.multipart) {
    cases.push({ ...base, body: { kind: 'raw', contentType: 'multipart/form-data; boundary=XyZ', payload: MALFORMED_XLSX_UPLOAD } });
  }
  if (route.method !== 'GET') {
    cases.push({ ...base, body: { kind: 'raw', contentType: 'multipart/form-data', payload: 'x' } });
    cases.push({
      ...base,
      body: { kind: 'raw', contentType: 'application/json', payload: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}' },
    });
    cases.push({ ...base, body: json(Object.fromEntries(Object.keys(props).map((k) => [k, ONE_MB.slice(0, 900_000)]))) });
    cases.push({
      ...base,
      body: { kind: 'raw', contentType: 'application/json', payload: objectText(Object.keys(props).map((k) => [k, '1e309'])) },
    });
  }
  return cases;
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
      for (const c of fixedCases(route)) {
        for (const role of ROLES) await send(route, role, c);
      }
      for (const [i, role] of ROLES.entries()) {
        await fc.assert(
          fc.asyncProperty(caseArb(route), async (c) => {
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
