import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Hang detectors, not speed checks: a test that takes 5 s on a quiet machine took 48 s beside a CPU
    // burner and other work (`npm test -- --stress`), and must still pass there.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on these 2-core machines. Each file waits
    // on its database part of the time, so two workers take the stage from about 93 s to 58 s on SQLite
    // and from 173 s to 97 s on PostgreSQL here (each file has its own database, test/test-db.ts).
    maxWorkers: 2,
    // Test files share their worker's loaded modules instead of importing the whole server again each:
    // that import was most of the stage's time (about 110 s -> 60 s on SQLite). Each file still opens
    // its own database and app, and no test mocks a module or changes the environment, so a file does
    // not see another's state; a test must not depend on a module another file might have loaded first
    // (export.test.ts loads the product's catalogs itself).
    isolate: false,
  },
});
