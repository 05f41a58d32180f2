/**
 * Work an answer must not wait for: the notices sign-in and sign-up send to an account's owner. Their
 * time must not show in the answer (a mail sent only for accounts that exist would tell which exist),
 * so the request hands them over here and answers at once. Failures are logged, never thrown; the
 * server waits for what is still running before it closes (and tests wait with `idle`).
 */
export type Background = {
  run: (name: string, task: () => Promise<unknown>) => void;
  /** Resolves when every task handed over so far has finished. */
  idle: () => Promise<void>;
};

export type BackgroundLog = { error: (obj: Record<string, unknown>, msg: string) => void };

export function createBackground(log: BackgroundLog): Background {
  const running = new Set<Promise<void>>();
  return {
    run(name, task) {
      const p: Promise<void> = Promise.resolve()
        .then(task)
        .then(
          () => undefined,
          (error: unknown) => log.error({ err: error, task: name }, 'background task failed'),
        )
        .finally(() => running.delete(p));
      running.add(p);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
