import { sql } from 'kysely';
import {
  BATCH_ITEM_FIELDS,
  BATCHES,
  ENTRIES,
  WITHDRAWALS,
  type TBatchListQuery,
  type TEntryListQuery,
  type TWithdrawalListQuery,
} from '@mbo/shared/funds';
import type { TListPaging } from '@mbo/shared/list';
import type { Db } from '../../db/database';
import { NOT_SETTLED } from '../../db/migrations/0010-funds';
import { MERCHANT_ENTRIES, WITH_RETRIEVALS } from '../../db/migrations/0014-funds-speed';
import { type ExportReader } from '../../platform/export-reader';
import { keysetBatches } from '../../platform/keyset-walk';
import { keysetPage, type Seek } from '../../platform/list';
import { selectFields, type FieldRow } from '../../platform/list-fields';
import { inScope, type Scope } from '../../platform/scope';

type Range = { fromMs: number; toMs: number };

/** Whether the signed-in admin may see balances (§3 Administrator "may view account dynamics"; the owner always may). */
export async function mayViewAccount(db: Db, adminId: number, isOwner: boolean): Promise<boolean> {
  if (isOwner) return true;
  const a = await db.selectFrom('admins').select('may_view_account').where('id', '=', adminId).executeTakeFirst();
  return a?.may_view_account === 1;
}

/** Balances and running totals of the scope's accounts, per currency and kind. */
export function accountTotals(db: Db, scope: Scope) {
  return db
    .selectFrom('ledger_accounts as a')
    .where(inScope(scope, 'a'))
    .select([
      'a.currency',
      'a.kind',
      sql<number>`sum(a.balance)`.as('balance'),
      sql<number>`sum(a.credits)`.as('credits'),
      sql<number>`sum(a.debits)`.as('debits'),
    ])
    .groupBy(['a.currency', 'a.kind'])
    .execute();
}

export type SummaryTotal = {
  /** 'account' (per currency and kind), 'reserve' (per gateway), 'credited' and 'retrieval' (per currency). */
  src: 'account' | 'reserve' | 'credited' | 'retrieval';
  currency: string;
  kind: string;
  gateway_id: number;
  balance: number;
  credits: number;
  debits: number;
};

/**
 * Every total of the account summary in one read: the accounts' cached balances and running totals per
 * currency and kind, the reserve balance per gateway (the release calendar caps at it), the credited
 * batches' recognized total and the rollups' retrieval total per currency. Each part reads an index
 * (the last two partial covering indexes of migration 0014).
 */
export async function summaryTotals(db: Db, scope: Scope): Promise<SummaryTotal[]> {
  const { rows } = await sql<SummaryTotal>`
    select 'account' as src, a.currency, a.kind, 0 as gateway_id,
      sum(a.balance) as balance, sum(a.credits) as credits, sum(a.debits) as debits
    from ledger_accounts a where ${inScope(scope, 'a')} group by a.currency, a.kind
    union all
    select 'reserve', a.currency, a.kind, a.gateway_id, a.balance, 0, 0
    from ledger_accounts a where ${inScope(scope, 'a')} and a.kind = 'reserve'
    union all
    select 'credited', a.currency, '', 0, sum(a.recognized), 0, 0
    from settlement_batches a where ${inScope(scope, 'a')} and a.credited_at is not null group by a.currency
    union all
    select 'retrieval', a.currency, '', 0, sum(a.retrieval_amount), 0, 0
    from trade_rollups a where ${inScope(scope, 'a')} and ${sql.raw(WITH_RETRIEVALS)} group by a.currency`.execute(db);
  return rows.map((r) => ({
    ...r,
    gateway_id: Number(r.gateway_id),
    balance: Number(r.balance),
    credits: Number(r.credits),
    debits: Number(r.debits),
  }));
}

/** Reserve holds not yet released, oldest first per gateway (the partial index of the open holds). */
export function openHolds(db: Db, scope: Scope) {
  return db
    .selectFrom('reserve_holds as a')
    .where(inScope(scope, 'a'))
    .where('a.released_at', 'is', null)
    .select(['a.gateway_id', 'a.currency', 'a.release_on', 'a.amount'])
    .orderBy('a.gateway_id')
    .orderBy('a.release_on')
    .execute();
}

/** Successful formal transactions not yet settled in the last `days` days (the settlement cycle screen). */
export function unsettledTrades(db: Db, scope: Scope, sinceMs: number) {
  return db
    .selectFrom('transactions as a')
    .innerJoin('gateways as g', 'g.id', 'a.gateway_id')
    .where(inScope(scope, 'a'))
    .where('a.category', '=', 1)
    .where('a.pay_status', '=', 1)
    .where(sql.raw<boolean>(NOT_SETTLED))
    .where('a.created_at', '>=', sinceMs)
    .select(['a.id', 'a.gateway_id', 'g.gateway_no', 'a.settle_currency', 'a.settle_amount', 'a.created_at'])
    .execute();
}

// ---- withdrawals list

export type WithdrawalFilters = Omit<TWithdrawalListQuery, 'page' | 'limit' | 'after'>;

function withdrawalRows(db: Db, scope: Scope, f: WithdrawalFilters, r: Range) {
  const rows = db
    .selectFrom('withdrawals as w')
    .innerJoin('gateways as g', 'g.id', 'w.gateway_id')
    .where(inScope(scope, 'w'))
    .where('w.created_at', '>=', r.fromMs)
    .where('w.created_at', '<', r.toMs)
    .$if(f.status !== undefined, (qb) => qb.where('w.status', '=', f.status ?? 0))
    .$if(f.withdrawalNo !== undefined, (qb) => qb.where('w.withdrawal_no', '=', f.withdrawalNo ?? ''));
  return selectFields(rows, WITHDRAWALS.fields, 'w', { gatewayNo: 'g.gateway_no' });
}

export function listWithdrawals(db: Db, scope: Scope, q: WithdrawalFilters & TListPaging, r: Range) {
  return keysetPage(
    db,
    {
      rows: () => withdrawalRows(db, scope, q, r),
      sort: { column: 'w.created_at', id: 'w.id', direction: 'desc', value: (x) => Number(x.createdAt) },
    },
    q,
    { count: withdrawalRows(db, scope, q, r) },
  );
}

// ---- recorded-entry flow

export type EntryFilters = Omit<TEntryListQuery, 'page' | 'limit' | 'after'>;

/**
 * The scope's entries under the filters (no joins: what the count reads). Only the merchant's own
 * accounts are listed (MERCHANT_ENTRIES). The merchant's entry index (migration 0017) holds every
 * filtered column, so a page seeks it and the count reads index entries only.
 */
function entryBase(db: Db, scope: Scope, f: EntryFilters, r: Range) {
  return db
    .selectFrom('ledger_entries as e')
    .where(inScope(scope, 'e'))
    .where('e.occurred_at', '>=', r.fromMs)
    .where('e.occurred_at', '<', r.toMs)
    .where(sql.raw<boolean>(MERCHANT_ENTRIES))
    .$if(f.account !== undefined, (qb) => qb.where('e.account_kind', '=', f.account ?? ''))
    .$if(f.type !== undefined, (qb) => qb.where('e.txn_type', '=', f.type ?? ''))
    .$if(f.currency !== undefined, (qb) => qb.where('e.currency', '=', f.currency ?? ''));
}

function entryRows(db: Db, scope: Scope, f: EntryFilters, r: Range) {
  const rows = entryBase(db, scope, f, r)
    .innerJoin('ledger_transactions as t', 't.id', 'e.txn_id')
    .innerJoin('gateways as g', 'g.id', 'e.gateway_id');
  return selectFields(rows, ENTRIES.fields, 'e', ENTRY_SOURCES);
}
const ENTRY_SOURCES = {
  gatewayNo: 'g.gateway_no',
  account: 'e.account_kind',
  type: 'e.txn_type',
  refType: 't.ref_type',
  refNo: 't.ref_no',
};

const entryList = (db: Db, scope: Scope, f: EntryFilters, r: Range) =>
  ({
    // A next page bounds the range at its cursor too, so the index seek starts there at any depth; an export's slice at its end.
    rows: (seek: Seek | null, until?: Seek | null) =>
      entryRows(db, scope, f, {
        fromMs: until ? Math.max(r.fromMs, until.value) : r.fromMs,
        toMs: seek ? Math.min(r.toMs, seek.value + 1) : r.toMs,
      }),
    sort: { column: 'e.occurred_at', id: 'e.id', direction: 'desc', value: (x: FieldRow<typeof ENTRIES.fields>) => Number(x.occurredAt) },
  }) as const;

export function listEntries(db: Db, scope: Scope, q: EntryFilters & TListPaging, r: Range) {
  return keysetPage(db, entryList(db, scope, q, r), q, { count: entryBase(db, scope, q, r).select('e.id') });
}
export function iterateEntries(db: Db, scope: Scope, f: EntryFilters, r: Range, reader: (() => ExportReader) | null) {
  return keysetBatches(entryList(db, scope, f, r), { reader });
}

// ---- credit entries (batches)

export type BatchFilters = Omit<TBatchListQuery, 'page' | 'limit' | 'after'>;

/** The scope's batches, each with the columns of its row: the list's rows and one batch's page alike. */
function scopedBatches(db: Db, scope: Scope) {
  const rows = db.selectFrom('settlement_batches as b').innerJoin('gateways as g', 'g.id', 'b.gateway_id').where(inScope(scope, 'b'));
  return selectFields(rows, BATCHES.fields, 'b', BATCH_SOURCES);
}
function batchRows(db: Db, scope: Scope, f: BatchFilters, r: Range) {
  return scopedBatches(db, scope)
    .where('b.tabulated_at', '>=', r.fromMs)
    .where('b.tabulated_at', '<', r.toMs)
    .$if(f.batchNo !== undefined, (qb) => qb.where('b.batch_no', '=', f.batchNo ?? ''));
}
/** The stored deadline is the exclusive end of the trades a batch covers; the list shows their last instant. */
const BATCH_SOURCES = {
  recordedAt: 'b.credited_at',
  gatewayNo: 'g.gateway_no',
  tradeDeadline: sql`b.trade_deadline - 1`,
  tabulatedAt: 'b.tabulated_at',
};

const batchList = (db: Db, scope: Scope, f: BatchFilters, r: Range) =>
  ({
    rows: () => batchRows(db, scope, f, r),
    sort: { column: 'b.tabulated_at', id: 'b.id', direction: 'desc', value: (x: FieldRow<typeof BATCHES.fields>) => Number(x.tabulatedAt) },
  }) as const;

export function listBatches(db: Db, scope: Scope, q: BatchFilters & TListPaging, r: Range) {
  return keysetPage(db, batchList(db, scope, q, r), q, { count: batchRows(db, scope, q, r) });
}
export function iterateBatches(db: Db, scope: Scope, f: BatchFilters, r: Range, reader: (() => ExportReader) | null) {
  return keysetBatches(batchList(db, scope, f, r), { reader });
}

export function findBatch(db: Db, scope: Scope, batchNo: string) {
  return scopedBatches(db, scope).where('b.batch_no', '=', batchNo).executeTakeFirst();
}

/** The item's own amounts; the transaction's number, time and settlement currency (and its id: an item has none of its own). */
const BATCH_ITEM_SOURCES = {
  tradeAt: 't.created_at',
  currency: 't.settle_currency',
  gross: 'i.gross',
  fee: 'i.fee',
  reserve: 'i.reserve',
  net: 'i.net',
};

export function batchItems(db: Db, batchId: number, o: { limit: number; offset: number; tradeNo?: string | undefined }) {
  const rows = db
    .selectFrom('settlement_items as i')
    .innerJoin('transactions as t', 't.id', 'i.transaction_id')
    .where('i.batch_id', '=', batchId)
    .$if(o.tradeNo !== undefined, (qb) => qb.where('t.trade_no', '=', o.tradeNo ?? ''));
  return selectFields(rows, BATCH_ITEM_FIELDS, 't', BATCH_ITEM_SOURCES)
    .orderBy('i.transaction_id')
    .limit(o.limit)
    .offset(o.offset)
    .execute();
}

/**
 * Net movement of the available balance per business month and currency, withdrawals left out, from the
 * monthly rollup `ledger_available_months` (migration 0016), months `fromMonth`..`toMonth` inclusive.
 */
export function availableMovementByMonth(db: Db, scope: Scope, fromMonth: string, toMonth: string) {
  return db
    .selectFrom('ledger_available_months as m')
    .where(inScope(scope, 'm'))
    .where('m.month', '>=', fromMonth)
    .where('m.month', '<=', toMonth)
    .select(['m.month', 'm.currency', sql<number>`sum(m.amount)`.as('total')])
    .groupBy(['m.month', 'm.currency'])
    .execute();
}
