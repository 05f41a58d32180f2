import { describe, expect, it } from 'vitest';
import { API_BASE } from '@mbo/shared/api-paths';
import { DisputePath, disputeDetailPath, disputeFilePath, type TDispute, type TDisputeDetail } from '@mbo/shared/disputes';
import type { TListPage } from '@mbo/shared/list';
import { NotificationPath, type TNotificationList } from '@mbo/shared/notifications';
import { AbnormalStatus, AppealStatus, DisputeKind, ProcessingType, RefundProcessing, RefundSource } from '@mbo/shared/trade-enums';
import { createAdmin, createGateway, createMerchant } from '../../../test/factories';
import { exeFile, multipartBody, pdfFile, pngFile } from '../../../test/files';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import { shopForFile } from '../../../test/signed-in-shop';
import { createTransaction } from '../../../test/trade-factories';
import { runDeadlineReminders } from '../../jobs/deadline-reminders';
import { businessDay, rebuildRollups } from '../../platform/rollups';
import { DAY_MS } from '../../platform/time';
import { auditRefund, processRefund, succeedRefund } from '../refunds/service';
import {
  convertRetrieval,
  decideAppeal,
  raiseChargeback,
  raiseEthocaAlert,
  raiseFraudReport,
  raiseRdrAlert,
  raiseRetrieval,
} from './operator-service';

const t = testAppForFile();
const shop = shopForFile(t);

const today = () => businessDay(t.clock.now());
const now = () => t.clock.now();
const tradeRow = (id: number) => t.db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const caseRow = (caseNo: string) => t.db.selectFrom('disputes').selectAll().where('case_no', '=', caseNo).executeTakeFirstOrThrow();

function appeal(caseNo: string, files: { name: string; content: Buffer }[], tok = shop.token) {
  const { payload, headers } = multipartBody({ caseNo, note: 'delivered, see proof' }, files);
  return t.app.inject({
    method: 'POST',
    url: `${API_BASE}${DisputePath.appeal}`,
    headers: { ...headers, 'x-auth-token': tok, lang: 'en_US' },
    payload,
  });
}

async function rollupSum(
  measure: 'chargeback_count' | 'rdr_count' | 'refund_count' | 'appeal_success_count' | 'ethoca_count' | 'fraud_report_count',
) {
  const rows = await t.db.selectFrom('trade_rollups').select(measure).where('merchant_id', '=', shop.merchant.id).execute();
  return rows.reduce((s, r) => s + Number(r[measure]), 0);
}

describe('cases and alerts', () => {
  it('a chargeback sets the flags, counts in the rollup, is listed with its deadline; fraud reports are not listed', async () => {
    const tx = await createTransaction(t.db, shop.merchant, shop.gateway, { amount: 12_345 });
    const before = await rollupSum('chargeback_count');
    const cb = await raiseChargeback(t.db, tx.tradeNo, { reason: 'Fraud', reasonCode: '10.4', deadlineDays: 20, now: now() });
    await raiseFraudReport(t.db, tx.tradeNo, { now: now() });
    const row = await tradeRow(tx.id);
    expect([row.chargeback_status, row.abnormal_status]).toEqual([1, AbnormalStatus.chargeback]);
    expect(await rollupSum('chargeback_count')).toBe(before + 1);
    const list = await call<TListPage<TDispute>>(t.app, DisputePath.list, {
      token: shop.token,
      query: { from: today(), to: today(), tradeNo: tx.tradeNo },
    });
    expect(list.body.data.list.map((d) => d.caseNo)).toEqual([cb.caseNo]);
    const d = list.body.data.list[0]!;
    expect(d).toMatchObject({ processingType: ProcessingType.chargeback, chargebackAmount: 12_345, reasonCode: '10.4', canAppeal: true });
    expect(Date.parse(d.replyDeadline ?? '')).toBe(now() + 20 * DAY_MS);
    const within = await call<TListPage<TDispute>>(t.app, DisputePath.list, {
      token: shop.token,
      query: { from: today(), to: today(), tradeNo: tx.tradeNo, deadlineWithinDays: '5' },
    });
    expect(within.body.data.total).toBe(0);
  });

  it('an RDR alert is refunded at once: refund row, flags, alert refund and rollups', async () => {
    const tx = await createTransaction(t.db, shop.merchant, shop.gateway, { amount: 7_000 });
    const refundsBefore = await rollupSum('refund_count');
    const rdr = await raiseRdrAlert(t.db, tx.tradeNo, { now: now() });
    const row = await tradeRow(tx.id);
    expect([row.refunded_amount, row.refund_pending_amount, row.refund_status, row.rdr_status, row.abnormal_status]).toEqual([
      7_000,
      0,
      1,
      1,
      AbnormalStatus.refund,
    ]);
    const refund = await t.db.selectFrom('refunds').selectAll().where('refund_no', '=', rdr.refundNo).executeTakeFirstOrThrow();
    expect([refund.source, refund.status, refund.amount]).toEqual([RefundSource.rdr, RefundProcessing.refunded, 7_000]);
    expect((await caseRow(rdr.caseNo)).refund_id).toBe(refund.id);
    expect(await rollupSum('refund_count')).toBe(refundsBefore + 1);
    // Nothing is left to refund: a second RDR alert is refused without a partial write.
    await expect(raiseRdrAlert(t.db, tx.tradeNo, { now: now() })).rejects.toThrow(/nothing is left/);
  });

  it('an Ethoca alert is refunded once from the alert; a second refund of the same money is refused', async () => {
    const tx = await createTransaction(t.db, shop.merchant, shop.gateway, { amount: 9_000 });
    const eth = await raiseEthocaAlert(t.db, tx.tradeNo, { amount: 6_000, deadlineHours: 48, now: now() });
    const [a, b] = await Promise.all([
      call(t.app, DisputePath.alertRefund, { token: shop.token, body: { caseNo: eth.caseNo }, lang: 'en_US' }),
      call(t.app, DisputePath.alertRefund, { token: shop.token, body: { caseNo: eth.caseNo }, lang: 'en_US' }),
    ]);
    expect([a.body.code, b.body.code].filter((c) => c === 0)).toHaveLength(1);
    const again = await call(t.app, DisputePath.alertRefund, { token: shop.token, body: { caseNo: eth.caseNo }, lang: 'en_US' });
    expect(again.body.msg).toBe('This alert has already been refunded');
    expect((await tradeRow(tx.id)).refund_pending_amount).toBe(6_000);
    // A second alert for more than is left is refused by the refund guard.
    const eth2 = await raiseEthocaAlert(t.db, tx.tradeNo, { amount: 6_000, now: now() });
    const over = await call(t.app, DisputePath.alertRefund, { token: shop.token, body: { caseNo: eth2.caseNo }, lang: 'en_US' });
    expect(over.body.msg).toBe('The refund amount must not exceed the available amount 30.00 USD');
    expect((await caseRow(eth2.caseNo)).refund_id).toBeNull();
  });

  it('a retrieval turns into a new chargeback case; the retrieval row stays', async () => {
    const tx = await createTransaction(t.db, shop.merchant, shop.gateway);
    const rt = await raiseRetrieval(t.db, tx.tradeNo, { now: now() });
    const cb = await convertRetrieval(t.db, rt.caseNo, { now: now() });
    expect((await caseRow(rt.caseNo)).processing_type).toBe(ProcessingType.retrieval);
    expect(await caseRow(cb.caseNo)).toMatchObject({ kind: DisputeKind.chargeback, processing_type: ProcessingType.retrievalToChargeback });
    const row = await tradeRow(tx.id);
    expect([row.retrieval_status, row.chargeback_status]).toEqual([1, 1]);
    await expect(convertRetrieval(t.db, rt.caseNo, { now: now() })).rejects.toThrow(/already/);
  });
});

describe('appeal', () => {
  it('accepts a PDF, lists and serves the file; the decision counts a won appeal on its day', async () => {
    const tx = await createTransaction(t.db, shop.merchant, shop.gateway);
    const cb = await raiseChargeback(t.db, tx.tradeNo, { now: now() });
    const res = await appeal(cb.caseNo, [{ name: 'proof.pdf', content: pdfFile() }]);
    expect(res.json<{ code: number }>().code).toBe(0);
    const detail = await call<TDisputeDetail>(t.app, disputeDetailPath(cb.caseNo), { token: shop.token });
    expect(detail.body.data).toMatchObject({
      appealStatus: AppealStatus.underAppeal,
      processingType: ProcessingType.appealPending,
      canAppeal: false,
    });
    expect(detail.body.data.files.map((f) => [f.name, f.mime])).toEqual([['proof.pdf', 'application/pdf']]);
    const file = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${disputeFilePath(detail.body.data.files[0]!.id)}`,
      headers: { 'x-auth-token': shop.token },
    });
    expect(file.rawPayload.equals(pdfFile())).toBe(true);
    expect((await tradeRow(tx.id)).appeal_status).toBe(AppealStatus.underAppeal);

    const other = await createMerchant(t.db);
    const otherToken = await signIn(t.app, await createAdmin(t.db, other));
    const stolen = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${disputeFilePath(detail.body.data.files[0]!.id)}`,
      headers: { 'x-auth-token': otherToken },
    });
    expect(stolen.json<{ code: number }>().code).toBe(1004);
    expect((await call(t.app, disputeDetailPath(cb.caseNo), { token: otherToken })).body.code).toBe(1004);

    const won = await rollupSum('appeal_success_count');
    await decideAppeal(t.db, cb.caseNo, 'success', now());
    expect(await rollupSum('appeal_success_count')).toBe(won + 1);
    expect((await tradeRow(tx.id)).appeal_status).toBe(AppealStatus.success);
    // A second appeal of the same case is refused.
    expect((await appeal(cb.caseNo, [{ name: 'again.pdf', content: pdfFile() }])).json<{ code: number }>().code).not.toBe(0);
  });

  it('refuses an .exe renamed .pdf, an 11th file, and an appeal after the deadline; nothing is stored', async () => {
    const tx = await createTransaction(t.db, shop.merchant, shop.gateway);
    const cb = await raiseChargeback(t.db, tx.tradeNo, { now: now() });
    const exe = await appeal(cb.caseNo, [{ name: 'proof.pdf', content: exeFile() }]);
    expect(exe.json<{ msg: string }>().msg).toBe('File "proof.pdf" has a wrong format; allowed: PDF, Word, Excel, JPG, JPEG, PNG, BMP');
    const eleven = await appeal(
      cb.caseNo,
      Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, content: pngFile() })),
    );
    expect(eleven.json<{ msg: string }>().msg).toBe('At most 10 files');
    const d = await caseRow(cb.caseNo);
    expect(d.appeal_status).toBe(AppealStatus.none);
    expect(await t.db.selectFrom('dispute_files').select('id').where('dispute_id', '=', d.id).execute()).toHaveLength(0);

    const late = await raiseChargeback(t.db, tx.tradeNo, { deadlineDays: 1, now: now() - 2 * DAY_MS });
    expect((await appeal(late.caseNo, [{ name: 'a.pdf', content: pdfFile() }])).json<{ code: number }>().code).not.toBe(0);
  });
});

describe('deadline reminders', () => {
  it('writes each reminder once, only to admins who see the gateway', async () => {
    const g2 = await createGateway(t.db, shop.merchant);
    const limited = await createAdmin(t.db, shop.merchant, { gateways: [g2] });
    const limitedToken = await signIn(t.app, limited);
    const tx = await createTransaction(t.db, shop.merchant, shop.gateway);
    const soon = await raiseChargeback(t.db, tx.tradeNo, { deadlineDays: 3, now: now() });
    const first = await runDeadlineReminders(t.db, now());
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await runDeadlineReminders(t.db, now())).toBe(0);
    // Deadlines are told through the notification centre (issue 50 §5), no longer as message reminders.
    const told = async () =>
      (await call<TNotificationList>(t.app, NotificationPath.list, { token: shop.token, lang: 'en_US' })).body.data.items.filter((r) =>
        r.text.includes(soon.caseNo),
      );
    const mine = await told();
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toContain(tx.tradeNo);
    // Two days later less than 24 hours are left: the second reminder, once.
    const later = now() + 2 * DAY_MS + 3_600_000;
    await runDeadlineReminders(t.db, later);
    await runDeadlineReminders(t.db, later);
    expect((await told()).map((r) => r.title)).toEqual(['Dispute deadline', 'Dispute deadline']);
    const hidden = await call<TNotificationList>(t.app, NotificationPath.list, { token: limitedToken, lang: 'en_US' });
    expect(hidden.body.data.items.some((r) => r.text.includes(soon.caseNo))).toBe(false);
  });
});

describe('rollups stay right', () => {
  it('the incremental rollups equal a rebuild from raw rows after every kind of event', async () => {
    const tx = await createTransaction(t.db, shop.merchant, shop.gateway, { amount: 50_000 });
    const r = await call<{ refundNo: string }>(t.app, '/refundment/apply', {
      token: shop.token,
      body: { tradeNo: tx.tradeNo, amount: '100', reason: 'x' },
    });
    await auditRefund(t.db, r.body.data.refundNo, now());
    await processRefund(t.db, r.body.data.refundNo, now());
    await succeedRefund(t.db, r.body.data.refundNo, now());
    await raiseRetrieval(t.db, tx.tradeNo, { now: now() });
    const snapshot = async () =>
      (
        await t.db
          .selectFrom('trade_rollups')
          .selectAll()
          .where('merchant_id', '=', shop.merchant.id)
          .orderBy('day')
          .orderBy('gateway_id')
          .orderBy('card_scheme')
          .execute()
      ).map((x) =>
        JSON.stringify(
          Object.fromEntries(Object.entries(x).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v])),
        ),
      );
    const incremental = await snapshot();
    await rebuildRollups(t.db, shop.merchant.id);
    expect(await snapshot()).toEqual(incremental);
  });
});
