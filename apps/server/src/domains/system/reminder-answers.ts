import type { TLanguage } from '@mbo/shared/i18n';
import type { Db } from '../../db/database';
import type { AdminScope } from '../../platform/scope';
import { VersionWatch, type VersionWatchOptions } from '../../platform/version-watch';

/*
 * The answer of GET messageReminder/remind (an administrator's unread reminders), kept serialized in
 * this process: every page load of the back office asks for it, and it changes only when a reminder
 * is added or read (issue 13 §1: the trivial signed-in request costs no SQL).
 *
 * - Kept per merchant, administrator, language and gateway scope: a different scope (gateways assigned
 *   or taken away) is a different answer, read anew.
 * - Dropped whole when `reminder_state.version` moves (migration 0018: the database bumps it on every
 *   write of reminders or reminder_reads, whoever makes it). Read through VersionWatch: an administrator
 *   marking a reminder read, or a job adding one, is honoured on the very next request of the node that
 *   wrote it, and within a second on the other API nodes.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Unread-reminder answers kept in this process (decorated in buildApp). */
    reminderAnswers: ReminderAnswers;
  }
}

/** Most answers kept; past it, the oldest kept goes first. */
const MAX_ANSWERS = 5000;

function keyOf(scope: AdminScope, lang: TLanguage): string {
  return `${scope.merchantId}:${scope.adminId}:${lang}:${scope.gatewayIds === null ? '*' : scope.gatewayIds.join(',')}`;
}

export class ReminderAnswers {
  readonly #answers = new Map<string, string>();
  readonly #watch: VersionWatch;
  /** Answers read from the database, for tests and the bench. */
  loads = 0;

  constructor(db: Db, options: VersionWatchOptions = {}) {
    this.#watch = new VersionWatch(db, 'reminders', () => this.#answers.clear(), options);
  }

  close(): void {
    this.#watch.close();
  }

  /** The kept answer for this caller when the version needs no read, without waiting; else undefined. */
  kept(scope: AdminScope, lang: TLanguage): string | undefined {
    return this.#watch.isFresh() ? this.#answers.get(keyOf(scope, lang)) : undefined;
  }

  /** The serialized answer for this caller: kept, or made by `load` (and kept unless a change came meanwhile). */
  async answer(scope: AdminScope, lang: TLanguage, load: () => Promise<string>): Promise<string> {
    await this.#watch.fresh();
    const key = keyOf(scope, lang);
    const kept = this.#answers.get(key);
    if (kept !== undefined) return kept;
    const generation = this.#watch.generation;
    this.loads += 1;
    const body = await load();
    if (generation === this.#watch.generation) {
      this.#answers.set(key, body);
      if (this.#answers.size > MAX_ANSWERS) {
        const oldest = this.#answers.keys().next();
        if (!oldest.done) this.#answers.delete(oldest.value);
      }
    }
    return body;
  }
}
