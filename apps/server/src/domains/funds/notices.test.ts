import { describe, expect, it } from 'vitest';
import { FundsPath, type TWithdrawResult } from '@mbo/shared/funds';
import { NotificationPath, type TNotificationList } from '@mbo/shared/notifications';
import { createAdmin, createGateway, createMerchant, createRole } from '../../../test/factories';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import { funded, MONDAY_NOON } from '../../../test/funds-factories';
import { createTransaction } from '../../../test/trade-factories';
import { sendNotificationMails } from '../notifications/mail-sender';
import { DEFAULT_CONFIG, setConfig } from './config';
import { runSettlement } from './settlement';
import { failWithdrawal, payWithdrawal } from './withdrawals';

/*
 * What the funds domain tells through the notification centre (notices.ts), on SQLite and PostgreSQL:
 * a withdrawal paid or failed, a settlement batch that held payments back for missing delivery proof;
 * each once, to the administrators who may open the screen and see the gateway.
 */

const t = testAppForFile();

async function bell(token: string) {
  const res = await call<TNotificationList>(t.app, NotificationPath.list, { token, lang: 'en_US' });
  return res.body.data.items.map((i) => [i.title, i.text]);
}

describe('funds notifications', () => {
  it('tells a withdrawal paid or failed once, to those who see its gateway; a failure is mailed to the owners', async () => {
    const f = await funded(t, 100_00);
    const other = await createGateway(t.db, f.merchant);
    const elsewhere = await createAdmin(t.db, f.merchant, { gateways: [other] });
    const member = await createAdmin(t.db, f.merchant, {
      roleId: (await createRole(t.db, f.merchant, { permissions: ['/withdraw/forwardWithdrawList'] })).id,
    });
    const apply = async (amount: string) =>
      (
        await call<TWithdrawResult>(t.app, FundsPath.withdrawApply, {
          token: f.token,
          body: { gatewayNo: f.gateway.gatewayNo, amount, bankAccountId: f.bankId },
        })
      ).body.data.withdrawalNo;
    const paid = await apply('20.00');
    const refused = await apply('30.00');
    await payWithdrawal(t.db, paid, MONDAY_NOON + 10);
    await failWithdrawal(t.db, refused, 'account closed', MONDAY_NOON + 20);
    // An operator trying again is refused; nothing more is told.
    await expect(payWithdrawal(t.db, paid, MONDAY_NOON + 30)).rejects.toThrow(/not pending/);

    const expected = [
      ['Withdrawal failed', `Withdrawal ${refused} (30.00 USD) failed: account closed. The amount is back in your available balance.`],
      ['Withdrawal paid', `Withdrawal ${paid} (20.00 USD) was paid to your bank account.`],
    ];
    expect(await bell(f.token)).toEqual(expected);
    expect(await bell(await signIn(t.app, member))).toEqual(expected);
    expect(await bell(await signIn(t.app, elsewhere))).toEqual([]);

    expect(await sendNotificationMails(t.db, t.app.notifier)).toBe(1);
    const mails = await t.db.selectFrom('mail_outbox').select(['to_addr', 'subject']).where('subject', '=', '提现失败').execute();
    expect(mails.map((m) => m.to_addr)).toEqual([expect.stringMatching(/@example\.test$/)]);
  });

  it('tells a batch that held payments back for missing delivery proof, once however often the run is made', async () => {
    const merchant = await createMerchant(t.db);
    const gateway = await createGateway(t.db, merchant);
    const owner = await createAdmin(t.db, merchant, { isOwner: true });
    await setConfig(t.db, merchant.id, gateway.id, { ...DEFAULT_CONFIG, feeBp: 0, feeFixed: 0, reserveBp: 0, cycleDays: 2 }, MONDAY_NOON);
    await t.db.updateTable('merchants').set({ delivery_proof_type: 'tracking' }).where('id', '=', merchant.id).execute();
    await createTransaction(t.db, merchant, gateway, { amount: 4_000, created_at: MONDAY_NOON });
    await createTransaction(t.db, merchant, gateway, { amount: 5_000, created_at: MONDAY_NOON + 1000 });
    for (let i = 0; i < 2; i += 1) await runSettlement(t.db, '2026-03-04', MONDAY_NOON + 2 * 86_400_000 + i, merchant.id);
    expect(await bell(await signIn(t.app, owner))).toEqual([
      [
        'Settlement held for delivery proof',
        `The settlement of gateway ${gateway.gatewayNo} on 2026-03-04 holds back 2 transactions for missing delivery proof: upload it in Waybills.`,
      ],
    ]);
  });
});
