import type { Db } from '../../db/database';
import type { AdminScope } from '../../platform/scope';

/**
 * Announcements as one administrator reads them: those for every merchant plus the scope's own,
 * published by now; read or not per administrator (`announcement_reads`).
 */
function visible(db: Db, scope: AdminScope, now: number) {
  return db
    .selectFrom('announcements as a')
    .where((eb) => eb.or([eb('a.merchant_id', 'is', null), eb('a.merchant_id', '=', scope.merchantId)]))
    .where('a.published_at', '<=', now);
}

export async function countUnread(db: Db, scope: AdminScope, now: number): Promise<number> {
  const row = await visible(db, scope, now)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('announcement_reads as r')
            .select('r.announcement_id')
            .whereRef('r.announcement_id', '=', 'a.id')
            .where('r.admin_id', '=', scope.adminId),
        ),
      ),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findAnnouncement(db: Db, scope: AdminScope, id: number, now: number) {
  return visible(db, scope, now)
    .where('a.id', '=', id)
    .select((eb) => [
      'a.id',
      'a.title_zh_cn',
      'a.title_zh_hk',
      'a.title_en',
      'a.content_zh_cn',
      'a.content_zh_hk',
      'a.content_en',
      'a.published_at',
      eb
        .exists(
          eb
            .selectFrom('announcement_reads as r')
            .select('r.announcement_id')
            .whereRef('r.announcement_id', '=', 'a.id')
            .where('r.admin_id', '=', scope.adminId),
        )
        .as('is_read'),
    ])
    .executeTakeFirst();
}

/** Which of `ids` the administrator has read (for the list's read flag). */
export async function readAmong(db: Db, adminId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('announcement_reads')
    .select('announcement_id')
    .where('admin_id', '=', adminId)
    .where('announcement_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => Number(r.announcement_id)));
}

export async function markRead(db: Db, scope: AdminScope, id: number, now: number): Promise<void> {
  await db
    .insertInto('announcement_reads')
    .values({ announcement_id: id, admin_id: scope.adminId, read_at: now })
    .onConflict((oc) => oc.columns(['announcement_id', 'admin_id']).doNothing())
    .execute();
}
