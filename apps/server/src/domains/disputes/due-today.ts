import type { Db } from '../../db/database';
import type { Scope } from '../../platform/scope';
import { isOpen, scoped } from './repository';

/**
 * Cases of the scope still waiting for an answer whose deadline falls in [fromMs, toMs): the
 * dashboard's due-today count, by the same rule and scope as the case list's `open` view with
 * `due=today`, which is the list the count opens.
 */
export async function countOpenDueIn(db: Db, scope: Scope, now: number, day: { fromMs: number; toMs: number }): Promise<number> {
  const row = await scoped(db, scope)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => isOpen(eb, now))
    .where('x.reply_deadline', '>=', day.fromMs)
    .where('x.reply_deadline', '<', day.toMs)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
