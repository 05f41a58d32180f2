import SqliteDatabase from 'better-sqlite3';
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import { minorUnitsOf } from '@mbo/shared/money';
import { DisputeKind } from '@mbo/shared/trade-enums';
import {
  EXPORT_BATCH_ROWS,
  TRANSACTION_COUNT_CAP,
  TRANSACTION_VIEW_DEFS,
  type TTransactionListQuery,
  type TTransactionView,
} from '@mbo/shared/transactions';
import type { Db } from '../../db/database';
import { RARE_FLAG_INDEXES } from '../../db/migrations/0003-transactions';
import type { Database, TransactionsTable } from '../../db/types';
import { gatewayIdFilter, type Scope } from '../../platform/scope';
import { addToRollup, BUSINESS_DAY_OFFSET_MS, transactionDelta } from '../../platform/rollups';
import { dayRangeInZone, zoneOffsetMs } from '../../platform/time';

/** The filters of a list or an export (everything but paging). */
export type TransactionFilter = Omit<TTransactionListQuery, 'page' | 'limit' | 'after'>;

type Eb = ExpressionBuilder<Database & { t: Database['transactions'] }, 't'>;

/** Codes of currencies without minor units (money.ts decides; unknown codes have 2). */
const ZERO_DECIMAL_CURRENCIES = ['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'PYG', 'UGX', 'XAF', 'XOF'].filter((c) => minorUnitsOf(c) === 0);

const FLAG_CONDITION = Object.fromEntries(RARE_FLAG_INDEXES) as Record<(typeof RARE_FLAG_INDEXES)[number][0], string>;

/**
 * "10.5" in minor units of a currency with `units` decimals, rounded towards the inside of the range
 * (up for a minimum, down for a maximum): 10.5 JPY can only match 11 and above.
 */
function boundInUnits(text: string, units: number, kind: 'min' | 'max'): number {
  const [whole = '0', fraction = ''] = text.split('.');
  const padded = fraction.padEnd(2, '0');
  const exact = BigInt(whole) * 100n + BigInt(padded);
  const scale = 10n ** BigInt(2 - units);
  let minor = exact / scale;
  if (kind === 'min' && minor * scale < exact) minor += 1n;
  return Number(minor);
}

export type ListContext = {
  scope: Scope;
  view: TTransactionView;
  filter: TransactionFilter;
  timezone: string;
  /** The filtered gateway's id, resolved within the scope (see resolveGateway). */
  gatewayId: number | null;
};

/** The id of a gateway number the scope may see, or null (another merchant's number looks the same as none). */
export async function resolveGateway(db: Db, scope: Scope, gatewayNo: string): Promise<number | null> {
  const ids = gatewayIdFilter(scope);
  const row = await db
    .selectFrom('gateways')
    .select('id')
    .where('merchant_id', '=', scope.merchantId)
    .where('gateway_no', '=', gatewayNo)
    .$if(ids !== null, (qb) => qb.where('id', 'in', ids ?? [0]))
    .executeTakeFirst();
  return row?.id ?? null;
}

function timeColumn(filter: TransactionFilter) {
  return filter.timeType === 'process' ? ('t.returned_at' as const) : ('t.created_at' as const);
}

function amountCondition(eb: Eb, filter: TransactionFilter) {
  const { amountMin, amountMax } = filter;
  const between = (units: number) => {
    const parts = [];
    if (amountMin !== undefined) parts.push(eb('t.amount', '>=', boundInUnits(amountMin, units, 'min')));
    if (amountMax !== undefined) parts.push(eb('t.amount', '<=', boundInUnits(amountMax, units, 'max')));
    return eb.and(parts);
  };
  if (filter.currency !== undefined) return between(minorUnitsOf(filter.currency));
  // Without a currency, each row is compared in its own currency's minor units.
  return eb.or([
    eb.and([eb('t.currency', 'in', ZERO_DECIMAL_CURRENCIES), between(0)]),
    eb.and([eb('t.currency', 'not in', ZERO_DECIMAL_CURRENCIES), between(2)]),
  ]);
}

/**
 * Every row of the view the scope may see that matches the filters (no order, no columns yet).
 * `seekTo` (a cursor's time) replaces the range's upper end so the index seek starts at the cursor
 * instead of walking from the newest row: the row-value condition alone is not used as a seek bound
 * by SQLite when the range already has an upper bound.
 */
function filtered(db: Db, ctx: ListContext, seekTo: number | null = null) {
  const { scope, filter } = ctx;
  const def = TRANSACTION_VIEW_DEFS[ctx.view];
  const { fromMs, toMs } = dayRangeInZone(filter.from, filter.to, ctx.timezone);
  const gateways = gatewayIdFilter(scope);
  const col = timeColumn(filter);
  const flag = (
    value: number | undefined,
    condition: string,
    column: 'refund_status' | 'chargeback_status' | 'retrieval_status' | 'rdr_status' | 'ethoca_status',
  ) =>
    value === undefined ? null : value === 1 ? sql<boolean>`${sql.raw(condition)}` : sql<boolean>`${sql.ref(`t.${column}`)} = ${value}`;

  return db
    .selectFrom('transactions as t')
    .where('t.merchant_id', '=', scope.merchantId)
    .where('t.category', '=', def.category)
    .$if(def.tradeType !== null, (qb) => qb.where('t.trade_type', '=', def.tradeType ?? 0))
    .where(col, '>=', fromMs)
    .$if(seekTo === null || seekTo >= toMs, (qb) => qb.where(col, '<', toMs))
    .$if(seekTo !== null && seekTo < toMs, (qb) => qb.where(col, '<=', seekTo ?? 0))
    .$if(gateways !== null, (qb) => qb.where('t.gateway_id', 'in', gateways ?? [0]))
    .$if(ctx.gatewayId !== null, (qb) => qb.where('t.gateway_id', '=', ctx.gatewayId ?? 0))
    .$if(filter.tradeNo !== undefined, (qb) => qb.where('t.trade_no', '=', filter.tradeNo ?? ''))
    .$if(filter.merchantOrderNo !== undefined, (qb) => qb.where('t.merchant_order_no', '=', filter.merchantOrderNo ?? ''))
    .$if(filter.payStatus !== undefined, (qb) => qb.where('t.pay_status', '=', filter.payStatus ?? 0))
    .$if(filter.tradeType !== undefined, (qb) => qb.where('t.trade_type', '=', filter.tradeType ?? 0))
    .$if(filter.cardScheme !== undefined, (qb) => qb.where('t.card_scheme', '=', filter.cardScheme ?? ''))
    .$if(filter.currency !== undefined, (qb) => qb.where('t.currency', '=', filter.currency ?? ''))
    .$if(filter.email !== undefined, (qb) => qb.where('t.email', '=', filter.email ?? ''))
    .$if(filter.ip !== undefined, (qb) => qb.where('t.ip', '=', filter.ip ?? ''))
    .$if(filter.cardFirst6 !== undefined, (qb) => qb.where('t.card_first6', '=', filter.cardFirst6 ?? ''))
    .$if(filter.cardLast4 !== undefined, (qb) => qb.where('t.card_last4', '=', filter.cardLast4 ?? ''))
    .$if(filter.amountMin !== undefined || filter.amountMax !== undefined, (qb) => qb.where((eb) => amountCondition(eb, filter)))
    .where((eb) => {
      // A flag filter of 1 uses the partial index's exact condition text; 0 (the common value) rides on the keyset index.
      const parts = [
        flag(filter.refundStatus, FLAG_CONDITION.refunded, 'refund_status'),
        flag(filter.chargebackStatus, FLAG_CONDITION.chargeback, 'chargeback_status'),
        flag(filter.retrievalStatus, FLAG_CONDITION.retrieval, 'retrieval_status'),
        flag(filter.rdrStatus, FLAG_CONDITION.rdr, 'rdr_status'),
        flag(filter.ethocaStatus, FLAG_CONDITION.ethoca, 'ethoca_status'),
      ].filter((p) => p !== null);
      if (filter.appealStatus !== undefined) {
        parts.push(sql<boolean>`${sql.ref('t.appeal_status')} = ${filter.appealStatus}`);
        if (filter.appealStatus !== 0) parts.push(sql<boolean>`${sql.raw(FLAG_CONDITION.appeal)}`);
      }
      return eb.and(parts);
    });
}

const ROW_COLUMNS = [
  't.id',
  'g.gateway_no',
  't.trade_no',
  't.merchant_order_no',
  't.trade_type',
  't.pay_status',
  't.card_scheme',
  't.card_first6',
  't.card_last4',
  't.currency',
  't.amount',
  't.settle_currency',
  't.settle_amount',
  't.return_message',
  't.refund_status',
  't.chargeback_status',
  't.retrieval_status',
  't.rdr_status',
  't.ethoca_status',
  't.appeal_status',
  't.email',
  't.ip',
  't.risk_rules',
  't.created_at',
  't.returned_at',
] as const;

/** One page of rows in keyset order; `after` (time, id) seeks past the previous page, otherwise OFFSET. */
function pageQuery(db: Db, ctx: ListContext, limit: number, position: { after: { time: number; id: number } | null; offset: number }) {
  const col = timeColumn(ctx.filter);
  const after = position.after;
  return filtered(db, ctx, after?.time ?? null)
    .innerJoin('gateways as g', 'g.id', 't.gateway_id')
    .select(ROW_COLUMNS)
    .$if(after !== null, (qb) => qb.where((eb) => eb(eb.refTuple(col, 't.id'), '<', eb.tuple(after?.time ?? 0, after?.id ?? 0))))
    .orderBy(col, 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .$if(after === null && position.offset > 0, (qb) => qb.offset(position.offset));
}

export type TransactionListRow = Awaited<ReturnType<ReturnType<typeof pageQuery>['execute']>>[number];

/** Row time used by the keyset (the time column of the chosen time type). */
export function rowTime(row: TransactionListRow, filter: TransactionFilter): number {
  return (filter.timeType === 'process' ? row.returned_at : row.created_at) ?? 0;
}

export function parseCursor(cursor: string): { time: number; id: number } {
  const [time, id] = cursor.split('_').map(Number);
  return { time: time ?? 0, id: id ?? 0 };
}

/**
 * The exact count of the plain formal list (only dates and, optionally, a gateway) from the daily
 * rollups, which hold one formal transaction count per business day: possible when the caller's
 * days are business days, i.e. the timezone is UTC+08:00 at both ends of the range (the default
 * Asia/Shanghai, and Asia/Kuala_Lumpur). Null otherwise: the caller counts rows.
 */
async function countFromRollups(db: Db, ctx: ListContext, fromMs: number, toMs: number): Promise<number | null> {
  const { filter } = ctx;
  const extra = Object.entries(filter).some(([k, v]) => v !== undefined && !['from', 'to', 'timeType', 'gatewayNo'].includes(k));
  if (ctx.view !== 'formal' || extra || filter.timeType === 'process') return null;
  if (zoneOffsetMs(fromMs, ctx.timezone) !== BUSINESS_DAY_OFFSET_MS || zoneOffsetMs(toMs - 1, ctx.timezone) !== BUSINESS_DAY_OFFSET_MS)
    return null;
  const gateways = gatewayIdFilter(ctx.scope);
  const row = await db
    .selectFrom('trade_rollups')
    .select((eb) => eb.fn.sum<number>('tx_count').as('n'))
    .where('merchant_id', '=', ctx.scope.merchantId)
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
    .$if(gateways !== null, (qb) => qb.where('gateway_id', 'in', gateways ?? [0]))
    .$if(ctx.gatewayId !== null, (qb) => qb.where('gateway_id', '=', ctx.gatewayId ?? 0))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The list page and its count: exact from the rollups for the plain formal list, otherwise exact up
 * to the cap (a limited sub-select, so a huge range stays cheap).
 */
export async function listTransactions(db: Db, ctx: ListContext, page: { page: number; limit: number; after?: string | undefined }) {
  const after = page.after !== undefined ? parseCursor(page.after) : null;
  const { fromMs, toMs } = dayRangeInZone(ctx.filter.from, ctx.filter.to, ctx.timezone);
  const [rows, exact] = await Promise.all([
    pageQuery(db, ctx, page.limit + 1, { after, offset: (page.page - 1) * page.limit }).execute(),
    countFromRollups(db, ctx, fromMs, toMs),
  ]);
  if (exact !== null) {
    const hasMore = rows.length > page.limit;
    return { rows: hasMore ? rows.slice(0, page.limit) : rows, hasMore, total: exact, capped: false };
  }
  const count = await db
    .selectFrom(
      filtered(db, ctx)
        .select(sql<number>`1`.as('one'))
        .limit(TRANSACTION_COUNT_CAP + 1)
        .as('c'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(count.n);
  const hasMore = rows.length > page.limit;
  return {
    rows: hasMore ? rows.slice(0, page.limit) : rows,
    hasMore,
    total: Math.min(n, TRANSACTION_COUNT_CAP),
    capped: n > TRANSACTION_COUNT_CAP,
  };
}

/**
 * A read-only connection to the SQLite file for exports. better-sqlite3 builds a result object per
 * row through its native API, which is most of an export's cost (about 9 µs a row for these 25
 * columns); in raw mode it returns arrays, turned into plain objects here at less than half the cost.
 */
export type ExportReader = { all(sql: string, parameters: readonly unknown[]): Record<string, unknown>[]; close(): void };

export function openSqliteExportReader(file: string): ExportReader {
  const conn = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  const statements = new Map<string, { stmt: SqliteDatabase.Statement; names: string[] }>();
  return {
    all(sql, parameters) {
      let entry = statements.get(sql);
      if (!entry) {
        const stmt = conn.prepare(sql).raw(true);
        entry = { stmt, names: stmt.columns().map((c) => c.name) };
        statements.set(sql, entry);
      }
      const { stmt, names } = entry;
      const rows = stmt.all(...parameters) as unknown[][];
      return rows.map((values) => {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < names.length; i += 1) row[names[i]!] = values[i];
        return row;
      });
    },
    close() {
      conn.close();
    },
  };
}

/**
 * Every matching row, in keyset batches (one indexed query per batch, whatever the dialect), so an
 * export of a million rows never holds more than one batch in memory nor one long read transaction.
 * With `openReader` (SQLite) the same SQL runs on the export's own read-only connection in raw mode.
 */
export async function* iterateTransactions(
  db: Db,
  ctx: ListContext,
  o: { batchRows?: number; openReader?: (() => ExportReader) | null } = {},
): AsyncGenerator<TransactionListRow[]> {
  const batchRows = o.batchRows ?? EXPORT_BATCH_ROWS;
  // Opened here, not by the caller, so the finally below always closes it.
  const reader = o.openReader ? o.openReader() : null;
  let after: { time: number; id: number } | null = null;
  try {
    for (;;) {
      const query = pageQuery(db, ctx, batchRows, { after, offset: 0 });
      let rows: TransactionListRow[];
      if (reader) {
        const compiled = query.compile();
        rows = reader.all(compiled.sql, compiled.parameters) as TransactionListRow[];
      } else {
        rows = await query.execute();
      }
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < batchRows) return;
      const last: TransactionListRow = rows[rows.length - 1]!;
      after = { time: rowTime(last, ctx.filter), id: last.id };
    }
  } finally {
    reader?.close();
  }
}

/** A transaction of the view by its order number, within the scope; anything else is "not found". */
export function findTransaction(db: Db, scope: Scope, view: TTransactionView, tradeNo: string) {
  const def = TRANSACTION_VIEW_DEFS[view];
  const gateways = gatewayIdFilter(scope);
  return db
    .selectFrom('transactions as t')
    .innerJoin('gateways as g', 'g.id', 't.gateway_id')
    .selectAll('t')
    .select('g.gateway_no')
    .where('t.trade_no', '=', tradeNo)
    .where('t.merchant_id', '=', scope.merchantId)
    .where('t.category', '=', def.category)
    .$if(def.tradeType !== null, (qb) => qb.where('t.trade_type', '=', def.tradeType ?? 0))
    .$if(gateways !== null, (qb) => qb.where('t.gateway_id', 'in', gateways ?? [0]))
    .executeTakeFirst();
}

/** Refunds and shown disputes of one transaction (already found within the scope). */
export async function findTransactionHistory(db: Db, scope: Scope, transactionId: number) {
  const [refunds, disputes] = await Promise.all([
    db
      .selectFrom('refunds')
      .select(['refund_no', 'currency', 'amount', 'status', 'applied_at', 'processed_at'])
      .where('transaction_id', '=', transactionId)
      .where('merchant_id', '=', scope.merchantId)
      .orderBy('applied_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('disputes')
      .select([
        'case_no',
        'kind',
        'processing_type',
        'currency',
        'amount',
        'reply_deadline',
        'appeal_status',
        'appealed_at',
        'decided_at',
        'created_at',
      ])
      .where('transaction_id', '=', transactionId)
      .where('merchant_id', '=', scope.merchantId)
      // Fraud reports count towards scheme monitoring but are not cases the merchant sees.
      .where('kind', '<>', DisputeKind.fraudReport)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  return { refunds, disputes };
}

/**
 * Records one gateway record and adds it to its day's rollup in the same database transaction, as
 * the live gateway does (the bulk generator writes rows directly and rebuilds the rollups after).
 */
export function recordTransaction(db: Db, row: Insertable<TransactionsTable>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('transactions').values(row).returning('id').executeTakeFirstOrThrow();
    await addToRollup(
      trx,
      {
        merchantId: row.merchant_id,
        gatewayId: row.gateway_id,
        cardScheme: row.card_scheme,
        currency: row.settle_currency,
        at: row.created_at,
      },
      transactionDelta({
        category: row.category,
        pay_status: row.pay_status,
        settle_amount: row.settle_amount,
        duplicate_failure: row.duplicate_failure ?? 0,
        reserve_amount: row.reserve_amount ?? 0,
      }),
    );
    return id;
  });
}
