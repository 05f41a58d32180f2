import { describe, expect, it } from 'vitest';
import { NotificationPath, type TNotificationList } from '@mbo/shared/notifications';
import { createAdmin } from '../../test/factories';
import { funded, MONDAY_NOON } from '../../test/funds-factories';
import { call, signIn, testAppForFile } from '../../test/helpers';
import { runLowBalanceChecks } from './notification-checks';

/*
 * Low available balance (issue 50 §5), on SQLite and PostgreSQL: each administrator's own threshold;
 * told once per currency and business day however often the job runs.
 */

const t = testAppForFile();

describe('low-balance notifications', () => {
  it('tells each administrator by their own threshold, once a day per currency', async () => {
    const f = await funded(t, 100_00);
    const colleague = await createAdmin(t.db, f.merchant, { isOwner: true });
    const quiet = await createAdmin(t.db, f.merchant, { isOwner: true });
    const colleagueToken = await signIn(t.app, colleague);
    const save = (token: string, threshold: number | null) =>
      call(t.app, NotificationPath.savePreferences, { token, body: { kinds: [], lowBalanceThreshold: threshold } });
    expect((await save(f.token, 150)).body.code).toBe(0);
    expect((await save(colleagueToken, 50)).body.code).toBe(0);
    const bell = async (token: string) =>
      (await call<TNotificationList>(t.app, NotificationPath.list, { token, lang: 'en_US' })).body.data.items.map((i) => i.text);

    expect(await runLowBalanceChecks(t.db, MONDAY_NOON)).toBe(1);
    expect(await runLowBalanceChecks(t.db, MONDAY_NOON + 600_000)).toBe(0);
    expect(await bell(f.token)).toEqual(['The available USD balance is 100.00, under your threshold of 150.00.']);
    expect(await bell(colleagueToken)).toEqual([]);
    expect(await bell(await signIn(t.app, quiet))).toEqual([]);
    // The next business day, still under: told again, once.
    expect(await runLowBalanceChecks(t.db, MONDAY_NOON + 86_400_000)).toBe(1);
    expect(await runLowBalanceChecks(t.db, MONDAY_NOON + 86_400_000 + 60_000)).toBe(0);
  });
});
