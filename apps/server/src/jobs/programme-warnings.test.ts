import { describe, expect, it } from 'vitest';
import { NotificationPath, type TNotificationList } from '@mbo/shared/notifications';
import { createAdmin, createGateway, createOwnerWithPerson, type AdminRow, type GatewayRow, type MerchantRow } from '../../test/factories';
import { call, signIn, testAppForFile } from '../../test/helpers';
import { ownerAddresses } from '../domains/webhooks/delivery-repository';
import { addToRollup } from '../platform/rollups';
import { runProgrammeWarnings } from './programme-warnings';

const t = testAppForFile();
// 2026-06-10 12:00 in UTC+08:00: day 10 of 30.
const NOW = Date.parse('2026-06-10T04:00:00Z');
const HOUR = 3_600_000;

async function counts(m: MerchantRow, g: GatewayRow, scheme: string, day: string, delta: Record<string, number>) {
  await addToRollup(
    t.db,
    { merchantId: m.id, gatewayId: g.id, cardScheme: scheme, currency: g.currency, at: Date.parse(`${day}T04:00:00Z`) },
    delta,
  );
}

/** What the administrator's bell shows (issue 50 §5: warnings go through the notification centre). */
async function remindersOf(admin: AdminRow): Promise<string[]> {
  const res = await call<TNotificationList>(t.app, NotificationPath.list, { token: await signIn(t.app, admin), lang: 'en_US' });
  return res.body.data.items.map((r) => r.text);
}

async function mailsTo(to: string) {
  return t.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_addr', '=', to).execute();
}

describe('programme warnings', () => {
  it('tells once a month, in-app and by mail, each line the projection reaches; not a merchant below every line', async () => {
    const owner = await createOwnerWithPerson(t.db);
    const m = owner.merchant;
    const g = await createGateway(t.db, m, { currency: 'USD' });
    const other = await createGateway(t.db, m, { currency: 'EUR' });
    const limited = await createAdmin(t.db, m, { gateways: [other] });
    // ECP: 40 chargebacks by day 10 of 30 -> 120 projected of 10,000 sales: 1.20%, CMM (100 and 1.00%) only.
    await counts(m, g, 'MASTERCARD', '2026-05-12', { success_count: 10_000 });
    await counts(m, g, 'MASTERCARD', '2026-06-03', { chargeback_count: 40 });
    // A quiet merchant: 10 chargebacks -> 30 projected, under the 100-chargeback gate.
    const quiet = await createOwnerWithPerson(t.db);
    const qg = await createGateway(t.db, quiet.merchant, { currency: 'USD' });
    await counts(quiet.merchant, qg, 'MASTERCARD', '2026-05-12', { success_count: 1_000 });
    await counts(quiet.merchant, qg, 'MASTERCARD', '2026-06-03', { chargeback_count: 10 });
    const [address] = await ownerAddresses(t.db, m.id);
    const ownerTo = address?.to ?? '';

    t.clock.set(NOW);
    expect(await runProgrammeWarnings(t.db, t.app.notifier, NOW)).toBe(1);
    const [warning] = await remindersOf(owner);
    expect(warning).toContain('Mastercard ECP warning');
    expect(warning).toContain('the month would end at 1.20% (120 events), reaching the Chargeback Monitored Merchant (CMM) line (≥ 1.00%');
    // The figure is the whole merchant's: an administrator limited to one gateway is not told it.
    expect(await remindersOf(limited)).toEqual([]);
    expect(await remindersOf(quiet)).toEqual([]);
    const mails = await mailsTo(ownerTo);
    expect(mails.length).toBe(1);
    expect(mails[0]?.subject).toMatch(/CMM|拒付监控商户/);

    // Every hour again, and more chargebacks: no second warning of the same line this month.
    await counts(m, g, 'MASTERCARD', '2026-06-10', { chargeback_count: 5 });
    expect(await runProgrammeWarnings(t.db, t.app.notifier, NOW + HOUR)).toBe(0);
    expect((await mailsTo(ownerTo)).length).toBe(1);

    // Reaching a further line (ECM: 1.50% with 100) is its own warning; so is the next month's.
    await counts(m, g, 'MASTERCARD', '2026-06-10', { chargeback_count: 15 });
    expect(await runProgrammeWarnings(t.db, t.app.notifier, NOW + 2 * HOUR)).toBe(1);
    await counts(m, g, 'MASTERCARD', '2026-06-20', { success_count: 10_000 });
    await counts(m, g, 'MASTERCARD', '2026-07-02', { chargeback_count: 20 });
    // 2026-07-02 12:00 +08:00: 20 x 31 / 2 = 310 projected of 10,000: CMM, ECM's band passed (over 299), HECM (3.00%, 300).
    expect(await runProgrammeWarnings(t.db, t.app.notifier, Date.parse('2026-07-02T04:00:00Z'))).toBe(2);
  });
});
