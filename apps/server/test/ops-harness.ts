import { vi } from 'vitest';
import { runOps, type OpenContext } from '../src/cli/ops';
import { createNotifier } from '../src/platform/notifier';
import type { TestContext } from './helpers';

export type OpsResult = { code: number; out: string; err: string };

/**
 * Operator commands run in-process against the test database (SQLite or PostgreSQL), with mail and
 * SMS kept in their outbox tables, exactly as `npm run ops -- ...` runs them from a shell; what they
 * print is captured.
 */
export type RunOps = (...argv: string[]) => Promise<OpsResult>;

export function opsHarness(t: TestContext): { open: OpenContext; ops: RunOps } {
  const silent = { info: () => undefined, error: () => undefined };
  const notifier = createNotifier({ config: t.config, db: t.db, now: t.clock.now, log: silent });
  const open: OpenContext = () =>
    Promise.resolve({
      ctx: { db: t.db, sessionIdleMinutes: 30, config: t.config, notifier, now: t.clock.now },
      close: () => Promise.resolve(),
    });
  const ops = async (...argv: string[]): Promise<OpsResult> => {
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.map(String).join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void err.push(a.map(String).join(' ')));
    try {
      const code = await runOps(argv, open);
      return { code, out: out.join('\n'), err: err.join('\n') };
    } finally {
      vi.restoreAllMocks();
    }
  };
  return { open, ops };
}

/** Runs an operator command against the app's database, as a new `npm run ops` process would: the app may be made later (testAppForFile). */
export function opsOf(t: TestContext): RunOps {
  return (...argv) => opsHarness(t).ops(...argv);
}
