import type { Migration } from 'kysely';
import type { DialectName } from '../database';
import { changeCounterMigration } from './change-counter';

/**
 * The reminder version (issue 13 §1): bumped by the database on every write of `reminders` or
 * `reminder_reads`, whoever makes it (a job, an operator command, an administrator marking one read on
 * any API node). The unread-reminder answers each API node keeps (domains/system/reminder-answers.ts)
 * are dropped when it moves.
 */
export function reminderVersionMigration(dialect: DialectName): Migration {
  return changeCounterMigration(dialect, 'reminders');
}
