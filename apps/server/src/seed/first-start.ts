import type { Config } from '../config';
import type { StartupWork } from '../db/open';
import { isDatabaseEmpty, seedDemo } from './demo';

export type SeedOutput = {
  /** After each chunk of the bulk load; default: a line, since a first start on PostgreSQL takes minutes. */
  onProgress?: (written: number, total: number) => void;
  /** The summary's lines; default: printed. */
  log?: (line: string) => void;
};

const print = (line: string) => console.log(line);

/**
 * The server's start-up work with SEED_ON_EMPTY: the demo data loaded into a database without a merchant.
 * It runs under the start-up lock with the migrations (db/open.ts), so a node started beside this one
 * waits and then finds the data loaded, and it is one transaction (seedDemo): a start stopped halfway
 * leaves the database empty, and the next start loads it again rather than serving half of it.
 */
export function seedWhenEmpty(config: Pick<Config, 'seedOnEmpty' | 'demoTransactions'>, output: SeedOutput = {}): StartupWork {
  const log = output.log ?? print;
  const onProgress = output.onProgress ?? ((written: number, total: number) => log(`seed: transactions ${written} / ${total}`));
  return async ({ db }) => {
    if (!config.seedOnEmpty || !(await isDatabaseEmpty(db))) return;
    const summary = await seedDemo(db, Date.now(), { transactions: config.demoTransactions, onProgress });
    for (const line of summary.lines) log(`seed: ${line}`);
  };
}
