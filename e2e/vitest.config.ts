import { configDefaults, defineConfig } from 'vitest/config';
import { BROWSER_DIED, CLUSTER_SPECS } from './vitest.cluster.config';

export default defineConfig({
  test: {
    include: ['specs/**/*.test.ts'],
    // These journeys run in the multi-node stage, through nginx (vitest.cluster.config.ts).
    exclude: [...configDefaults.exclude, ...CLUSTER_SPECS],
    globalSetup: ['./support/global-setup.ts'],
    // One app and one browser at a time in this stage (the multi-node stage runs beside it, scripts/test.mjs):
    // these machines have two cores.
    fileParallelism: false,
    // Tests a file marks concurrent (screens photographed in each language and width) run at most three
    // at a time: most of their time is waiting for pages to settle, not work of the two cores.
    maxConcurrency: 3,
    // A test whose browser process died under it (BROWSER_DIED; seen once in CI, in the middle of a journey)
    // runs once more, in a new browser (support/browser.ts), and scripts/test.mjs lists it. Any other failure
    // fails the stage at once.
    retry: { count: 1, condition: BROWSER_DIED },
    // Hang detectors, not speed checks: the journeys must pass on a busy machine (`npm test -- --stress`).
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
