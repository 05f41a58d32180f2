import { sql, type ExpressionBuilder } from 'kysely';
import type { TListPaging } from '@mbo/shared/list';
import { minorUnitsOf } from '@mbo/shared/money';
import { TRANSACTION_VIEW_DEFS, TRANSACTIONS, maskCard, type TTransactionListQuery, type TTransactionView } from '@mbo/shared/transactions';
import type { Db } from '../../db/database';
import { RARE_FLAG_INDEXES } from '../../db/migrations/0003-transactions';
import type { Database } from '../../db/types';
import { type ExportReader } from '../../platform/export-reader';
import { keysetBatches } from '../../platform/keyset-walk';
import { keysetPage, type Seek } from '../../platform/list';
import { selectFields, type FieldRow } from '../../platform/list-fields';
import { gatewayIdFilter, type Scope } from '../../platform/scope';
import { BUSINESS_DAY_OFFSET_MS } from '../../platform/rollups';
import { dayRangeInZone, zoneOffsetMs } from '../../platform/time';

/*
 * The lists and exports of the six transaction views: the filters (dates in the caller's timezone,
 * amounts in each row's own currency units, the rare flags through their partial indexes), the keyset
 * walk, and the count, exact from the daily rollups where it can be. A single transaction, its history
 * and the recording of new ones are repository.ts.
 */

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

/** A list or export of one view: the caller's scope (already narrowed to a filtered gateway, see narrowToGateway), the filters and the caller's timezone. */
export type ListContext = {
  scope: Scope;
  view: TTransactionView;
  filter: TransactionFilter;
  timezone: string;
  /**
   * Set by `listTransactions` when an amount range without a currency matches few rows (see
   * `amountRangeIsNarrow`): the rows are then found through the amount index, one range per
   * currency precision, instead of walking the date index.
   */
  amountFirst?: boolean;
};

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

/** The amount bounds of each currency precision (0 and 2 decimals) an amount filter without a currency covers. */
function amountRanges(filter: TransactionFilter): { units: 0 | 2; min: number | null; max: number | null; currencies: 'in' | 'not in' }[] {
  return ([0, 2] as const).map((units) => ({
    units,
    min: filter.amountMin !== undefined ? boundInUnits(filter.amountMin, units, 'min') : null,
    max: filter.amountMax !== undefined ? boundInUnits(filter.amountMax, units, 'max') : null,
    currencies: units === 0 ? 'in' : 'not in',
  }));
}

/** At most this many rows in the amount index's ranges: the rows are found from that index. */
const AMOUNT_FIRST_MAX_ROWS = 5_000;

/**
 * Whether an amount range without a currency is narrow enough to find its rows through the amount
 * index (transactions_by_amount_idx) and sort them: counted in that index, up to the limit, for each
 * currency precision. A wide range is left to the date index, where matches come quickly.
 */
export async function amountRangeIsNarrow(db: Db, ctx: ListContext): Promise<boolean> {
  const { filter } = ctx;
  if (filter.currency !== undefined || filter.amountMin === undefined || filter.amountMax === undefined) return false;
  const def = TRANSACTION_VIEW_DEFS[ctx.view];
  let rows = 0;
  for (const r of amountRanges(filter)) {
    if (r.min === null || r.max === null || r.min > r.max) continue;
    const row = await db
      .selectFrom(
        db
          .selectFrom('transactions')
          .select(sql<number>`1`.as('one'))
          .where('merchant_id', '=', ctx.scope.merchantId)
          .where('category', '=', def.category)
          .where('amount', '>=', r.min)
          .where('amount', '<=', r.max)
          .limit(AMOUNT_FIRST_MAX_ROWS + 1)
          .as('c'),
      )
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    rows += Number(row.n);
    if (rows > AMOUNT_FIRST_MAX_ROWS) return false;
  }
  return true;
}

/**
 * The base of a list whose amount range is narrow: the ids in the amount index's ranges (one per
 * currency precision, the currency condition checked there), then each row by id. CROSS JOIN keeps
 * that order on SQLite (its planner would otherwise walk the date index and probe the ids).
 */
function amountFirstBase(db: Db, ctx: ListContext) {
  const def = TRANSACTION_VIEW_DEFS[ctx.view];
  const parts = amountRanges(ctx.filter).map((r) =>
    db
      .selectFrom('transactions as x')
      .select('x.id')
      .where('x.merchant_id', '=', ctx.scope.merchantId)
      .where('x.category', '=', def.category)
      .where('x.amount', '>=', r.min ?? 0)
      .where('x.amount', '<=', r.max ?? 0)
      .where('x.currency', r.currencies, ZERO_DECIMAL_CURRENCIES),
  );
  const ids = parts[0]!.unionAll(parts[1]!);
  // The derived table only narrows the rows; every column and condition below refers to t.
  return db.selectFrom(ids.as('a')).crossJoin('transactions as t').whereRef('t.id', '=', 'a.id') as unknown as ReturnType<typeof plainBase>;
}

function plainBase(db: Db) {
  return db.selectFrom('transactions as t');
}

/**
 * Every row of the view the scope may see that matches the filters (no order, no columns yet).
 * `seekTo` (a cursor's time) replaces the range's upper end so the index seek starts at the cursor
 * instead of walking from the newest row: the row-value condition alone is not used as a seek bound
 * by SQLite when the range already has an upper bound. `untilFrom` (where an export's slice ends)
 * replaces its lower end the same way, so the slice's last batch stops at the slice's end.
 */
function filtered(db: Db, ctx: ListContext, seekTo: number | null = null, untilFrom: number | null = null) {
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

  return (ctx.amountFirst ? amountFirstBase(db, ctx) : plainBase(db))
    .where('t.merchant_id', '=', scope.merchantId)
    .where('t.category', '=', def.category)
    .$if(def.tradeType !== null, (qb) => qb.where('t.trade_type', '=', def.tradeType ?? 0))
    .where(col, '>=', untilFrom !== null && untilFrom > fromMs ? untilFrom : fromMs)
    .$if(seekTo === null || seekTo >= toMs, (qb) => qb.where(col, '<', toMs))
    .$if(seekTo !== null && seekTo < toMs, (qb) => qb.where(col, '<=', seekTo ?? 0))
    .$if(gateways !== null, (qb) => qb.where('t.gateway_id', 'in', gateways ?? [0]))
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

/**
 * Where the fields not read from `t` under their own name come from. The masked card is made by the
 * database (maskCard's form), so the list and the export's cell read one text.
 */
const SOURCES = {
  gatewayNo: 'g.gateway_no',
  cardMasked: sql<string>`${sql.ref('t.card_first6')} || ${sql.lit(maskCard('', ''))} || ${sql.ref('t.card_last4')}`,
  riskRules: 't.risk_rules',
};

export type TransactionListRow = FieldRow<typeof TRANSACTIONS.fields>;

/**
 * The view's rows with their list columns, newest first by the chosen time. A next page's base is
 * bounded at the cursor's time (see `filtered`), so the index seek starts at the cursor.
 */
function transactionList(db: Db, ctx: ListContext) {
  const process = ctx.filter.timeType === 'process';
  return {
    rows: (seek: Seek | null, until?: Seek | null) =>
      selectFields(
        filtered(db, ctx, seek?.value ?? null, until?.value ?? null).innerJoin('gateways as g', 'g.id', 't.gateway_id'),
        TRANSACTIONS.fields,
        't',
        SOURCES,
      ),
    // Every transaction has its gateway: the join adds columns only.
    keys: (seek: Seek | null) => filtered(db, ctx, seek?.value ?? null),
    sort: {
      column: timeColumn(ctx.filter),
      id: 't.id',
      direction: 'desc',
      value: (r: TransactionListRow) => Number((process ? r.returnedAt : r.createdAt) ?? 0),
    },
  } as const;
}

/**
 * The exact count of the plain formal list (only dates and, optionally, a gateway) from the daily
 * rollups, which hold one formal transaction count per business day: possible when the caller's
 * days are business days, i.e. the timezone is UTC+08:00 at both ends of the range (the default
 * Asia/Shanghai, and Asia/Kuala_Lumpur). Null otherwise: the caller counts rows.
 */
async function countFromRollups(db: Db, ctx: ListContext): Promise<number | null> {
  const { filter } = ctx;
  const extra = Object.entries(filter).some(([k, v]) => v !== undefined && !['from', 'to', 'timeType', 'gatewayNo'].includes(k));
  if (ctx.view !== 'formal' || extra || filter.timeType === 'process') return null;
  const { fromMs, toMs } = dayRangeInZone(filter.from, filter.to, ctx.timezone);
  if (zoneOffsetMs(fromMs, ctx.timezone) !== BUSINESS_DAY_OFFSET_MS || zoneOffsetMs(toMs - 1, ctx.timezone) !== BUSINESS_DAY_OFFSET_MS)
    return null;
  const gateways = gatewayIdFilter(ctx.scope);
  const row = await db
    .selectFrom('trade_rollups_day')
    .select((eb) => eb.fn.sum<number>('tx_count').as('n'))
    .where('merchant_id', '=', ctx.scope.merchantId)
    .where('day', '>=', filter.from)
    .where('day', '<=', filter.to)
    .$if(gateways !== null, (qb) => qb.where('gateway_id', 'in', gateways ?? [0]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * An amount range walked on the date index (not `amountFirst`): the rows of the other filters, each
 * marked when its amount matches, for a count that reads a bounded number of them (platform/list.ts).
 */
function amountScan(db: Db, ctx: ListContext) {
  const { amountMin, amountMax, ...rest } = ctx.filter;
  return filtered(db, { ...ctx, filter: rest }).select((eb) =>
    eb
      .case()
      .when(amountCondition(eb, { ...rest, amountMin, amountMax }))
      .then(1)
      .else(0)
      .end()
      .as('hit'),
  );
}

/**
 * A page of the view and its count: exact from the rollups for the plain formal list, otherwise exact
 * up to the cap, or, for an amount range on the date index, exact only where a few thousand rows hold
 * the whole range (else "more than N").
 */
export async function listTransactions(db: Db, listCtx: ListContext, q: TListPaging) {
  const ctx = (await amountRangeIsNarrow(db, listCtx)) ? { ...listCtx, amountFirst: true } : listCtx;
  const amounts = !ctx.amountFirst && (ctx.filter.amountMin !== undefined || ctx.filter.amountMax !== undefined);
  return keysetPage(db, transactionList(db, ctx), q, {
    count: () => filtered(db, ctx),
    exactTotal: () => countFromRollups(db, ctx),
    ...(amounts ? { scan: () => amountScan(db, ctx) } : {}),
  });
}

/** Every matching row in keyset batches; on SQLite files through the export's raw-mode reader. */
export function iterateTransactions(db: Db, ctx: ListContext, o: { batchRows?: number; reader?: (() => ExportReader) | null } = {}) {
  return keysetBatches(transactionList(db, ctx), o);
}
