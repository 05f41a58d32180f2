import { BLACKLIST, type TBlacklistFilters, type TBlacklistListQuery, type TBlacklistType } from '@mbo/shared/risk';
import type { Db, DbOrTrx } from '../../db/database';
import { keysetPage } from '../../platform/list';
import { selectFields } from '../../platform/list-fields';
import { noteOperation } from '../../platform/operation-log';
import { gatewayIdFilter, type Scope } from '../../platform/scope';
import { TradeCategory } from '@mbo/shared/trade-enums';

/** All SQL of the risk domain: the merchant's blacklist. */

const base = (db: Db, scope: Scope, f: TBlacklistFilters) =>
  db
    .selectFrom('blacklist_entries as b')
    .where('b.merchant_id', '=', scope.merchantId)
    .$if(f.type !== undefined, (qb) => qb.where('b.entry_type', '=', f.type ?? ''))
    .$if(f.value !== undefined, (qb) => qb.where('b.value', 'like', `%${(f.value ?? '').toLowerCase().replace(/[%_\\]/g, '')}%`));

function blacklistList(db: Db, scope: Scope, f: TBlacklistFilters) {
  return {
    rows: () => selectFields(base(db, scope, f), BLACKLIST.fields, 'b', { type: 'b.entry_type' }),
    sort: { column: 'b.created_at', id: 'b.id', direction: 'desc', value: (r: { createdAt: unknown }) => Number(r.createdAt) },
  } as const;
}

export function listBlacklist(db: Db, scope: Scope, q: TBlacklistListQuery) {
  return keysetPage(db, blacklistList(db, scope, q), q, { count: base(db, scope, q) });
}

/** Inserts an entry unless the same (type, value) is there; returns its id and whether it is new. */
export async function insertBlacklistEntry(
  db: DbOrTrx,
  e: { merchantId: number; type: TBlacklistType; value: string; reason: string; addedBy: string; now: number },
): Promise<{ id: number; created: boolean }> {
  const inserted = await db
    .insertInto('blacklist_entries')
    .values({ merchant_id: e.merchantId, entry_type: e.type, value: e.value, reason: e.reason, added_by: e.addedBy, created_at: e.now })
    .onConflict((oc) => oc.columns(['merchant_id', 'entry_type', 'value']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    noteOperation({ change: { after: { type: e.type, value: e.value, reason: e.reason } } });
    return { id: Number(inserted.id), created: true };
  }
  const row = await db
    .selectFrom('blacklist_entries')
    .select('id')
    .where('merchant_id', '=', e.merchantId)
    .where('entry_type', '=', e.type)
    .where('value', '=', e.value)
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), created: false };
}

export async function deleteBlacklistEntry(db: Db, scope: Scope, id: number): Promise<boolean> {
  const r = await db
    .deleteFrom('blacklist_entries')
    .where('id', '=', id)
    .where('merchant_id', '=', scope.merchantId)
    .returning(['entry_type', 'value', 'reason'])
    .executeTakeFirst();
  if (r) noteOperation({ change: { before: { type: r.entry_type, value: r.value, reason: r.reason } } });
  return r !== undefined;
}

/** The first entry of the merchant matching any of the (type, value) pairs, or undefined. */
export async function findBlacklistMatch(db: DbOrTrx, merchantId: number, pairs: { type: TBlacklistType; value: string }[]) {
  if (pairs.length === 0) return undefined;
  return db
    .selectFrom('blacklist_entries')
    .select(['id', 'entry_type', 'value'])
    .where('merchant_id', '=', merchantId)
    .where((eb) => eb.or(pairs.map((p) => eb.and([eb('entry_type', '=', p.type), eb('value', '=', p.value)]))))
    .orderBy('id')
    .executeTakeFirst();
}

/** Risk-declined payments of the scope in [fromMs, toMs), grouped by their rule list. */
export function countRiskDeclinesByRules(db: Db, scope: Scope, fromMs: number, toMs: number) {
  const ids = gatewayIdFilter(scope);
  return db
    .selectFrom('transactions')
    .select(['risk_rules', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('merchant_id', '=', scope.merchantId)
    .where('category', '=', TradeCategory.riskDeclined)
    .where('created_at', '>=', fromMs)
    .where('created_at', '<', toMs)
    .$if(ids !== null, (qb) => qb.where('gateway_id', 'in', ids ?? [0]))
    .groupBy('risk_rules')
    .execute();
}

export function countBlacklistByType(db: Db, scope: Scope) {
  return db
    .selectFrom('blacklist_entries')
    .select(['entry_type', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('merchant_id', '=', scope.merchantId)
    .groupBy('entry_type')
    .execute();
}
