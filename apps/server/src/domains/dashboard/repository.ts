import { sql } from 'kysely';
import { AppealStatus, DisputeKind } from '@mbo/shared/trade-enums';
import type { Db } from '../../db/database';
import { gatewayIdFilter, type Scope } from '../../platform/scope';

/** All SQL of the dashboard: rollups for figures, the disputes deadline index for open cases. */

const sum = (col: string) => sql<string | number>`coalesce(sum(${sql.ref(col)}), 0)`;

export type DayCurrencyRow = {
  day: string;
  currency: string;
  tx_count: number;
  success_count: number;
  success_amount: number;
  duplicate_failed_count: number;
};

/** Per business day and currency, for days `fromDay`..`toDay` (optionally one currency), from the day rollups. */
export async function dayCurrencyFigures(
  db: Db,
  scope: Scope,
  fromDay: string,
  toDay: string,
  currency?: string,
): Promise<DayCurrencyRow[]> {
  const ids = gatewayIdFilter(scope);
  const rows = await db
    .selectFrom('trade_rollups_day')
    .select(['day', 'currency'])
    .select([
      sum('tx_count').as('tx_count'),
      sum('success_count').as('success_count'),
      sum('success_amount').as('success_amount'),
      sum('duplicate_failed_count').as('duplicate_failed_count'),
    ])
    .where('merchant_id', '=', scope.merchantId)
    .where('day', '>=', fromDay)
    .where('day', '<=', toDay)
    .$if(ids !== null, (qb) => qb.where('gateway_id', 'in', ids ?? [0]))
    .$if(currency !== undefined, (qb) => qb.where('currency', '=', currency ?? ''))
    .groupBy(['day', 'currency'])
    .orderBy('day')
    .orderBy('currency')
    .execute();
  return rows.map((r) => ({
    day: r.day,
    currency: r.currency,
    tx_count: Number(r.tx_count),
    success_count: Number(r.success_count),
    success_amount: Number(r.success_amount),
    duplicate_failed_count: Number(r.duplicate_failed_count),
  }));
}

/**
 * The nearest open reply deadlines: chargebacks, retrievals and Ethoca alerts not yet answered
 * (no appeal filed, no refund from the alert), deadline still ahead. Served by disputes_deadline_idx.
 */
export function nearestDeadlines(db: Db, scope: Scope, now: number, limit: number) {
  const ids = gatewayIdFilter(scope);
  return db
    .selectFrom('disputes as x')
    .innerJoin('gateways as g', 'g.id', 'x.gateway_id')
    .select(['x.id', 'x.case_no', 'x.kind', 'x.processing_type', 'g.gateway_no', 'x.currency', 'x.amount', 'x.reply_deadline'])
    .where('x.merchant_id', '=', scope.merchantId)
    .where('x.reply_deadline', '>', now)
    .where('x.kind', 'in', [DisputeKind.chargeback, DisputeKind.retrieval, DisputeKind.ethocaAlert])
    .where('x.appeal_status', '=', AppealStatus.none)
    .where('x.refund_id', 'is', null)
    .$if(ids !== null, (qb) => qb.where('x.gateway_id', 'in', ids ?? [0]))
    .orderBy('x.reply_deadline', 'asc')
    .orderBy('x.id', 'asc')
    .limit(limit)
    .execute();
}

export function listGateways(db: Db, scope: Scope) {
  const ids = gatewayIdFilter(scope);
  return db
    .selectFrom('gateways')
    .select(['id', 'gateway_no', 'name', 'currency', 'status'])
    .where('merchant_id', '=', scope.merchantId)
    .$if(ids !== null, (qb) => qb.where('id', 'in', ids ?? [0]))
    .orderBy('gateway_no')
    .execute();
}

export function merchantServices(db: Db, scope: Scope) {
  return db.selectFrom('merchants').select('services').where('id', '=', scope.merchantId).executeTakeFirst();
}
