import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/helpers';
import { runLeased, takeLease, type LeaseOptions } from './job-lease';

const t = testAppForFile();

const MIN = 60_000;
const job = (holder: string): LeaseOptions => ({ name: 'test-job', leaseMs: 5 * MIN, minGapMs: 5 * MIN, holder });
/** Whether node `holder`, ticking at `at`, ran the job. */
const ranAt = async (holder: string, at: number) =>
  (
    await runLeased(
      t.db,
      job(holder),
      () => at,
      () => Promise.resolve(holder),
    )
  ).ran;

describe('one runner per scheduled job', () => {
  it('lets one node run each run; a node that died mid-run leaves the next run to another once its lease lapses', async () => {
    const start = t.clock.now();
    // Three nodes tick at once: exactly one runs.
    const ran = await Promise.all(['a', 'b', 'c'].map((h) => ranAt(h, start)));
    expect(ran.filter(Boolean)).toHaveLength(1);
    // Just after that run, a node whose timer is out of phase does not repeat it.
    expect(await ranAt('b', start + MIN)).toBe(false);
    // Next interval: one of them runs again.
    expect(await ranAt('b', start + 10 * MIN)).toBe(true);

    // Node c takes the lease and dies without finishing.
    const at = start + 30 * MIN;
    expect(await takeLease(t.db, job('c'), at)).toBe(true);
    expect(await ranAt('a', at + MIN)).toBe(false);
    expect(await ranAt('a', at + 5 * MIN)).toBe(true);
  });

  it('a failed run frees the lease without counting as a run', async () => {
    const o: LeaseOptions = { name: 'failing-job', leaseMs: 5 * MIN, minGapMs: 5 * MIN, holder: 'a' };
    const at = t.clock.now();
    await expect(
      runLeased(
        t.db,
        o,
        () => at,
        () => Promise.reject(new Error('smtp down')),
      ),
    ).rejects.toThrow('smtp down');
    expect(
      (
        await runLeased(
          t.db,
          { ...o, holder: 'b' },
          () => at + 1,
          () => Promise.resolve(1),
        )
      ).ran,
    ).toBe(true);
  });
});
