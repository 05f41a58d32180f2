import fc from 'fast-check';
import { propertiesOf, requiredOf, type CatalogRoute, type JsonSchema } from './route-catalog';
import { zipOf } from './zip';

/*
 * What the route fuzz test (src/fuzz.test.ts) sends: each case built from the route's own request
 * schemas, then broken (wrong types, missing and extra fields, empty and 1 MB strings, unicode, NaN
 * and 1e309, arrays for objects, `__proto__` keys, bad dates, bad multipart, malformed URLs), and
 * the fixed cases every route gets. Valid-looking values come from the test's fixture, so that a
 * case reaches past "not found".
 */

/** The test's fixture as the cases see it: values that exist in it, and its clock. */
export type FuzzFixture = { known: Record<string, string | number>; now: () => number };

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

export type Body = { kind: 'none' } | { kind: 'raw'; contentType: string; payload: string | Buffer };
export type FuzzCase = { params: Record<string, string>; query: string; body: Body; headers: Record<string, string> };

function today(fx: FuzzFixture): string {
  return new Date(fx.now() + 8 * 3_600_000).toISOString().slice(0, 10);
}

function daysAgo(fx: FuzzFixture, n: number): string {
  return new Date(fx.now() + 8 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10);
}

/** A value the schema accepts, as far as a schema alone can tell (names help: dates, ids of the fixture). */
function plausible(schema: JsonSchema | undefined, name: string, fx: FuzzFixture): unknown {
  if (!schema) return 'x';
  if (name in fx.known) return fx.known[name];
  if (name === 'from') return daysAgo(fx, 20);
  if (name === 'to') return today(fx);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt && alt.length > 0) return plausible(alt.find((s) => s.type !== 'null') ?? alt[0], name, fx);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return schema.minimum !== undefined ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(schema.items, name, fx)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(propertiesOf(schema))) out[k] = plausible(v, k, fx);
      return out;
    }
    default:
      if (/email/i.test(name)) return 'fuzz@example.com';
      if (/mobile|phone/i.test(name)) return '+447700900001';
      if (/code/i.test(name)) return '123456';
      if (/password/i.test(name)) return 'Fuzz#Pass2026';
      if (/amount/i.test(name)) return '1.00';
      if (/date/i.test(name)) return daysAgo(fx, 1);
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
function bodyArb(schema: JsonSchema | null, multipart: boolean, fx: FuzzFixture): fc.Arbitrary<Body> {
  const props = propertiesOf(schema);
  const names = Object.keys(props);
  const required = new Set(requiredOf(schema));
  const valid = names.map((n): [string, string] => [n, JSON.stringify(plausible(props[n], n, fx)) ?? 'null']);
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

function queryArb(schema: JsonSchema | null, fx: FuzzFixture): fc.Arbitrary<string> {
  const props = propertiesOf(schema);
  const names = Object.keys(props);
  const valueArb = (name: string) =>
    fc.oneof({ weight: 3, arbitrary: fc.constant(String(plausible(props[name], name, fx))) }, { weight: 3, arbitrary: stringArb });
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

function paramsArb(schema: JsonSchema | null, url: string, fx: FuzzFixture): fc.Arbitrary<Record<string, string>> {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const props = propertiesOf(schema);
  const one = (name: string) =>
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(pct(String(plausible(props[name], name, fx)))) },
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

/** A random case of a route. */
export function caseArb(route: CatalogRoute, fx: FuzzFixture): fc.Arbitrary<FuzzCase> {
  return fc.record({
    params: paramsArb(route.params, route.url, fx),
    query: route.method === 'GET' ? queryArb(route.querystring, fx) : fc.oneof(fc.constant(''), queryArb(route.querystring, fx)),
    body: route.method === 'GET' ? fc.constant<Body>({ kind: 'none' }) : bodyArb(route.body, route.multipart, fx),
    headers: headersArb,
  });
}

/** Cases every route gets whatever the random ones are: the defects this test was written for. */
export function fixedCases(route: CatalogRoute, fx: FuzzFixture): FuzzCase[] {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const params = (v: string) => Object.fromEntries(names.map((n) => [n, v]));
  const props = propertiesOf(route.method === 'GET' ? route.querystring : route.body);
  const validish = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, plausible(v, k, fx)]));
  const none: Body = { kind: 'none' };
  const json = (o: unknown): Body => ({ kind: 'raw', contentType: 'application/json', payload: JSON.stringify(o) });
  const base = { params: params('1'), query: '', body: none, headers: {} };
  const cases: FuzzCase[] = [{ ...base }];
  if (names.length > 0) cases.push({ ...base, params: params('a'.repeat(500)) }, { ...base, params: params('%E0%A4%A') });
  const badDates = ['', '0', '-1', "' OR 1=1 --"];
  if ('from' in props) {
    for (const from of badDates) {
      const q = { ...validish, from, to: today(fx) };
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
