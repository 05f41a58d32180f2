import { sql } from 'kysely';
import { DisputeKind } from '@mbo/shared/trade-enums';
import type { Db, DbOrTrx } from '../../db/database';
import { gatewayIdFilter, type Scope } from '../../platform/scope';
import type { RuleRow } from './programmes-math';

/** The SQL of the card-scheme programmes: their rule rows, the open Ethoca alerts, the warnings sent. */

const RULE_COLUMNS = [
  'merchant_id',
  'programme',
  'line',
  'effective_from',
  'ratio_bp',
  'ratio_below_bp',
  'min_count',
  'max_count',
] as const;

function toRule(r: Record<(typeof RULE_COLUMNS)[number], unknown>): RuleRow {
  const orNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    merchant_id: Number(r.merchant_id),
    programme: String(r.programme),
    line: String(r.line),
    effective_from: String(r.effective_from),
    ratio_bp: Number(r.ratio_bp),
    ratio_below_bp: orNull(r.ratio_below_bp),
    min_count: Number(r.min_count),
    max_count: orNull(r.max_count),
  };
}

/** The default rows (merchant 0) and the merchant's own; every row of every merchant without one. */
export async function listRuleRows(db: Db, merchantId?: number): Promise<RuleRow[]> {
  const rows = await db
    .selectFrom('scheme_programme_rules')
    .select(RULE_COLUMNS)
    .$if(merchantId !== undefined, (qb) => qb.where('merchant_id', 'in', [0, merchantId ?? 0]))
    .orderBy('merchant_id')
    .orderBy('programme')
    .orderBy('line')
    .orderBy('effective_from')
    .execute();
  return rows.map(toRule);
}

/** Adds a row or changes the one with the same merchant, programme, line and date. */
export async function upsertRule(db: Db, r: RuleRow, now: number): Promise<void> {
  const values = {
    ratio_bp: r.ratio_bp,
    ratio_below_bp: r.ratio_below_bp,
    min_count: r.min_count,
    max_count: r.max_count,
    updated_at: now,
  };
  await db
    .insertInto('scheme_programme_rules')
    .values({ ...r, updated_at: now })
    .onConflict((oc) => oc.columns(['merchant_id', 'programme', 'line', 'effective_from']).doUpdateSet(values))
    .execute();
}

export async function deleteRule(db: Db, key: Pick<RuleRow, 'merchant_id' | 'programme' | 'line' | 'effective_from'>): Promise<number> {
  const r = await db
    .deleteFrom('scheme_programme_rules')
    .where('merchant_id', '=', key.merchant_id)
    .where('programme', '=', key.programme)
    .where('line', '=', key.line)
    .where('effective_from', '=', key.effective_from)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * Ethoca alerts still open at `now` (not refunded, deadline not passed), by the card scheme of their
 * transaction, within the scope's gateways: each becomes a chargeback unless refunded in time.
 */
export async function openEthocaByScheme(db: Db, scope: Scope, now: number): Promise<Map<string, number>> {
  const ids = gatewayIdFilter(scope);
  const rows = await db
    .selectFrom('disputes as d')
    .innerJoin('transactions as t', 't.id', 'd.transaction_id')
    .select(['t.card_scheme', sql<string | number>`count(*)`.as('n')])
    .where('d.merchant_id', '=', scope.merchantId)
    .where('d.kind', '=', DisputeKind.ethocaAlert)
    .where('d.refund_id', 'is', null)
    .where((eb) => eb.or([eb('d.reply_deadline', 'is', null), eb('d.reply_deadline', '>', now)]))
    .$if(ids !== null, (qb) => qb.where('d.gateway_id', 'in', ids ?? [0]))
    .groupBy('t.card_scheme')
    .execute();
  return new Map(rows.map((r) => [r.card_scheme, Number(r.n)]));
}

/** Claims the warning of one line for a month; false when it was already sent. */
export async function claimWarning(
  trx: DbOrTrx,
  w: { merchantId: number; programme: string; line: string; month: string; now: number },
): Promise<boolean> {
  const row = await trx
    .insertInto('scheme_programme_warnings')
    .values({ merchant_id: w.merchantId, programme: w.programme, line: w.line, month: w.month, created_at: w.now })
    .onConflict((oc) => oc.columns(['merchant_id', 'programme', 'line', 'month']).doNothing())
    .returning('merchant_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Merchants with any Visa or Mastercard activity in the month: the only ones a programme can judge. */
export async function merchantsActiveIn(db: Db, month: string): Promise<number[]> {
  const rows = await db
    .selectFrom('trade_rollups_month')
    .select('merchant_id')
    .distinct()
    .where('month', '=', month)
    .where('card_scheme', 'in', ['VISA', 'MASTERCARD'])
    .execute();
  return rows.map((r) => Number(r.merchant_id));
}
