import { defineConfig } from 'vitest/config';

/*
 * The multi-node stage (`npm test -- e2e-cluster`): PostgreSQL, three API nodes started together and
 * nginx in front (support/cluster-setup.ts). The onboarding and transaction-menu journeys run here,
 * through nginx, instead of in the single-node stage; cluster/ holds the checks that talk to each node.
 */
export const CLUSTER_SPECS = ['specs/onboarding.test.ts', 'specs/transactions.test.ts'];

export default defineConfig({
  test: {
    include: [...CLUSTER_SPECS, 'cluster/**/*.test.ts'],
    globalSetup: ['./support/cluster-setup.ts'],
    fileParallelism: false,
    // The scale-out spec kills one node; nginx then sends every request to the others, so the journeys
    // pass whichever order the files run in.
    testTimeout: 90_000,
    hookTimeout: 400_000,
  },
});
