import { writeFileSync } from 'node:fs';
import { API_BASE } from '@mbo/shared/api-paths';
import { ComplaintPath } from '@mbo/shared/complaints';
import { lastDateOfRange } from '@mbo/shared/date-range';
import { DisputePath } from '@mbo/shared/disputes';
import { FundsPath } from '@mbo/shared/funds-paths';
import { OperationLogPath } from '@mbo/shared/operation-log';
import { RefundPath } from '@mbo/shared/refunds';
import { RiskPath } from '@mbo/shared/risk';
import { TRANSACTION_VIEW_DEFS } from '@mbo/shared/transactions';
import { WaybillPath } from '@mbo/shared/waybills';
import { WebsitePath } from '@mbo/shared/websites';
import { DAY } from './bench-figures';

/*
 * The questions of the lists bench (lists.ts, issue 46 §1), asked as merchants ask them: every list
 * screen's route, its filters read from the server's OpenAPI document, values for them drawn from rows
 * the list itself answered (order numbers, e-mails, cards, amounts, statuses), a random date range and a
 * random number of pages walked with the cursor.
 */

/** The list screens of issue 46 §2, by their API path (shared), in the order they are measured. */
export const LIST_SCREENS: readonly { name: string; path: string }[] = [
  ...Object.entries(TRANSACTION_VIEW_DEFS).map(([view, def]) => ({ name: `transactions: ${view}`, path: def.list })),
  { name: 'refunds', path: RefundPath.list },
  { name: 'disputes', path: DisputePath.list },
  { name: 'ledger entries', path: FundsPath.entryList },
  { name: 'settlement batches', path: FundsPath.batchList },
  { name: 'settlement batch items', path: FundsPath.batchItems },
  { name: 'withdrawals', path: FundsPath.withdrawList },
  { name: 'waybills', path: WaybillPath.list },
  { name: 'websites', path: WebsitePath.list },
  { name: 'blacklist', path: RiskPath.blacklist },
  { name: 'complaints', path: ComplaintPath.list },
  { name: 'operation log', path: OperationLogPath.list },
];

type Schema = { type?: string; enum?: (string | number)[]; minimum?: number; maximum?: number };
type Param = { name: string; in: string; schema?: Schema };
type ApiDocument = { paths: Record<string, { get?: { parameters?: Param[] } }> };

export type ListUnderTest = {
  name: string;
  /** The route pattern as the server names it (`/v3api/settle/batches/:batchNo/items`), the label of its metrics. */
  route: string;
  /** Whether it takes a date range (from, to). */
  ranged: boolean;
  /** Its filters: query parameters other than the range and the paging. */
  filters: { name: string; schema: Schema }[];
  /** Its path parameters, filled with values of another list's rows (a batch number). */
  pathParams: string[];
};

const PAGING = new Set(['page', 'limit', 'after', 'from', 'to']);

/** The list screens with their filters, as the server's OpenAPI document (GET /v3api/openapi.json) describes them. */
export async function discoverLists(baseURL: string): Promise<ListUnderTest[]> {
  const doc = (await (await fetch(`${baseURL}${API_BASE}/openapi.json`)).json()) as ApiDocument;
  return LIST_SCREENS.map(({ name, path }) => {
    const route = `${API_BASE}${path}`;
    const params = doc.paths[route.replace(/:(\w+)/g, '{$1}')]?.get?.parameters;
    if (!params) throw new Error(`${route} is not in the API document`);
    const query = params.filter((p) => p.in === 'query');
    return {
      name,
      route,
      ranged: query.some((p) => p.name === 'from') && query.some((p) => p.name === 'to'),
      filters: query.filter((p) => !PAGING.has(p.name)).map((p) => ({ name: p.name, schema: p.schema ?? {} })),
      pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
    };
  });
}

export type Row = Record<string, unknown>;
/** The first and last business day of the data (merchant 100001's transactions). */
export type Window = { oldest: string; newest: string };

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The longest range the filters accept that ends on `to`. */
function longestRangeTo(to: string): string {
  let from = addDays(to, -184);
  while (lastDateOfRange(from) < to) from = addDays(from, 1);
  return from;
}

/** The list's path with its path parameters filled in from `values`. */
function fillPath(list: ListUnderTest, values: Record<string, string>): string {
  return list.route.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/**
 * Rows of the list to draw filter values from: three pages of 50 over the newest 6 months and the 6
 * before. `parents` gives path parameters (a batch's items: batch numbers of the batches sampled before).
 */
export async function sampleRows(
  baseURL: string,
  headers: Record<string, string>,
  list: ListUnderTest,
  window: Window,
  parents: Row[],
): Promise<Row[]> {
  const rows: Row[] = [];
  const ranges = list.ranged
    ? [window.newest, addDays(longestRangeTo(window.newest), -1)].map((to) => `&from=${longestRangeTo(to)}&to=${to}`)
    : [''];
  const bases = list.pathParams.length
    ? parents.slice(0, 5).map((p) => fillPath(list, Object.fromEntries(list.pathParams.map((n) => [n, String(p[n] ?? '')]))))
    : [list.route];
  for (const base of bases)
    for (const range of ranges) {
      let after: string | null = null;
      for (let page = 1; page <= 3; page += 1) {
        const url = `${baseURL}${base}?limit=50&page=${page}${range}${after ? `&after=${encodeURIComponent(after)}` : ''}`;
        const body = (await (await fetch(url, { headers })).json()) as {
          code: number;
          msg: string;
          data: { list: Row[]; nextCursor: string | null };
        };
        if (body.code !== 0) throw new Error(`${list.name}: ${body.msg}`);
        rows.push(...body.data.list.map((r) => (list.pathParams.length ? { ...r, ...pathValues(base, list) } : r)));
        after = body.data.nextCursor;
        if (!after) break;
      }
    }
  return rows;
}

/** The path parameters a filled path was made with (kept on its rows, so that an ask goes to the same batch). */
function pathValues(filled: string, list: ListUnderTest): Row {
  const names = list.pathParams;
  const pattern = new RegExp(`^${list.route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '([^/]+)')}$`);
  const m = pattern.exec(filled);
  return Object.fromEntries(names.map((n, i) => [`:${n}`, decodeURIComponent(m?.[i + 1] ?? '')]));
}

/** Chooses with the weights given (they sum to 1). */
function weighted<T>(random: () => number, choices: readonly [T, number][]): T {
  let r = random();
  for (const [value, weight] of choices) {
    r -= weight;
    if (r < 0) return value;
  }
  return choices[choices.length - 1]![0];
}

/** A random range within the data: half of them ending on its newest day (what a merchant looks at most). */
function randomRange(random: () => number, w: Window): { from: string; to: string } {
  const span = Math.max(0, Math.round((Date.parse(w.newest) - Date.parse(w.oldest)) / DAY));
  const to = random() < 0.5 ? w.newest : addDays(w.oldest, Math.floor(random() * (span + 1)));
  const days = weighted(random, [
    [1, 0.15],
    [7, 0.25],
    [30, 0.3],
    [90, 0.15],
    [0, 0.15],
  ]);
  return { from: days === 0 ? longestRangeTo(to) : addDays(to, 1 - days), to };
}

/** A value for `filter` drawn from `rows` or its schema, or null when there is none to ask with. */
function filterValue(random: () => number, filter: { name: string; schema: Schema }, rows: Row[]): Record<string, string> | null {
  const row = rows[Math.floor(random() * rows.length)] ?? {};
  const { name, schema } = filter;
  if (name === 'cardFirst6' || name === 'cardLast4') {
    const card = String(row.cardMasked ?? '');
    if (card.length < 10) return null;
    return { [name]: name === 'cardFirst6' ? card.slice(0, 6) : card.slice(-4) };
  }
  if (name === 'amountMin' || name === 'amountMax') {
    // Whole units, valid in any currency: a minimum at or under an amount of the data, a maximum over it.
    const major = Number(row.amount ?? 0) / 100;
    if (!(major > 0)) return null;
    const min = String(Math.floor(major * (0.5 + random() * 0.5)));
    const max = String(Math.ceil(major * (1 + random() * 0.5)));
    // Half the asks with an amount give both bounds.
    if (random() < 0.5) return { amountMin: min, amountMax: max };
    return name === 'amountMin' ? { amountMin: min } : { amountMax: max };
  }
  if (schema.enum?.length) return { [name]: String(schema.enum[Math.floor(random() * schema.enum.length)]) };
  if (schema.type === 'integer' && schema.minimum !== undefined && schema.maximum !== undefined)
    return { [name]: String(schema.minimum + Math.floor(random() * (schema.maximum - schema.minimum + 1))) };
  const seen = rows.map((r) => r[name]).filter((v) => v !== null && v !== undefined && v !== '');
  if (seen.length === 0) return null;
  return { [name]: String(seen[Math.floor(random() * seen.length)]) };
}

/** Whether `filter` can be given a value: its schema lists them, or some row carries one. */
function canAsk(filter: { name: string; schema: Schema }, rows: Row[]): boolean {
  if (filter.schema.enum?.length || (filter.schema.type === 'integer' && filter.schema.maximum !== undefined)) return true;
  const field =
    filter.name.startsWith('card') && filter.name !== 'cardScheme'
      ? 'cardMasked'
      : filter.name.startsWith('amount')
        ? 'amount'
        : filter.name;
  return rows.some((r) => (field === 'amount' ? Number(r[field]) > 0 : r[field] !== null && r[field] !== undefined && r[field] !== ''));
}

/**
 * Writes `count` asks of `list` to `file` as JSON lines for cannon.mjs: {p: path and query without the
 * page, f: the filters used, d: pages to walk}. Each ask has a random range (ranged lists), none to
 * three filters with values from `rows`, and 1 to 5 pages. Returns the filters that had no value to
 * ask with (no row of the list carries them).
 */
export function writeQueries(
  file: string,
  list: ListUnderTest,
  rows: Row[],
  window: Window,
  count: number,
  random: () => number,
): string[] {
  const usable = list.filters.filter((f) => canAsk(f, rows));
  const lines: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const row = rows[Math.floor(random() * rows.length)] ?? {};
    const path = list.pathParams.length
      ? fillPath(list, Object.fromEntries(list.pathParams.map((n) => [n, String(row[`:${n}`] ?? '')])))
      : list.route;
    const query: Record<string, string> = { limit: '20' };
    if (list.ranged) Object.assign(query, randomRange(random, window));
    const k = Math.min(
      usable.length,
      weighted(random, [
        [0, 0.3],
        [1, 0.45],
        [2, 0.2],
        [3, 0.05],
      ]),
    );
    const pool = [...usable];
    const used: string[] = [];
    for (let j = 0; j < k; j += 1) {
      const [filter] = pool.splice(Math.floor(random() * pool.length), 1);
      const value = filter ? filterValue(random, filter, rows) : null;
      if (!value) continue;
      Object.assign(query, value);
      used.push(...Object.keys(value).filter((n) => !used.includes(n)));
    }
    const depth = weighted(random, [
      [1, 0.6],
      [2, 0.2],
      [3, 0.1],
      [4, 0.05],
      [5, 0.05],
    ]);
    lines.push(JSON.stringify({ p: `${path}?${new URLSearchParams(query).toString()}`, f: used, d: depth }));
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  return list.filters.filter((f) => !usable.includes(f)).map((f) => f.name);
}
