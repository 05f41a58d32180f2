import { describe, expect, it } from 'vitest';
import { AdminStatus } from '@mbo/shared/merchants';
import { NotificationPath, type TNotificationList } from '@mbo/shared/notifications';
import { createAdmin, createGateway, createMerchant, type AdminRow } from '../../test/factories';
import { call, testAppForFile, signIn } from '../../test/helpers';
import { createTransaction } from '../../test/trade-factories';
import { setProofType } from '../domains/waybills/repository';
import { DAY_MS } from '../platform/time';
import { runWaybillReminders } from './waybill-reminders';

const HOUR = 3_600_000;
/** 2026-03-10 00:00 in UTC+08:00: a payment made at 10:00 that day must have its proof by 2026-03-14. */
const DAY0 = Date.UTC(2026, 2, 9, 16);

const t = testAppForFile();

/** What an administrator's bell shows, in English (issue 50 §5: reminders go through the notification centre). */
async function remindersOf(admin: AdminRow): Promise<string[]> {
  const token = await signIn(t.app, admin);
  const res = await call<TNotificationList>(t.app, NotificationPath.list, { token, lang: 'en_US' });
  return res.body.data.items.map((r) => r.text);
}

const due = (count: number) =>
  `${count} transaction(s) need a tracking number or delivery proof by 2026-03-14 (UTC+08:00), 3 days before settlement: upload them on the waybill screen.`;

describe('daily delivery-proof reminder', () => {
  it("counts for each administrator only the gateways they may see (was the whole merchant's count for everyone)", async () => {
    const m = await createMerchant(t.db);
    const [east, west, quiet] = [await createGateway(t.db, m), await createGateway(t.db, m), await createGateway(t.db, m)];
    await setProofType(t.db, m.id, 'either');
    for (const g of [east, east, east, west]) await createTransaction(t.db, m, g, { created_at: DAY0 + 10 * HOUR });
    const owner = await createAdmin(t.db, m, { isOwner: true });
    const westOnly = await createAdmin(t.db, m, { gateways: [west] });
    const quietOnly = await createAdmin(t.db, m, { gateways: [quiet] });
    const otherWest = await createAdmin(t.db, m, { gateways: [west] });
    const disabled = await createAdmin(t.db, m, { status: AdminStatus.disabled });

    t.clock.set(DAY0 + 2 * DAY_MS + 10 * HOUR); // 2026-03-12 10:00 +08:00: due within the 3 days
    expect(await runWaybillReminders(t.db, t.clock.now())).toBe(3);
    expect(await remindersOf(owner)).toEqual([due(4)]);
    expect(await remindersOf(westOnly)).toEqual([due(1)]);
    expect(await remindersOf(otherWest)).toEqual([due(1)]);
    // Nothing due on the gateways this member sees: no reminder at all.
    expect(await remindersOf(quietOnly)).toEqual([]);
    const rows = await t.db.selectFrom('notifications').select('admin_id').where('merchant_id', '=', m.id).execute();
    expect(rows.map((r) => r.admin_id)).not.toContain(disabled.id);

    // Once a day, however often the job runs.
    expect(await runWaybillReminders(t.db, t.clock.now() + HOUR)).toBe(0);
    expect(await t.db.selectFrom('notifications').select('id').where('merchant_id', '=', m.id).execute()).toHaveLength(3);
  });
});
