// How long `npm test` may take, in seconds, on the project's machines (2 cores) in a quick phase. With
// CI=true and every stage run, the run fails when its total passes the budget, so the test that makes
// the suite slow is seen the day it is added rather than when CI's own limit is reached.
export const TEST_BUDGET_SECONDS = 20 * 60;

/**
 * The machine probe's time (scripts/machine-probe.mjs) at the slow end of a quick phase of this machine
 * kind (0.75-0.95 s), where the budget above holds as it is. These machines change speed by phases over
 * hours, every stage slower together, and the suite slows less than the probe: whole runs took 1,011 s
 * with the probe near 0.9 s and 1,808 s with it at 4.1 s (1.8x for a probe 4.6x slower). A slower
 * machine gets a budget larger by the square root of how much slower its probe is (the median of the
 * probes taken before, during and after the run), so that the budget fails a suite that grew, not a
 * machine that slowed.
 */
export const PROBE_QUICK_SECONDS = 1.0;

/** The budget for a run whose machine probes took `probes` seconds. */
export function budgetFor(probes) {
  const sorted = [...probes].sort((a, b) => a - b);
  const median = sorted.length ? sorted[Math.floor(sorted.length / 2)] : PROBE_QUICK_SECONDS;
  return Math.round(TEST_BUDGET_SECONDS * Math.sqrt(Math.max(1, median / PROBE_QUICK_SECONDS)));
}

// The slowest files each stage prints after it ends (all of them are in test-results/reports/timings.txt).
export const SLOWEST_FILES_SHOWN = 6;
