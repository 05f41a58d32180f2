import { sql } from 'kysely';
import { AdminStatus } from '@mbo/shared/merchants';
import type { Db } from '../db/database';

declare const scopeBrand: unique symbol;

/**
 * What a caller may see: one merchant, and within it either every gateway (`gatewayIds` null)
 * or only the listed ones. Every repository query over merchant data takes a Scope, and a Scope
 * can only be made here, so a query without one does not compile.
 */
export type Scope = {
  readonly merchantId: number;
  readonly adminId: number | null;
  readonly gatewayIds: readonly number[] | null;
  readonly [scopeBrand]: true;
};

/** A scope that also names the signed-in admin (for per-admin data such as reminder reads). */
export type AdminScope = Scope & { readonly adminId: number };

export function sessionScope(merchantId: number, adminId: number, gatewayIds: readonly number[] | null): AdminScope {
  return { merchantId, adminId, gatewayIds } as AdminScope;
}

/** Scope of an operator command run from the shell: a whole merchant, no admin. */
export function operatorScope(merchantId: number): Scope {
  return { merchantId, adminId: null, gatewayIds: null } as Scope;
}

/**
 * The scope of each administrator of a merchant who may sign in (status normal), as their sessions
 * would have it: for work done on their behalf outside a request, such as a reminder that counts what
 * each of them may see.
 */
export async function administratorScopes(db: Db, merchantId: number): Promise<AdminScope[]> {
  const [admins, assigned] = await Promise.all([
    db
      .selectFrom('admins')
      .select(['id', 'all_gateways'])
      .where('merchant_id', '=', merchantId)
      .where('status', '=', AdminStatus.normal)
      .orderBy('id')
      .execute(),
    // The merchant filter keeps a stray row from crossing merchants, as findAssignedGatewayIds does.
    db
      .selectFrom('admin_gateways as ag')
      .innerJoin('gateways as g', 'g.id', 'ag.gateway_id')
      .innerJoin('admins as a', 'a.id', 'ag.admin_id')
      .select(['ag.admin_id', 'g.id'])
      .where('a.merchant_id', '=', merchantId)
      .where('g.merchant_id', '=', merchantId)
      .orderBy('g.id')
      .execute(),
  ]);
  const byAdmin = new Map<number, number[]>();
  for (const row of assigned) byAdmin.set(row.admin_id, [...(byAdmin.get(row.admin_id) ?? []), row.id]);
  return admins.map((a) => sessionScope(merchantId, a.id, a.all_gateways === 1 ? null : (byAdmin.get(a.id) ?? [])));
}

/**
 * The scope a query compiled once (db/compiled-once.ts) is built with: its merchant and gateway ids are
 * the stand-ins of the values each run then takes from the caller's own scope.
 */
export function compiledScope(merchantId: number, gatewayIds: readonly number[] | null): Scope {
  return { merchantId, adminId: null, gatewayIds } as Scope;
}

/**
 * Gateway ids for a `where id in (...)` filter, or null when the scope sees every gateway of its
 * merchant. An empty assignment becomes [0], which matches no row (ids start at 1), because
 * `in ()` is not valid SQL.
 */
export function gatewayIdFilter(scope: Scope): number[] | null {
  if (scope.gatewayIds === null) return null;
  return scope.gatewayIds.length > 0 ? [...scope.gatewayIds] : [0];
}

/**
 * The scope narrowed to one gateway number (a list's gateway filter), or null when the caller may not
 * see that gateway: another merchant's number, one outside the admin's assignment and an unknown one
 * all look the same, and the list answers an empty page. Without a number the scope is returned as is.
 */
export async function narrowToGateway<S extends Scope>(db: Db, scope: S, gatewayNo: string | undefined): Promise<S | null> {
  if (gatewayNo === undefined) return scope;
  const ids = gatewayIdFilter(scope);
  const row = await db
    .selectFrom('gateways')
    .select('id')
    .where('merchant_id', '=', scope.merchantId)
    .where('gateway_no', '=', gatewayNo)
    .$if(ids !== null, (qb) => qb.where('id', 'in', ids ?? [0]))
    .executeTakeFirst();
  return row ? { ...scope, gatewayIds: [row.id] } : null;
}

/**
 * "Belongs to the scope" for a table (or alias) with merchant_id and gateway_id columns:
 * `.where(inScope(scope, 'r'))`.
 */
export function inScope(scope: Scope, table: string) {
  const merchant = sql<boolean>`${sql.ref(`${table}.merchant_id`)} = ${scope.merchantId}`;
  const ids = gatewayIdFilter(scope);
  return ids === null ? merchant : sql<boolean>`(${merchant} and ${sql.ref(`${table}.gateway_id`)} in (${sql.join(ids)}))`;
}
