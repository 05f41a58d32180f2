import { defineConfig } from 'vitest/config';

/*
 * The multi-node stage (`npm test -- e2e-cluster`): PostgreSQL, three API nodes started together and
 * nginx in front (support/cluster-setup.ts). The onboarding and transaction-menu journeys run here,
 * through nginx, instead of in the single-node stage; cluster/ holds the checks that talk to each node.
 */

/**
 * Playwright's message when the browser's process has ended under a test (with the browser's own log after it when
 * the process ended during the call). The journeys never close a page or context before they are done with it.
 */
export const BROWSER_DIED = /Target page, context or browser has been closed/;

export const CLUSTER_SPECS = ['specs/onboarding.test.ts', 'specs/transactions.test.ts'];

export default defineConfig({
  test: {
    include: [...CLUSTER_SPECS, 'cluster/**/*.test.ts'],
    globalSetup: ['./support/cluster-setup.ts'],
    fileParallelism: false,
    // A test whose browser process died under it (BROWSER_DIED; seen once in CI, in the middle of a journey)
    // runs once more, in a new browser (support/browser.ts), and scripts/test.mjs lists it. Any other failure
    // fails the stage at once.
    retry: { count: 1, condition: BROWSER_DIED },
    // The scale-out spec kills one node; nginx then sends every request to the others, so the journeys
    // pass whichever order the files run in.
    testTimeout: 90_000,
    hookTimeout: 400_000,
  },
});
