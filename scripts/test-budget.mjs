// How long `npm test` may take, in seconds, on the project's machines (2 cores). With CI=true and every
// stage run, the run fails when its total passes the budget, so the test that makes the suite slow is
// seen the day it is added rather than when CI's own limit is reached.
export const TEST_BUDGET_SECONDS = 20 * 60;

// The slowest files each stage prints after it ends (all of them are in test-results/reports/timings.txt).
export const SLOWEST_FILES_SHOWN = 6;
