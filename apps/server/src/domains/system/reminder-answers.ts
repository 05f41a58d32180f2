import type { TLanguage } from '@mbo/shared/i18n';
import type { Db } from '../../db/database';
import { KEPT_ANSWER_LIMITS, KeptAnswers } from '../../platform/kept-answers';
import type { AdminScope } from '../../platform/scope';
import { VersionWatch, type VersionWatchOptions } from '../../platform/version-watch';

/*
 * The answer of GET messageReminder/remind (an administrator's unread reminders), kept serialized in
 * this process: every page load of the back office asks for it, and it changes only when a reminder
 * is added or read (issue 13 §1: the trivial signed-in request costs no SQL).
 *
 * - Kept per merchant, administrator, language and gateway scope: a different scope (gateways assigned
 *   or taken away) is a different answer, read anew.
 * - Held in a KeptAnswers (platform/kept-answers.ts, its bounds) under the watch's generation.
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

function keyOf(scope: AdminScope, lang: TLanguage): string {
  return `${scope.merchantId}:${scope.adminId}:${lang}:${scope.gatewayIds === null ? '*' : scope.gatewayIds.join(',')}`;
}

export class ReminderAnswers {
  readonly #watch: VersionWatch;
  // At most 5,000 answers (one per signed-in caller and language); the oldest kept goes first.
  readonly #answers = new KeptAnswers({ ...KEPT_ANSWER_LIMITS, maxAnswers: 5_000 });
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
    return this.#watch.isFresh() ? this.#answers.get(keyOf(scope, lang), String(this.#watch.generation)) : undefined;
  }

  /** The serialized answer for this caller: kept, or made by `load` (and kept unless a change came meanwhile). */
  async answer(scope: AdminScope, lang: TLanguage, load: () => Promise<string>): Promise<string> {
    await this.#watch.fresh();
    const key = keyOf(scope, lang);
    // Read before the load: an answer made while a change came is kept under the older generation,
    // which no later ask matches.
    const generation = String(this.#watch.generation);
    const kept = this.#answers.get(key, generation);
    if (kept !== undefined) return kept;
    this.loads += 1;
    const body = await load();
    this.#answers.keep(key, generation, body);
    return body;
  }
}
