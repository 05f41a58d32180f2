import type { TNotificationKind } from '@mbo/shared/notifications';
import type { Db, DbOrTrx } from '../../db/database';
import type { AdminScope } from '../../platform/scope';

/*
 * The notification centre's SQL. Every read and write is the caller's own: their administrator id and
 * merchant, the kinds whose screen their role opens now and, for a gateway's event, their gateways now
 * (a role or gateways taken away after the event hide it as they would hide the screen).
 */

export type Visible = { scope: AdminScope; kinds: readonly TNotificationKind[] };

function mine(db: DbOrTrx, v: Visible) {
  const gatewayIds = v.scope.gatewayIds;
  return db
    .selectFrom('notifications')
    .where('admin_id', '=', v.scope.adminId)
    .where('merchant_id', '=', v.scope.merchantId)
    .where('kind', 'in', v.kinds.length > 0 ? [...v.kinds] : [''])
    .$if(gatewayIds !== null, (q) =>
      q.where((eb) =>
        eb.or([eb('gateway_id', 'is', null), eb('gateway_id', 'in', gatewayIds && gatewayIds.length > 0 ? [...gatewayIds] : [0])]),
      ),
    );
}

/** The bell's count: one range of the (admin, read_at) index. */
export async function countUnread(db: Db, v: Visible): Promise<number> {
  const row = await mine(db, v)
    .where('read_at', 'is', null)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listPage(db: Db, v: Visible, o: { unreadOnly: boolean; before: number | null; limit: number }) {
  return mine(db, v)
    .where('in_app', '=', 1)
    .$if(o.unreadOnly, (q) => q.where('read_at', 'is', null))
    .$if(o.before !== null, (q) => q.where('id', '<', o.before ?? 0))
    .select(['id', 'kind', 'params', 'link', 'created_at', 'read_at'])
    .orderBy('id', 'desc')
    .limit(o.limit + 1)
    .execute();
}

export async function markRead(db: Db, v: Visible, id: number, now: number): Promise<boolean> {
  const found = await mine(db, v).where('id', '=', id).where('in_app', '=', 1).select(['id', 'read_at']).executeTakeFirst();
  if (!found) return false;
  if (found.read_at === null) {
    await db.updateTable('notifications').set({ read_at: now }).where('id', '=', id).where('read_at', 'is', null).execute();
  }
  return true;
}

export async function markAllRead(db: Db, v: Visible, now: number): Promise<void> {
  const ids = mine(db, v).where('read_at', 'is', null).select('id');
  await db.updateTable('notifications').set({ read_at: now }).where('id', 'in', ids).execute();
}

export function preferenceRows(db: DbOrTrx, adminId: number) {
  return db
    .selectFrom('notification_preferences')
    .select(['kind', 'in_app', 'mail', 'threshold'])
    .where('admin_id', '=', adminId)
    .execute();
}

export async function savePreference(
  trx: DbOrTrx,
  row: { admin_id: number; kind: TNotificationKind; in_app: 0 | 1; mail: 0 | 1; threshold: number | null },
): Promise<void> {
  await trx
    .insertInto('notification_preferences')
    .values(row)
    .onConflict((oc) => oc.columns(['admin_id', 'kind']).doUpdateSet({ in_app: row.in_app, mail: row.mail, threshold: row.threshold }))
    .execute();
}
