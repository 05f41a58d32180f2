import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DashboardPath, type TDeadlines } from '@mbo/shared/dashboard';
import { DisputePath, type TDispute } from '@mbo/shared/disputes';
import type { TListPage } from '@mbo/shared/list';
import { NotificationPath, type TNotificationList } from '@mbo/shared/notifications';
import { createAdmin, createGateway, createMerchant, type GatewayRow, type MerchantRow } from '../../test/factories';
import { call, createTestApp, signIn, type TestContext } from '../../test/helpers';
import { createTransaction } from '../../test/trade-factories';
import { raiseChargeback, raiseEthocaAlert } from '../domains/disputes/operator-service';
import { ALERT_LAST_REMINDER_HOURS, runDeadlineReminders } from './deadline-reminders';

/*
 * Alert deadlines that cannot be missed (issue 49 §4): the last reminder of an Ethoca alert 4 hours
 * before its deadline, and the dashboard's count of what is due on the caller's today.
 */

const HOUR = 3_600_000;
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function world() {
  const merchant = await createMerchant(t.db);
  const gateway = await createGateway(t.db, merchant);
  const token = await signIn(t.app, await createAdmin(t.db, merchant));
  return { merchant, gateway, token };
}

const sale = (merchant: MerchantRow, gateway: GatewayRow) =>
  createTransaction(t.db, merchant, gateway, { created_at: t.clock.now() - HOUR, amount: 20_000 });

/** The merchant's notifications that name the case and say less than 4 hours are left (issue 50 §5: deadlines go to the bell). */
async function lastReminders(merchant: MerchantRow, caseNo: string) {
  const rows = await t.db.selectFrom('notifications').selectAll().where('merchant_id', '=', merchant.id).execute();
  return rows
    .map((r) => (JSON.parse(r.params) as { text: { en: string } }).text.en)
    .filter((en) => en.includes(caseNo) && en.includes('less than 4 hours'));
}

describe('the Ethoca alert reminder 4 hours before its deadline', () => {
  it('fires once, when 4 hours are left and the alert is not refunded, and reaches the top bar', async () => {
    const { merchant, gateway, token } = await world();
    const start = t.clock.now();
    const alert = await raiseEthocaAlert(t.db, (await sale(merchant, gateway)).tradeNo, { deadlineHours: 48, now: start });
    const chargeback = await raiseChargeback(t.db, (await sale(merchant, gateway)).tradeNo, { deadlineHours: 48, now: start });
    const deadline = start + 48 * HOUR;
    const at = deadline - ALERT_LAST_REMINDER_HOURS * HOUR;
    await runDeadlineReminders(t.db, start);
    await runDeadlineReminders(t.db, at - 60_000);
    expect(await lastReminders(merchant, alert.caseNo)).toHaveLength(0);
    await runDeadlineReminders(t.db, at);
    await runDeadlineReminders(t.db, at + 60_000);
    await runDeadlineReminders(t.db, deadline - 60_000);
    const sent = await lastReminders(merchant, alert.caseNo);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('not refunded');
    // A chargeback has no such reminder: it is not refunded but answered.
    expect(await lastReminders(merchant, chargeback.caseNo)).toHaveLength(0);
    const bell = await call<TNotificationList>(t.app, NotificationPath.list, { token, lang: 'zh_CN' });
    const told = bell.body.data.items.filter((r) => r.text.includes(alert.caseNo) && r.text.includes('不到 4 小时'));
    expect(told.map((r) => r.title)).toEqual(['Ethoca 预警截止']);
  });

  it('does not fire for an alert refunded in time', async () => {
    const { merchant, gateway, token } = await world();
    const start = t.clock.now();
    const alert = await raiseEthocaAlert(t.db, (await sale(merchant, gateway)).tradeNo, { deadlineHours: 24, now: start });
    const refunded = await call(t.app, DisputePath.alertRefund, { token, body: { caseNo: alert.caseNo }, lang: 'en_US' });
    expect(refunded.body.code, refunded.body.msg).toBe(0);
    await runDeadlineReminders(t.db, start + 21 * HOUR);
    expect(await lastReminders(merchant, alert.caseNo)).toHaveLength(0);
  });
});

describe("the dashboard's due-today count", () => {
  it("counts the open cases due on the caller's today, across midnight, in UTC+08:00 and in UTC-03:00, as the list shows them", async () => {
    const saved = t.clock.now();
    // 23:45 on 10 March in Shanghai (UTC+08:00); 12:45 the same day in São Paulo (UTC-03:00).
    const now = Date.parse('2027-03-10T15:45:00Z');
    t.clock.set(now);
    try {
      const { merchant, gateway, token } = await world();
      const due = async (iso: string, kind: 'alert' | 'chargeback') => {
        const tradeNo = (await sale(merchant, gateway)).tradeNo;
        const c =
          kind === 'alert'
            ? await raiseEthocaAlert(t.db, tradeNo, { deadlineHours: 48, now })
            : await raiseChargeback(t.db, tradeNo, { deadlineHours: 48, now });
        await t.db
          .updateTable('disputes')
          .set({ reply_deadline: Date.parse(iso) })
          .where('case_no', '=', c.caseNo)
          .execute();
        return c.caseNo;
      };
      await due('2027-03-10T15:55:00Z', 'alert'); // 23:55 Shanghai, 12:55 São Paulo
      await due('2027-03-10T16:10:00Z', 'chargeback'); // 00:10 on the 11th in Shanghai, 13:10 São Paulo
      await due('2027-03-11T02:59:00Z', 'chargeback'); // 10:59 on the 11th in Shanghai, 23:59 São Paulo
      await due('2027-03-11T03:01:00Z', 'chargeback'); // 11:01 on the 11th in Shanghai, 00:01 on the 11th in São Paulo
      const refunded = await due('2027-03-10T15:50:00Z', 'alert');
      expect((await call(t.app, DisputePath.alertRefund, { token, body: { caseNo: refunded } })).body.code).toBe(0);

      const count = async (timezone: string) => {
        const r = await call<TDeadlines>(t.app, DashboardPath.deadlines, { token, headers: { timezone } });
        expect(r.body.code, r.body.msg).toBe(0);
        const list = await call<TListPage<TDispute>>(t.app, DisputePath.list, {
          token,
          headers: { timezone },
          query: { view: 'open', due: 'today', from: '2027-03-01', to: r.body.data.dueToday.day },
        });
        expect(list.body.code, list.body.msg).toBe(0);
        // The count opens the list it counts.
        expect(list.body.data.total).toBe(r.body.data.dueToday.count);
        return r.body.data.dueToday;
      };
      expect(await count('Asia/Shanghai')).toEqual({ day: '2027-03-10', count: 1 });
      expect(await count('America/Sao_Paulo')).toEqual({ day: '2027-03-10', count: 3 });

      // 20 minutes later, 00:05 on the 11th in Shanghai: a new day there; still 13:05 on the 10th in São Paulo.
      t.clock.set(Date.parse('2027-03-10T16:05:00Z'));
      expect(await count('Asia/Shanghai')).toEqual({ day: '2027-03-11', count: 3 });
      expect(await count('America/Sao_Paulo')).toEqual({ day: '2027-03-10', count: 2 });
    } finally {
      t.clock.set(saved);
    }
  });
});
