/*
 * Serialized answers kept in this process under a version they were read under, and given again only
 * while that version has not moved: the unread-reminder answers (domains/system/reminder-answers.ts),
 * under the generation of their change counter. Bounded by count and by size; past either, the oldest
 * kept goes first. Nothing is kept at start, so an idle server holds none.
 *
 * List answers are not kept (platform/list-route.ts says why).
 */

export const KEPT_ANSWER_LIMITS = {
  /** Most answers kept. */
  maxAnswers: 2_000,
  /** Most characters of answers kept in all (about 2 bytes each in memory at worst). */
  maxChars: 8 * 1024 * 1024,
  /** A larger answer is not kept. */
  maxAnswerChars: 512 * 1024,
};

type Kept = { version: string; body: string };

export class KeptAnswers {
  readonly #answers = new Map<string, Kept>();
  readonly #limits: typeof KEPT_ANSWER_LIMITS;
  #chars = 0;
  /** Answers made anew (not from what was kept), for tests and the bench. */
  loads = 0;

  constructor(limits: typeof KEPT_ANSWER_LIMITS = KEPT_ANSWER_LIMITS) {
    this.#limits = limits;
  }

  /** How many answers are kept now. */
  get size(): number {
    return this.#answers.size;
  }

  /** The answer kept for `key` under `version`; undefined when none or kept under another version. */
  get(key: string, version: string): string | undefined {
    const kept = this.#answers.get(key);
    if (kept === undefined) return undefined;
    if (kept.version === version) return kept.body;
    this.#forget(key, kept);
    return undefined;
  }

  /** Keeps `body` for `key`, read under `version` (read before the data was). */
  keep(key: string, version: string, body: string): void {
    if (body.length > this.#limits.maxAnswerChars) return;
    const old = this.#answers.get(key);
    if (old) this.#forget(key, old);
    this.#answers.set(key, { version, body });
    this.#chars += body.length;
    while (this.#answers.size > this.#limits.maxAnswers || this.#chars > this.#limits.maxChars) {
      const oldest = this.#answers.entries().next();
      if (oldest.done) break;
      this.#forget(oldest.value[0], oldest.value[1]);
    }
  }

  clear(): void {
    this.#answers.clear();
    this.#chars = 0;
  }

  #forget(key: string, kept: Kept): void {
    this.#answers.delete(key);
    this.#chars -= kept.body.length;
  }
}
