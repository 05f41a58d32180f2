import { sql } from 'kysely';
import type { TSearchKind } from '@mbo/shared/search';
import type { Db } from '../../db/database';
import { gatewayIdFilter, type Scope } from '../../platform/scope';

/**
 * All SQL of the search box. Every query is one range of an index led by the merchant (migration
 * 0023, or the list indexes of 0003 per category): `value >= text and value < text + U+FFFF` is the
 * exact value and every value that begins with it, in index order, so the exact one comes first.
 * `take` is one more than the hits shown, so the group knows there are more.
 */

/** The values that begin with `text` (the exact one among them). */
export type Prefix = { lo: string; hi: string };
export const prefixOf = (text: string): Prefix => ({ lo: text, hi: `${text}\uffff` });
/** Only this exact value. */
export const exactly = (text: string): Prefix => ({ lo: text, hi: `${text}\u0001` });

/** One of the transaction screens the caller may open: a category, or one trade type of it (pre-authorization). */
export type TradeView = { category: number; tradeType: number | null };

const gatewayIn = (scope: Scope) => gatewayIdFilter(scope);

const tradeColumns = [
  't.id',
  't.trade_no',
  't.merchant_order_no',
  't.category',
  't.trade_type',
  't.pay_status',
  't.amount',
  't.currency',
  't.created_at',
  't.card_first6',
  't.card_last4',
  't.email',
] as const;

function tradesBase(db: Db, scope: Scope, view: TradeView) {
  const ids = gatewayIn(scope);
  return db
    .selectFrom('transactions as t')
    .select(tradeColumns)
    .where('t.merchant_id', '=', scope.merchantId)
    .where('t.category', '=', view.category)
    .$if(view.tradeType !== null, (qb) => qb.where('t.trade_type', '=', view.tradeType ?? 0))
    .$if(ids !== null, (qb) => qb.where('t.gateway_id', 'in', ids ?? [0]));
}
export type TradeRow = Awaited<ReturnType<ReturnType<typeof tradesBase>['execute']>>[number];

/**
 * Trade numbers that begin with the text, of every category (index transactions_search_trade_no_idx):
 * one range for all the caller's screens, which are told apart afterwards. A category in the query
 * would make SQLite prefer the list index (merchant and category equal) and walk a whole category.
 */
export function tradesByTradeNo(db: Db, scope: Scope, p: Prefix, take: number) {
  const ids = gatewayIn(scope);
  return db
    .selectFrom('transactions as t')
    .select(tradeColumns)
    .where('t.merchant_id', '=', scope.merchantId)
    .$if(ids !== null, (qb) => qb.where('t.gateway_id', 'in', ids ?? [0]))
    .where('t.trade_no', '>=', p.lo)
    .where('t.trade_no', '<', p.hi)
    .orderBy('t.trade_no')
    .limit(take)
    .execute();
}

/**
 * Merchant order numbers or customer e-mails that begin with the text (transactions_merchant_order_no_idx
 * and transactions_email_idx of the view's category), newest first among equal values.
 */
export function tradesByValue(db: Db, scope: Scope, view: TradeView, column: 'merchant_order_no' | 'email', p: Prefix, take: number) {
  return tradesBase(db, scope, view)
    .where(`t.${column}`, '>=', p.lo)
    .where(`t.${column}`, '<', p.hi)
    .orderBy(`t.${column}`)
    .orderBy('t.created_at', 'desc')
    .limit(take)
    .execute();
}

/**
 * Newest payments by card: the last four when known (a few hundred rows of a merchant at most, then
 * the first six checked on them), else the first six (transactions_card_*_idx, already newest first).
 */
export function tradesByCard(db: Db, scope: Scope, view: TradeView, card: { first6?: string; last4?: string }, take: number) {
  const q = tradesBase(db, scope, view);
  const narrowed =
    card.last4 !== undefined
      ? q.where('t.card_last4', '=', card.last4).$if(card.first6 !== undefined, (qb) => qb.where('t.card_first6', '=', card.first6 ?? ''))
      : q.where('t.card_first6', '=', card.first6 ?? '');
  return narrowed.orderBy('t.created_at', 'desc').orderBy('t.id', 'desc').limit(take).execute();
}

/**
 * Where each kind besides payments lives and what its hit is made of, as SQL over the kind's table
 * (`x`), its payment (`t`) or its gateway (`g`). `columns`: the values a person may type, each the
 * second column of a merchant-led index (0023, or the unique merchant-and-address index of websites).
 */
type Source = {
  table: string;
  columns: readonly string[];
  join: 'trade' | 'gateway' | null;
  /** Filtered by the scope's gateways; false for what belongs to the merchant (websites, blacklist). */
  gatewayScoped: boolean;
  id: string;
  status: string;
  amount: string | null;
  currency: string | null;
  at: string;
  details: readonly string[];
  tradeNo: string | null;
};

export const SOURCES: Record<Exclude<TSearchKind, 'transaction'>, Source> = {
  refund: {
    table: 'refunds',
    columns: ['refund_no'],
    join: 'trade',
    gatewayScoped: true,
    id: 'x.refund_no',
    status: 'x.status',
    amount: 'x.amount',
    currency: 'x.currency',
    at: 'x.applied_at',
    details: ['t.trade_no'],
    tradeNo: 't.trade_no',
  },
  dispute: {
    table: 'disputes',
    columns: ['case_no'],
    join: 'trade',
    gatewayScoped: true,
    id: 'x.case_no',
    status: 'x.kind',
    amount: 'x.amount',
    currency: 'x.currency',
    at: 'x.created_at',
    details: ['t.trade_no', 'x.reason_code'],
    tradeNo: 't.trade_no',
  },
  complaint: {
    table: 'complaints',
    columns: ['complaint_no', 'cardholder_email'],
    join: 'trade',
    gatewayScoped: true,
    id: 'x.complaint_no',
    status: 'x.status',
    amount: 't.amount',
    currency: 't.currency',
    at: 'x.created_at',
    details: ['t.trade_no', 'x.cardholder_email'],
    tradeNo: 't.trade_no',
  },
  withdrawal: {
    table: 'withdrawals',
    columns: ['withdrawal_no'],
    join: 'gateway',
    gatewayScoped: true,
    id: 'x.withdrawal_no',
    status: 'x.status',
    amount: 'x.amount',
    currency: 'x.currency',
    at: 'x.created_at',
    details: ['g.gateway_no'],
    tradeNo: null,
  },
  batch: {
    table: 'settlement_batches',
    columns: ['batch_no'],
    join: 'gateway',
    gatewayScoped: true,
    id: 'x.batch_no',
    status: 'x.credit_status',
    amount: 'x.gross',
    currency: 'x.currency',
    at: 'x.tabulated_at',
    details: ['g.gateway_no', 'x.settle_date'],
    tradeNo: null,
  },
  waybill: {
    table: 'waybills',
    columns: ['tracking_no'],
    join: 'trade',
    gatewayScoped: true,
    id: 'x.tracking_no',
    status: 'x.status',
    amount: 't.amount',
    currency: 't.currency',
    at: 't.created_at',
    details: ['x.carrier', 't.trade_no'],
    tradeNo: 't.trade_no',
  },
  link: {
    table: 'payment_links',
    columns: ['link_key'],
    join: null,
    gatewayScoped: true,
    id: 'x.link_key',
    status: 'x.status',
    amount: 'x.amount',
    currency: 'x.currency',
    at: 'x.created_at',
    details: ['x.title'],
    tradeNo: null,
  },
  website: {
    table: 'websites',
    columns: ['url', 'host'],
    join: null,
    gatewayScoped: false,
    id: 'x.url',
    status: 'x.status',
    amount: null,
    currency: null,
    at: 'x.created_at',
    details: ['x.host'],
    tradeNo: null,
  },
  blacklist: {
    table: 'blacklist_entries',
    columns: ['value'],
    join: null,
    gatewayScoped: false,
    id: 'x.value',
    status: 'x.entry_type',
    amount: null,
    currency: null,
    at: 'x.created_at',
    details: ['x.reason'],
    tradeNo: null,
  },
};

export type RecordRow = {
  id: string;
  status: number | string;
  amount: number | null;
  currency: string | null;
  at: number;
  details: (string | null)[];
  trade_no: string | null;
};

const nothing = sql`null`;
const expr = (column: string | null) => (column === null ? nothing : sql.ref(column));

/** Records of a kind whose `column` begins with the text, in the column's index order (exact first). */
export async function recordsBy(
  db: Db,
  scope: Scope,
  kind: keyof typeof SOURCES,
  column: string,
  p: Prefix,
  take: number,
): Promise<RecordRow[]> {
  const s = SOURCES[kind];
  if (!s.columns.includes(column)) throw new Error(`${kind} is not searched by ${column}`);
  const ids = s.gatewayScoped ? gatewayIn(scope) : null;
  const joined =
    s.join === 'trade'
      ? sql`inner join transactions t on t.id = x.transaction_id`
      : s.join === 'gateway'
        ? sql`inner join gateways g on g.id = x.gateway_id`
        : sql``;
  const value = sql.ref(`x.${column}`);
  const { rows } = await sql<Omit<RecordRow, 'details'> & Record<string, string | null>>`
    select ${expr(s.id)} as id, ${expr(s.status)} as status, ${expr(s.amount)} as amount, ${expr(s.currency)} as currency,
      ${expr(s.at)} as at, ${expr(s.tradeNo)} as trade_no, ${sql.join(s.details.map((d, i) => sql`${sql.ref(d)} as ${sql.ref(`d${i}`)}`))}
    from ${sql.table(s.table)} x ${joined}
    where x.merchant_id = ${scope.merchantId}
      ${ids === null ? sql`` : sql`and x.gateway_id in (${sql.join(ids)})`}
      and ${value} >= ${p.lo} and ${value} < ${p.hi}
    order by ${value}, ${expr(s.at)} desc
    limit ${take}`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    amount: r.amount === null ? null : Number(r.amount),
    currency: r.currency,
    at: Number(r.at),
    trade_no: r.trade_no,
    details: s.details.map((_, i) => r[`d${i}`] ?? null),
  }));
}
