import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share their worker's loaded modules instead of importing the whole server again each:
    // that import was most of the stage's time (about 110 s -> 60 s on SQLite). Each file still opens
    // its own database and app, and no test mocks a module or changes the environment, so a file does
    // not see another's state; a test must not depend on a module another file might have loaded first
    // (export.test.ts loads the product's catalogs itself).
    isolate: false,
  },
});
