import { sql, type RawBuilder } from 'kysely';
import { DisputeKind, PayStatus, RefundProcessing, TradeCategory } from '@mbo/shared/trade-enums';
import type { Db } from '../../db/database';
import { businessDayRange } from '../../platform/rollups';
import { gatewayIdFilter, inScope, type Scope } from '../../platform/scope';
import type { RollupFilter } from './repository';

/**
 * SQL of the report insights (report-insights.ts). Gateway, currency, card scheme and the chart read
 * the rollups, like the report tables. The card-issuing country is not in the rollups: it is read
 * from the period's records (formal transactions by entry day, refunds by the day they succeeded,
 * chargebacks by the day they arrived, as the rollups count them), narrowed to the scope like every
 * list. On the demo database (200,000 records) that is 14 ms for a month and about 95 ms for six
 * months of one merchant on SQLite, through transactions_list_idx; only the chosen period is read
 * this way, never the previous one.
 */

export type SumRow = {
  key: string;
  currency: string;
  tx_count: number;
  success_count: number;
  success_amount: number;
  refund_count: number;
  refund_amount: number;
  chargeback_count: number;
  chargeback_amount: number;
};

const MEASURES = [
  'tx_count',
  'success_count',
  'success_amount',
  'refund_count',
  'refund_amount',
  'chargeback_count',
  'chargeback_amount',
] as const;

const ZERO = Object.fromEntries(MEASURES.map((m) => [m, 0])) as Record<(typeof MEASURES)[number], number>;

function numeric(row: Record<string, unknown>): SumRow {
  const out = { ...ZERO, key: String(row.key ?? ''), currency: String(row.currency) };
  for (const m of MEASURES) out[m] = Number(row[m] ?? 0);
  return out;
}

/** What a rollup row is grouped by: its day, its month, its currency, its gateway's number or its card scheme. */
export type RollupKey = 'day' | 'month' | 'currency' | 'gateway' | 'cardScheme';

// Literal texts: PostgreSQL matches a select expression to its GROUP BY only when the text is the same.
const KEY_SQL: Record<RollupKey, RawBuilder<string>> = {
  day: sql<string>`r.day`,
  month: sql<string>`substr(r.day, 1, 7)`,
  currency: sql<string>`r.currency`,
  gateway: sql<string>`g.gateway_no`,
  cardScheme: sql<string>`r.card_scheme`,
};

/**
 * The rollup measures of the scope's business days `fromDay`..`toDay`, summed per `by` and settlement
 * currency. The card scheme is only in `trade_rollups` (one row per scheme); everything else reads
 * `trade_rollups_day`, as the report tables do.
 */
export async function rollupSums(db: Db, scope: Scope, f: RollupFilter, by: RollupKey): Promise<SumRow[]> {
  const ids = gatewayIdFilter(scope);
  const key = KEY_SQL[by];
  const table = by === 'cardScheme' ? 'trade_rollups' : 'trade_rollups_day';
  const rows = await db
    .selectFrom(`${table} as r` as 'trade_rollups_day as r')
    .innerJoin('gateways as g', 'g.id', 'r.gateway_id')
    .where('r.merchant_id', '=', scope.merchantId)
    .where('r.day', '>=', f.fromDay)
    .where('r.day', '<=', f.toDay)
    .$if(ids !== null, (qb) => qb.where('r.gateway_id', 'in', ids ?? [0]))
    .$if(f.currency !== undefined, (qb) => qb.where('r.currency', '=', f.currency ?? ''))
    .select([key.as('key'), 'r.currency'])
    .select(MEASURES.map((m) => sql<string | number>`coalesce(sum(${sql.ref(`r.${m}`)}), 0)`.as(m)))
    .groupBy([key, 'r.currency'])
    .execute();
  return rows.map((r) => numeric(r));
}

// Refunds count on the day they succeeded (formal payments only), chargebacks on the day they arrived:
// the days and records the rollups count them by (platform/rollups.ts, computeRollups).
const CASES = {
  refunds: { table: 'refunds', at: 'x.processed_at', which: sql<boolean>`x.status = ${sql.lit(RefundProcessing.refunded)}`, formal: true },
  chargebacks: { table: 'disputes', at: 'x.created_at', which: sql<boolean>`x.kind = ${sql.lit(DisputeKind.chargeback)}`, formal: false },
} as const;

/** Count and settlement amount of the period's refunds or chargebacks per issuing country and currency. */
function caseSums(db: Db, scope: Scope, f: RollupFilter, kind: keyof typeof CASES) {
  const c = CASES[kind];
  const { fromMs, toMs } = businessDayRange(f.fromDay, f.toDay);
  const country = sql<string>`t.issuer_country`;
  return db
    .selectFrom(`${c.table} as x` as 'refunds as x')
    .innerJoin('transactions as t', 't.id', 'x.transaction_id')
    .where(inScope(scope, 'x'))
    .where(c.which)
    .$if(c.formal, (qb) => qb.where('t.category', '=', TradeCategory.formal))
    .where(sql.ref(c.at), '>=', fromMs)
    .where(sql.ref(c.at), '<', toMs)
    .$if(f.currency !== undefined, (qb) => qb.where('t.settle_currency', '=', f.currency ?? ''))
    .select([
      country.as('key'),
      't.settle_currency as currency',
      sql<number>`count(*)`.as('n'),
      sql<number>`sum(x.settle_amount)`.as('amount'),
    ])
    .groupBy([country, 't.settle_currency'])
    .execute();
}

/**
 * The measures of the period per card-issuing country and settlement currency, from the records
 * (three grouped reads merged here): the same records the rollups count, on the same business days.
 */
export async function countrySums(db: Db, scope: Scope, f: RollupFilter): Promise<SumRow[]> {
  const { fromMs, toMs } = businessDayRange(f.fromDay, f.toDay);
  const currency = f.currency;
  const country = sql<string>`t.issuer_country`;
  const [trades, refunds, chargebacks] = await Promise.all([
    db
      .selectFrom('transactions as t')
      .where(inScope(scope, 't'))
      .where('t.category', '=', TradeCategory.formal)
      .where('t.created_at', '>=', fromMs)
      .where('t.created_at', '<', toMs)
      .$if(currency !== undefined, (qb) => qb.where('t.settle_currency', '=', currency ?? ''))
      .select([
        country.as('key'),
        't.settle_currency as currency',
        sql<number>`count(*)`.as('tx_count'),
        sql<number>`sum(case when t.pay_status = ${sql.lit(PayStatus.success)} then 1 else 0 end)`.as('success_count'),
        sql<number>`sum(case when t.pay_status = ${sql.lit(PayStatus.success)} then t.settle_amount else 0 end)`.as('success_amount'),
      ])
      .groupBy([country, 't.settle_currency'])
      .execute(),
    caseSums(db, scope, f, 'refunds'),
    caseSums(db, scope, f, 'chargebacks'),
  ]);
  const out = new Map<string, SumRow>();
  const rowOf = (r: { key: string | null; currency: string }) => {
    const k = `${r.key ?? ''}|${r.currency}`;
    let row = out.get(k);
    if (!row) {
      row = numeric({ key: r.key ?? '', currency: r.currency });
      out.set(k, row);
    }
    return row;
  };
  for (const r of trades) {
    const row = rowOf(r);
    row.tx_count += Number(r.tx_count);
    row.success_count += Number(r.success_count);
    row.success_amount += Number(r.success_amount);
  }
  for (const r of refunds) {
    const row = rowOf(r);
    row.refund_count += Number(r.n);
    row.refund_amount += Number(r.amount);
  }
  for (const r of chargebacks) {
    const row = rowOf(r);
    row.chargeback_count += Number(r.n);
    row.chargeback_amount += Number(r.amount);
  }
  return [...out.values()];
}
