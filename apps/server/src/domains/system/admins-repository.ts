import { sql, type SqlBool } from 'kysely';
import { AdminStatus } from '@mbo/shared/merchants';
import { ADMINS, type TAdminListQuery } from '@mbo/shared/system-admins';
import type { Db } from '../../db/database';
import { keysetPage } from '../../platform/list';
import { selectFields } from '../../platform/list-fields';
import type { Scope } from '../../platform/scope';
import { containsPattern, likeLower } from './roles-repository';

/** SQL of the administrators screen. Every query names the scope's merchant. */

/** An invitation link of the listed administrator that can still be used. */
function liveInvitation(now: number) {
  return sql<SqlBool>`exists (select 1 from action_tokens t where t.admin_id = admins.id and t.purpose = 'invitation' and t.used_at is null and t.expires_at > ${now})`;
}

/**
 * The status as the screen shows it: an invitation whose link ran out is "expired" even before anyone
 * opened the link (which is when the row itself is marked).
 */
export function shownStatus(status: number, hasLiveInvitation: boolean): number {
  return status === AdminStatus.invitationPending && !hasLiveInvitation ? AdminStatus.invitationExpired : status;
}

export function listAdmins(db: Db, scope: Scope, q: TAdminListQuery, now: number) {
  const base = db
    .selectFrom('admins')
    .where('admins.merchant_id', '=', scope.merchantId)
    .$if(q.keyword !== undefined, (qb) => {
      const pattern = containsPattern(q.keyword ?? '');
      return qb.where((eb) =>
        eb.or([likeLower('admins.login_name', pattern), likeLower('admins.name', pattern), likeLower('admins.email', pattern)]),
      );
    })
    .$if(q.roleId !== undefined, (qb) => qb.where('admins.role_id', '=', q.roleId ?? 0))
    .$if(q.status !== undefined, (qb) =>
      qb.where((eb) => {
        if (q.status === AdminStatus.invitationPending)
          return eb.and([eb('admins.status', '=', AdminStatus.invitationPending), liveInvitation(now)]);
        if (q.status === AdminStatus.invitationExpired)
          return eb.or([
            eb('admins.status', '=', AdminStatus.invitationExpired),
            eb.and([eb('admins.status', '=', AdminStatus.invitationPending), eb.not(liveInvitation(now))]),
          ]);
        return eb('admins.status', '=', q.status ?? 0);
      }),
    );
  const list = {
    // The role's names (the answer's in the caller's language) and whether it is the administrator role, and a live invitation.
    rows: () =>
      selectFields(base.innerJoin('roles as r', 'r.id', 'admins.role_id'), ADMINS.fields, 'admins', {
        roleName: 'r.name',
        roleNameCn: 'r.name_cn',
        roleNameEn: 'r.name_en',
        roleIsAdmin: 'r.is_admin',
        allGateways: 'admins.all_gateways',
        mayViewAccount: 'admins.may_view_account',
        isOwner: 'admins.is_owner',
        liveInvitation: liveInvitation(now),
      }),
    sort: { column: 'admins.created_at', id: 'admins.id', direction: 'desc', value: (r: { createdAt: unknown }) => Number(r.createdAt) },
  } as const;
  return keysetPage(db, list, q, { count: base });
}

/** Gateway ids and numbers of the listed administrators. */
export async function listAdminGateways(db: Db, scope: Scope, adminIds: readonly number[]) {
  const out = new Map<number, { id: number; no: string }[]>();
  if (adminIds.length === 0) return out;
  const rows = await db
    .selectFrom('admin_gateways as ag')
    .innerJoin('gateways as g', 'g.id', 'ag.gateway_id')
    .select(['ag.admin_id', 'g.id', 'g.gateway_no'])
    .where('ag.admin_id', 'in', [...adminIds])
    .where('g.merchant_id', '=', scope.merchantId)
    .orderBy('g.gateway_no')
    .execute();
  for (const r of rows) {
    const list = out.get(r.admin_id) ?? [];
    list.push({ id: r.id, no: r.gateway_no });
    out.set(r.admin_id, list);
  }
  return out;
}

export function findAdmin(db: Db, scope: Scope, adminId: number) {
  return db
    .selectFrom('admins as a')
    .innerJoin('roles as r', 'r.id', 'a.role_id')
    .leftJoin('persons as p', 'p.id', 'a.person_id')
    .select([
      'a.id',
      'a.login_name',
      'a.status',
      'a.is_owner',
      'a.role_id',
      'a.all_gateways',
      'r.is_admin as role_is_admin',
      'p.email as person_email',
      'p.email_verified as person_email_verified',
    ])
    .where('a.id', '=', adminId)
    .where('a.merchant_id', '=', scope.merchantId)
    .executeTakeFirst();
}

export function listGateways(db: Db, scope: Scope, ids: readonly number[] | null) {
  return db
    .selectFrom('gateways')
    .select(['id', 'gateway_no', 'name', 'currency'])
    .where('merchant_id', '=', scope.merchantId)
    .$if(ids !== null, (qb) => qb.where('id', 'in', ids && ids.length > 0 ? [...ids] : [0]))
    .orderBy('gateway_no')
    .execute();
}

export function listRoleChoices(db: Db, scope: Scope) {
  return db
    .selectFrom('roles')
    .select(['id', 'name', 'name_cn', 'name_en', 'is_admin'])
    .where('merchant_id', '=', scope.merchantId)
    .orderBy('id')
    .execute();
}

export type AdminAccess = { roleId: number; gatewayIds: readonly number[] | null; mayViewAccount: boolean };

/** Role, gateways and flag of an administrator, in one transaction. */
export async function updateAdminAccess(db: Db, scope: Scope, adminId: number, a: AdminAccess): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('admins')
      .set({ role_id: a.roleId, all_gateways: a.gatewayIds === null ? 1 : 0, may_view_account: a.mayViewAccount ? 1 : 0 })
      .where('id', '=', adminId)
      .where('merchant_id', '=', scope.merchantId)
      .execute();
    await trx.deleteFrom('admin_gateways').where('admin_id', '=', adminId).execute();
    if (a.gatewayIds && a.gatewayIds.length > 0) {
      await trx
        .insertInto('admin_gateways')
        .values(a.gatewayIds.map((gatewayId) => ({ admin_id: adminId, gateway_id: gatewayId })))
        .execute();
    }
  });
}

/** Moves an administrator from one status to another; false when it was no longer in `from`. */
export async function changeStatus(db: Db, scope: Scope, adminId: number, from: number, to: number): Promise<boolean> {
  const res = await db
    .updateTable('admins')
    .set({ status: to })
    .where('id', '=', adminId)
    .where('merchant_id', '=', scope.merchantId)
    .where('status', '=', from)
    .where('is_owner', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
