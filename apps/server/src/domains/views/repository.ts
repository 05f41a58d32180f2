import type { Selectable } from 'kysely';
import type { Db, DbOrTrx } from '../../db/database';
import type { SavedViewsTable } from '../../db/types';
import type { AdminScope } from '../../platform/scope';

/** All SQL of saved views (README.md). Every query is held to the caller's merchant. */

export type ViewRow = Pick<
  Selectable<SavedViewsTable>,
  'id' | 'admin_id' | 'screen' | 'title' | 'filters' | 'hidden_columns' | 'page_size' | 'updated_at'
> & { shared: number; owner: string };

const viewColumns = [
  'v.id',
  'v.admin_id',
  'v.screen',
  'v.title',
  'v.filters',
  'v.hidden_columns',
  'v.page_size',
  'v.shared',
  'v.updated_at',
  'a.login_name as owner',
] as const;

const normalise = (r: ViewRow): ViewRow => ({
  ...r,
  id: Number(r.id),
  admin_id: Number(r.admin_id),
  page_size: Number(r.page_size),
  shared: Number(r.shared),
  updated_at: Number(r.updated_at),
});

/** The views of a screen the caller sees: their own and those shared within their merchant, own first, by title. */
export async function listViews(db: Db, scope: AdminScope, screen: string): Promise<ViewRow[]> {
  const rows = await db
    .selectFrom('saved_views as v')
    .innerJoin('admins as a', 'a.id', 'v.admin_id')
    .select(viewColumns)
    .where('v.merchant_id', '=', scope.merchantId)
    .where('v.screen', '=', screen)
    .where((eb) => eb.or([eb('v.admin_id', '=', scope.adminId), eb('v.shared', '=', 1)]))
    .orderBy('v.title')
    .orderBy('v.id')
    .execute();
  return rows.map(normalise);
}

/** One view the caller sees (own, or shared within their merchant); undefined otherwise. */
export async function findVisibleView(db: DbOrTrx, scope: AdminScope, id: number): Promise<ViewRow | undefined> {
  const row = await db
    .selectFrom('saved_views as v')
    .innerJoin('admins as a', 'a.id', 'v.admin_id')
    .select(viewColumns)
    .where('v.id', '=', id)
    .where('v.merchant_id', '=', scope.merchantId)
    .where((eb) => eb.or([eb('v.admin_id', '=', scope.adminId), eb('v.shared', '=', 1)]))
    .executeTakeFirst();
  return row ? normalise(row) : undefined;
}

export async function countOwnViews(db: DbOrTrx, scope: AdminScope, screen: string): Promise<number> {
  const row = await db
    .selectFrom('saved_views')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('merchant_id', '=', scope.merchantId)
    .where('admin_id', '=', scope.adminId)
    .where('screen', '=', screen)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the caller already has a view of this title on this screen (other than `exceptId`). */
export async function titleTaken(db: DbOrTrx, scope: AdminScope, screen: string, title: string, exceptId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('saved_views')
    .select('id')
    .where('admin_id', '=', scope.adminId)
    .where('screen', '=', screen)
    .where('title', '=', title)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export type ViewContent = { title: string; filters: string; hidden_columns: string; page_size: number; shared: 0 | 1 };

export async function insertView(db: DbOrTrx, scope: AdminScope, screen: string, content: ViewContent, now: number): Promise<number> {
  const row = await db
    .insertInto('saved_views')
    .values({ merchant_id: scope.merchantId, admin_id: scope.adminId, screen, ...content, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateView(db: DbOrTrx, scope: AdminScope, id: number, content: ViewContent, now: number): Promise<void> {
  await db
    .updateTable('saved_views')
    .set({ ...content, updated_at: now })
    .where('id', '=', id)
    .where('merchant_id', '=', scope.merchantId)
    .where('admin_id', '=', scope.adminId)
    .execute();
}

/** Others' defaults that point at a view no longer shared: they would open a view their holders cannot see. */
export async function dropOthersDefaults(db: DbOrTrx, viewId: number, ownerId: number): Promise<void> {
  await db.deleteFrom('saved_view_defaults').where('view_id', '=', viewId).where('admin_id', '!=', ownerId).execute();
}

export async function deleteView(db: DbOrTrx, scope: AdminScope, id: number): Promise<void> {
  await db.deleteFrom('saved_view_defaults').where('view_id', '=', id).execute();
  await db.deleteFrom('saved_views').where('id', '=', id).where('merchant_id', '=', scope.merchantId).execute();
}

/** The caller's default view of a screen, if any. */
export async function findDefault(db: Db, scope: AdminScope, screen: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('saved_view_defaults')
    .select('view_id')
    .where('admin_id', '=', scope.adminId)
    .where('screen', '=', screen)
    .executeTakeFirst();
  return row ? Number(row.view_id) : undefined;
}

export async function setDefault(db: DbOrTrx, scope: AdminScope, screen: string, viewId: number | null): Promise<void> {
  await db.deleteFrom('saved_view_defaults').where('admin_id', '=', scope.adminId).where('screen', '=', screen).execute();
  if (viewId !== null) await db.insertInto('saved_view_defaults').values({ admin_id: scope.adminId, screen, view_id: viewId }).execute();
}
