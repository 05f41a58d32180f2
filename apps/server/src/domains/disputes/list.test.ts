import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@mbo/shared/api-paths';
import { DisputePath, type TDispute } from '@mbo/shared/disputes';
import type { TListPage } from '@mbo/shared/list';
import { RefundPath, type TRefund } from '@mbo/shared/refunds';
import { createAdmin, createGateway, createMerchant, createRole, type GatewayRow, type MerchantRow } from '../../../test/factories';
import { call, createTestApp, signIn, type TestContext } from '../../../test/helpers';
import { createTransaction } from '../../../test/trade-factories';
import { toMajorString } from '@mbo/shared/money';
import { translate } from '../../platform/i18n';
import type { MessageKey } from '../../platform/messages';
import { businessDay } from '../../platform/rollups';
import { sessionScope } from '../../platform/scope';
import { DAY_MS } from '../../platform/time';
import { refundFromAlert, submitAppeal } from './merchant-service';
import { convertRetrieval, raiseChargeback, raiseEthocaAlert, raiseFraudReport, raiseRdrAlert, raiseRetrieval } from './operator-service';

let t: TestContext;
let merchant: MerchantRow;
let gateway: GatewayRow;
let token: string;
/** Case numbers by what they are. */
const c: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  merchant = await createMerchant(t.db);
  gateway = await createGateway(t.db, merchant);
  const admin = await createAdmin(t.db, merchant);
  token = await signIn(t.app, admin);
  const now = t.clock.now();
  const trade = async () => (await createTransaction(t.db, merchant, gateway, { amount: 10_000 })).tradeNo;
  const scope = sessionScope(merchant.id, admin.id, null);

  // Waiting for the merchant: two chargebacks due at the same moment (the id breaks the tie).
  c.ethoca = (await raiseEthocaAlert(t.db, await trade(), { deadlineHours: 24, now })).caseNo;
  c.soonA = (await raiseChargeback(t.db, await trade(), { deadlineDays: 3, now })).caseNo;
  c.soonB = (await raiseChargeback(t.db, await trade(), { deadlineDays: 3, now })).caseNo;
  c.later = (await raiseChargeback(t.db, await trade(), { deadlineDays: 10, now })).caseNo;
  c.retrieval = (await raiseRetrieval(t.db, await trade(), { now })).caseNo;
  c.converted = (await convertRetrieval(t.db, c.retrieval, { now })).caseNo;
  // Nothing left to answer: appealed, refunded, past its deadline, a retrieval, an RDR alert, a fraud report.
  c.appealed = (await raiseChargeback(t.db, await trade(), { deadlineDays: 5, now })).caseNo;
  await submitAppeal(t.db, t.app.files, scope, admin.id, c.appealed, 'proof', [], now);
  c.refunded = (await raiseEthocaAlert(t.db, await trade(), { deadlineHours: 30, now })).caseNo;
  await refundFromAlert(t.db, scope, c.refunded, { name: 'owner', adminId: admin.id }, now);
  c.past = (await raiseChargeback(t.db, await trade(), { deadlineDays: 1, now: now - 2 * DAY_MS })).caseNo;
  c.openRetrieval = (await raiseRetrieval(t.db, await trade(), { now })).caseNo;
  c.rdr = (await raiseRdrAlert(t.db, await trade(), { now })).caseNo;
  await raiseFraudReport(t.db, await trade(), { now });
});
afterAll(async () => {
  await t.close();
});

/** The export's first columns, in English. */
const DISPUTE_HEADERS = [
  'Case number',
  'Transaction order number',
  'Gateway number',
  'Kind',
  'Processing type',
  'Currency',
  'Amount',
  'Actual chargeback amount',
  'Appeal amount',
  'Alert amount',
  'Supplementary settlement batch',
  'Reason code',
];

const OPEN_ORDER = ['ethoca', 'soonA', 'soonB', 'later', 'converted'];

function list(query: Record<string, string>, tok = token) {
  return call<TListPage<TDispute>>(t.app, DisputePath.list, { token: tok, query });
}

const today = () => businessDay(t.clock.now());
/** The days the test's cases arrived on. */
const recent = () => ({ from: businessDay(t.clock.now() - 3 * DAY_MS), to: today() });

describe('the open view', () => {
  it('lists every case of the range still waiting for an answer, nearest deadline first', async () => {
    // The range applies as the screen shows it: none of the cases arrived in January 2020.
    expect((await list({ view: 'open', from: '2020-01-01', to: '2020-01-31' })).body.data.total).toBe(0);
    const res = await list({ view: 'open', ...recent() });
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.body.data.list.map((d) => d.caseNo)).toEqual(OPEN_ORDER.map((k) => c[k]));
    expect(res.body.data).toMatchObject({ total: OPEN_ORDER.length, capped: false, nextCursor: null });
    expect(res.body.data.list.every((d) => d.canAppeal || d.canAlertRefund)).toBe(true);
  });

  it('shows exactly the rows the all view marks as answerable (canAppeal or canAlertRefund)', async () => {
    const all = await list({ view: 'all', from: businessDay(t.clock.now() - 3 * DAY_MS), to: today(), limit: '50' });
    const answerable = all.body.data.list.filter((d) => d.canAppeal || d.canAlertRefund).map((d) => d.caseNo);
    const open = await list({ view: 'open', ...recent(), limit: '50' });
    expect(open.body.data.list.map((d) => d.caseNo).sort()).toEqual(answerable.sort());
    // The all view is newest first and includes what is done.
    expect(all.body.data.list.map((d) => d.caseNo)).toContain(c.appealed);
  });

  it('pages by cursor in deadline order, the same rows as page numbers; the other filters still apply', async () => {
    const q = { view: 'open', ...recent(), limit: '2' };
    const p1 = await list(q);
    const p2 = await list({ ...q, page: '2', after: p1.body.data.nextCursor! });
    const p2jump = await list({ ...q, page: '2' });
    const p3 = await list({ ...q, page: '3', after: p2.body.data.nextCursor! });
    expect([...p1.body.data.list, ...p2.body.data.list, ...p3.body.data.list].map((d) => d.caseNo)).toEqual(OPEN_ORDER.map((k) => c[k]));
    expect(p2jump.body.data.list.map((d) => d.caseNo)).toEqual(p2.body.data.list.map((d) => d.caseNo));
    expect(p3.body.data.nextCursor).toBeNull();
    const alerts = await list({ view: 'open', ...recent(), kind: '4' });
    expect(alerts.body.data.list.map((d) => d.caseNo)).toEqual([c.ethoca]);
    const within2 = await list({ view: 'open', ...recent(), deadlineWithinDays: '2' });
    expect(within2.body.data.list.map((d) => d.caseNo)).toEqual([c.ethoca]);
  });

  it('exports the same rows in the same order', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${DisputePath.export}`,
      headers: { 'x-auth-token': token, lang: 'en_US' },
      payload: { view: 'open', ...recent(), format: 'csv' },
    });
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(OPEN_ORDER.map((k) => c[k]));
    // Each line is its row of the list, amounts in the currency's decimals (the columns before the reason).
    const rows = (await list({ view: 'open', ...recent(), limit: '50' })).body.data.list;
    expect(lines[0]!.split(',').slice(0, 12)).toEqual(DISPUTE_HEADERS);
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 12))).toEqual(
      rows.map((r) => [
        r.caseNo,
        r.tradeNo,
        r.gatewayNo,
        translate('en', `disputeKind.${r.kind}` as MessageKey),
        translate('en', `processingType.${r.processingType}` as MessageKey),
        r.currency,
        ...[r.amount, r.chargebackAmount, r.appealAmount, r.alertAmount].map((v) => toMajorString(v, r.currency)),
        r.settleBatch,
        r.reasonCode,
      ]),
    );
  });

  it('a view that is neither open nor all is refused', async () => {
    const res = await list({ view: 'closed', from: today(), to: today() });
    expect(res.status).toBe(200);
    expect(res.body.code).not.toBe(0);
  });
});

describe('gateway filter', () => {
  it("another merchant's or a non-permitted gateway number gives an empty page, in the list and the export", async () => {
    const second = await createGateway(t.db, merchant);
    const foreign = await createGateway(t.db, await createMerchant(t.db));
    const own = await list({ view: 'all', from: today(), to: today(), gatewayNo: gateway.gatewayNo, limit: '50' });
    expect(own.body.data.total).toBeGreaterThan(0);
    expect((await list({ view: 'all', from: today(), to: today(), gatewayNo: foreign.gatewayNo })).body.data).toMatchObject({
      list: [],
      total: 0,
      nextCursor: null,
    });
    const role = await createRole(t.db, merchant, { permissions: ['/merTradeMgr/initProConTradePage', 'ProConTrade:Downloads'] });
    const limited = await signIn(t.app, await createAdmin(t.db, merchant, { roleId: role.id, gateways: [second] }));
    expect((await list({ view: 'all', from: today(), to: today(), gatewayNo: gateway.gatewayNo }, limited)).body.data.total).toBe(0);
    expect((await list({ view: 'open', ...recent() }, limited)).body.data.total).toBe(0);
    const file = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}${DisputePath.export}`,
      headers: { 'x-auth-token': limited },
      payload: { from: today(), to: today(), gatewayNo: gateway.gatewayNo, format: 'csv' },
    });
    expect(
      file.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});

describe("by the transaction's time", () => {
  it('lists cases raised today of a payment 40 days old on the payment’s day only, and the RDR refund with them', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m);
    const tok = await signIn(t.app, await createAdmin(t.db, m));
    const now = t.clock.now();
    const paidAt = now - 40 * DAY_MS;
    const old = await createTransaction(t.db, m, g, { amount: 10_000, created_at: paidAt });
    const recentTrade = await createTransaction(t.db, m, g, { amount: 10_000 });
    const chargeback = (await raiseChargeback(t.db, old.tradeNo, { deadlineDays: 5, now, amount: 4_000 })).caseNo;
    const rdr = (await raiseRdrAlert(t.db, old.tradeNo, { now, amount: 1_000 })).caseNo;
    const fresh = (await raiseChargeback(t.db, recentTrade.tradeNo, { deadlineDays: 5, now })).caseNo;
    const paymentDay = businessDay(paidAt);
    const yesterday = businessDay(now - DAY_MS);
    const byTrade = await list({ view: 'all', timeType: 'trans', from: paymentDay, to: yesterday }, tok);
    expect(byTrade.body.data.list.map((d) => d.caseNo)).toEqual([rdr, chargeback]);
    expect(byTrade.body.data).toMatchObject({ total: 2, capped: false });
    expect(byTrade.body.data.list.every((d) => d.tradeAt === byTrade.body.data.list[0]!.tradeAt)).toBe(true);
    const todays = await list({ view: 'all', timeType: 'trans', from: today(), to: today() }, tok);
    expect(todays.body.data.list.map((d) => d.caseNo)).toEqual([fresh]);
    expect(
      (await list({ view: 'open', timeType: 'trans', from: paymentDay, to: yesterday }, tok)).body.data.list.map((d) => d.caseNo),
    ).toEqual([chargeback]);
    const refunds = await call<TListPage<TRefund>>(t.app, RefundPath.list, {
      token: tok,
      query: { timeType: 'trans', from: paymentDay, to: yesterday },
    });
    expect(refunds.body.data.list.map((r) => r.tradeNo)).toEqual([old.tradeNo]);
    expect(refunds.body.data.total).toBe(1);
  });
});
