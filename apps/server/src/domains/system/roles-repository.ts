import { sql, type Expression, type SqlBool } from 'kysely';
import { ROLES, type TRoleListQuery } from '@mbo/shared/system-roles';
import type { Db } from '../../db/database';
import { keysetPage } from '../../platform/list';
import { selectFields } from '../../platform/list-fields';
import type { Scope } from '../../platform/scope';

/** SQL of roles. Every query names the scope's merchant: another business's role id finds nothing. */

/** A LIKE pattern matching `text` anywhere, with the pattern characters of `text` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** lower(column) LIKE pattern, with backslash as the escape character on both databases. */
export function likeLower(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

export function listRoles(db: Db, scope: Scope, q: TRoleListQuery) {
  const base = db
    .selectFrom('roles as r')
    .where('r.merchant_id', '=', scope.merchantId)
    .$if(q.keyword !== undefined, (qb) => {
      const pattern = containsPattern(q.keyword ?? '');
      return qb.where((eb) => eb.or([likeLower('r.name', pattern), likeLower('r.name_cn', pattern), likeLower('r.name_en', pattern)]));
    });
  const list = {
    rows: () =>
      selectFields(base, ROLES.fields, 'r', {
        isAdmin: 'r.is_admin',
        holders: sql`(select count(*) from admins h where h.role_id = r.id)`,
      }),
    // The administrator role is the first one a business gets: oldest first puts it on top.
    sort: { column: 'r.id', id: 'r.id', direction: 'asc', value: (r: { id: number }) => r.id },
  } as const;
  return keysetPage(db, list, q, { count: base });
}

export function findRole(db: Db, scope: Scope, roleId: number) {
  return db
    .selectFrom('roles')
    .select(['id', 'name', 'name_cn', 'name_en', 'description', 'is_admin'])
    .where('id', '=', roleId)
    .where('merchant_id', '=', scope.merchantId)
    .executeTakeFirst();
}

/** Another role of the business with the same name in any letter case. */
export function findRoleByName(db: Db, scope: Scope, name: string, exceptId: number | null) {
  return db
    .selectFrom('roles')
    .select('id')
    .where('merchant_id', '=', scope.merchantId)
    .where(sql<SqlBool>`lower(name) = ${name.toLowerCase()}`)
    .$if(exceptId !== null, (qb) => qb.where('id', '<>', exceptId ?? 0))
    .executeTakeFirst();
}

/** Login names of the administrators holding a role (at most `limit`), and how many there are. */
export async function listHolders(db: Db, scope: Scope, roleId: number, limit: number) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('admins')
      .select('login_name')
      .where('merchant_id', '=', scope.merchantId)
      .where('role_id', '=', roleId)
      .orderBy('id')
      .limit(limit)
      .execute(),
    db
      .selectFrom('admins')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('merchant_id', '=', scope.merchantId)
      .where('role_id', '=', roleId)
      .executeTakeFirstOrThrow(),
  ]);
  return { names: rows.map((r) => r.login_name), total: Number(count.n) };
}

export type RoleValues = { name: string; nameCn: string; nameEn: string; description: string; permissions: readonly string[] };

export async function insertRole(db: Db, scope: Scope, v: RoleValues): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('roles')
      .values({
        merchant_id: scope.merchantId,
        name: v.name,
        name_cn: v.nameCn,
        name_en: v.nameEn,
        description: v.description,
        is_admin: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (v.permissions.length > 0) {
      await trx
        .insertInto('role_permissions')
        .values(v.permissions.map((permission) => ({ role_id: row.id, permission })))
        .execute();
    }
    return row.id;
  });
}

/** Replaces a (non-administrator) role's names and permissions in one transaction. */
export async function updateRole(db: Db, scope: Scope, roleId: number, v: RoleValues): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('roles')
      .set({ name: v.name, name_cn: v.nameCn, name_en: v.nameEn, description: v.description })
      .where('id', '=', roleId)
      .where('merchant_id', '=', scope.merchantId)
      .where('is_admin', '=', 0)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return false;
    await trx.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
    if (v.permissions.length > 0) {
      await trx
        .insertInto('role_permissions')
        .values(v.permissions.map((permission) => ({ role_id: roleId, permission })))
        .execute();
    }
    return true;
  });
}

/** Deletes a role nobody holds; the condition is in the statement, so a role given meanwhile stays. */
export async function deleteUnusedRole(db: Db, scope: Scope, roleId: number): Promise<boolean> {
  const res = await db
    .deleteFrom('roles')
    .where('id', '=', roleId)
    .where('merchant_id', '=', scope.merchantId)
    .where('is_admin', '=', 0)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('admins').select('id').whereRef('admins.role_id', '=', 'roles.id'))))
    .executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
