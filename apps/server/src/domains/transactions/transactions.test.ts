import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import { AppealStatus, DisputeKind, PayStatus, ProcessingType, RefundProcessing, TradeCategory, TradeType } from '@mbo/shared/trade-enums';
import {
  TRANSACTION_COUNT_CAP,
  TRANSACTION_VIEW_DEFS,
  type TTransactionDetail,
  type TTransactionPage,
  type TTransactionView,
} from '@mbo/shared/transactions';
import { createAdmin, createGateway, createMerchant, createRole, type GatewayRow, type MerchantRow } from '../../../test/factories';
import { call, createTestApp, signIn, type TestContext } from '../../../test/helpers';
import { createTransaction, type TransactionRow } from '../../../test/trade-factories';
import { rebuildRollups } from '../../platform/rollups';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** 12:00 in Shanghai on a March 2026 day (Shanghai is the default timezone of requests). */
const at = (day: number, hour = 12) => Date.UTC(2026, 2, day, hour - 8, 0, 0);
const RANGE = { from: '2026-03-01', to: '2026-03-31' };

const listPath = (view: TTransactionView) => TRANSACTION_VIEW_DEFS[view].list;
const detailPath = (view: TTransactionView, tradeNo: string) => TRANSACTION_VIEW_DEFS[view].detail.replace(':tradeNo', tradeNo);
const exportPath = (view: TTransactionView) => TRANSACTION_VIEW_DEFS[view].export;

async function list(token: string, view: TTransactionView, query: Record<string, string> = {}, lang?: 'en_US' | 'zh_CN' | 'zh_HK') {
  return call<TTransactionPage>(t.app, listPath(view), { token, query: { ...RANGE, ...query }, ...(lang ? { lang } : {}) });
}

async function tradeNos(token: string, view: TTransactionView, query: Record<string, string> = {}): Promise<string[]> {
  const res = await list(token, view, { limit: '50', ...query });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data.list.map((r) => r.tradeNo).sort();
}

async function exportFile(token: string, view: TTransactionView, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `${API_BASE}${exportPath(view)}`,
    headers: { 'x-auth-token': token, ...headers },
    payload: { ...RANGE, ...body },
  });
}

function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((l) => l.length > 0)
    .map((l) => l.split(','));
}

type World = {
  m: MerchantRow;
  usd: GatewayRow;
  eur: GatewayRow;
  token: string;
  tx: Record<string, TransactionRow>;
};

/** One merchant with two gateways and one transaction per interesting case. */
async function makeWorld(): Promise<World> {
  const m = await createMerchant(t.db);
  const usd = await createGateway(t.db, m, { currency: 'USD' });
  const eur = await createGateway(t.db, m, { currency: 'EUR' });
  const owner = await createAdmin(t.db, m);
  const token = await signIn(t.app, owner);
  const tx: Record<string, TransactionRow> = {};
  tx.plain = await createTransaction(t.db, m, usd, { created_at: at(2), amount: 1050, email: 'alice@example.com', ip: '198.51.100.7' });
  tx.eur = await createTransaction(t.db, m, eur, {
    created_at: at(3),
    amount: 99_999,
    card_scheme: 'MASTERCARD',
    card_first6: '555555',
    card_last4: '4444',
    pay_status: PayStatus.failed,
    merchant_order_no: 'SHOP-EUR-1',
  });
  tx.preAuth = await createTransaction(t.db, m, usd, { created_at: at(4), trade_type: TradeType.preAuthorization, amount: 2000 });
  tx.flags = await createTransaction(t.db, m, usd, {
    created_at: at(5),
    amount: 3000,
    refund_status: 1,
    chargeback_status: 1,
    retrieval_status: 1,
    rdr_status: 1,
    ethoca_status: 1,
    appeal_status: AppealStatus.underAppeal,
    email: '=HYPERLINK("http://evil.example")',
  });
  tx.jpy = await createTransaction(t.db, m, usd, { created_at: at(6), currency: 'JPY', amount: 11 });
  tx.declined = await createTransaction(t.db, m, usd, { created_at: at(7), category: TradeCategory.riskDeclined, risk_rules: 'R101,R205' });
  tx.uncompleted = await createTransaction(t.db, m, usd, {
    created_at: at(8),
    category: TradeCategory.uncompleted,
    pay_status: PayStatus.unpaid,
  });
  tx.test = await createTransaction(t.db, m, usd, { created_at: at(9), category: TradeCategory.test });
  tx.counterfeit = await createTransaction(t.db, m, usd, { created_at: at(10), category: TradeCategory.counterfeit });
  // Outside the range (February) and processed late (entered 31 March, returned 2 April).
  // 20 Feb 20:00 UTC is already 21 Feb in Shanghai.
  tx.february = await createTransaction(t.db, m, usd, { created_at: Date.UTC(2026, 1, 20, 20) });
  tx.lateReturn = await createTransaction(t.db, m, usd, { created_at: at(31, 23), returned_at: Date.UTC(2026, 3, 2, 2) });
  return { m, usd, eur, token, tx };
}

let w: World;
beforeAll(async () => {
  w = await makeWorld();
});

describe('transaction lists: one per view', () => {
  it('each view shows only its own category (pre-authorization: formal trade type 2), newest first', async () => {
    const formal = await list(w.token, 'formal');
    expect(formal.body.code).toBe(0);
    expect(formal.body.data.list.map((r) => r.tradeNo)).toEqual(
      [w.tx.lateReturn, w.tx.jpy, w.tx.flags, w.tx.preAuth, w.tx.eur, w.tx.plain].map((x) => x!.tradeNo),
    );
    expect(formal.body.data.total).toBe(6);
    expect(formal.body.data.capped).toBe(false);
    expect(await tradeNos(w.token, 'preAuth')).toEqual([w.tx.preAuth!.tradeNo]);
    expect(await tradeNos(w.token, 'riskDeclined')).toEqual([w.tx.declined!.tradeNo]);
    expect(await tradeNos(w.token, 'uncompleted')).toEqual([w.tx.uncompleted!.tradeNo]);
    expect(await tradeNos(w.token, 'test')).toEqual([w.tx.test!.tradeNo]);
    expect(await tradeNos(w.token, 'counterfeit')).toEqual([w.tx.counterfeit!.tradeNo]);
  });

  it('a row carries the masked card, gateway number, amounts in minor units and, when declined, the failed rules', async () => {
    const res = await list(w.token, 'formal', { tradeNo: w.tx.eur!.tradeNo });
    expect(res.body.data.list[0]).toMatchObject({
      gatewayNo: w.eur.gatewayNo,
      cardMasked: '555555******4444',
      currency: 'EUR',
      amount: 99_999,
      payStatus: PayStatus.failed,
      merchantOrderNo: 'SHOP-EUR-1',
    });
    const declined = await list(w.token, 'riskDeclined');
    expect(declined.body.data.list[0]!.riskRules).toEqual(['R101', 'R205']);
    expect(JSON.stringify(res.body)).not.toMatch(/4111111111111111|5555555555554444/);
  });

  it('the processing time type filters on the return time', async () => {
    expect(await tradeNos(w.token, 'formal', { timeType: 'process', from: '2026-04-01', to: '2026-04-30' })).toEqual([
      w.tx.lateReturn!.tradeNo,
    ]);
    expect(await tradeNos(w.token, 'formal', { timeType: 'trade', from: '2026-04-01', to: '2026-04-30' })).toEqual([]);
  });

  it('dates are days in the caller timezone', async () => {
    // Entered 31 March 23:00 Shanghai = 31 March 15:00 UTC = 31 March 11:00 New York.
    const ny = await call<TTransactionPage>(t.app, listPath('formal'), {
      token: w.token,
      query: { from: '2026-03-31', to: '2026-03-31' },
      headers: { timezone: 'America/New_York' },
    });
    expect(ny.body.data.list.map((r) => r.tradeNo)).toEqual([w.tx.lateReturn!.tradeNo]);
    expect(await tradeNos(w.token, 'formal', { from: '2026-02-20', to: '2026-02-20' })).toEqual([]);
    expect(await tradeNos(w.token, 'formal', { from: '2026-02-21', to: '2026-02-21' })).toEqual([w.tx.february!.tradeNo]);
  });

  it('each filter narrows the list to the matching rows', async () => {
    const only = (x: TransactionRow | undefined) => [x!.tradeNo];
    const cases: [Record<string, string>, string[]][] = [
      [{ gatewayNo: w.eur.gatewayNo }, only(w.tx.eur)],
      [{ tradeNo: w.tx.plain!.tradeNo }, only(w.tx.plain)],
      [{ merchantOrderNo: 'SHOP-EUR-1' }, only(w.tx.eur)],
      [{ payStatus: String(PayStatus.failed) }, only(w.tx.eur)],
      [{ tradeType: String(TradeType.preAuthorization) }, only(w.tx.preAuth)],
      [{ cardScheme: 'MASTERCARD' }, only(w.tx.eur)],
      [{ currency: 'eur' }, only(w.tx.eur)],
      [{ email: 'alice@example.com' }, only(w.tx.plain)],
      [{ ip: '198.51.100.7' }, only(w.tx.plain)],
      [{ cardFirst6: '555555' }, only(w.tx.eur)],
      [{ cardLast4: '4444' }, only(w.tx.eur)],
      [{ refundStatus: '1' }, only(w.tx.flags)],
      [{ chargebackStatus: '1' }, only(w.tx.flags)],
      [{ retrievalStatus: '1' }, only(w.tx.flags)],
      [{ rdrStatus: '1' }, only(w.tx.flags)],
      [{ ethocaStatus: '1' }, only(w.tx.flags)],
      [{ appealStatus: String(AppealStatus.underAppeal) }, only(w.tx.flags)],
      [{ appealStatus: String(AppealStatus.success) }, []],
      // "10.5" is 1050 cents in USD and rounds up to 11 yen in JPY (compared in each row's own units).
      [{ amountMin: '10.5', amountMax: '11' }, [w.tx.jpy!.tradeNo, w.tx.plain!.tradeNo].sort()],
      [{ amountMin: '10.5', amountMax: '11', currency: 'USD' }, only(w.tx.plain)],
      // 10.50 JPY rounds inwards to nothing between 11 and 10 yen.
      [{ amountMin: '10.5', amountMax: '10.50', currency: 'JPY' }, []],
      [{ amountMin: '999.99' }, only(w.tx.eur)],
      [{ gatewayNo: '99999999999' }, []],
      // Blank values mean "no filter" (a cleared form field).
      [{ email: '', payStatus: '', tradeNo: w.tx.plain!.tradeNo }, only(w.tx.plain)],
    ];
    for (const [query, expected] of cases) {
      expect(await tradeNos(w.token, 'formal', query), JSON.stringify(query)).toEqual([...expected].sort());
    }
    const zero = await tradeNos(w.token, 'formal', { chargebackStatus: '0' });
    expect(zero).not.toContain(w.tx.flags!.tradeNo);
    expect(zero).toHaveLength(5);
  });

  it('pages by offset and by cursor give the same rows', async () => {
    const first = await list(w.token, 'formal', { limit: '2' });
    expect(first.body.data.list).toHaveLength(2);
    expect(first.body.data.nextCursor).toBe(first.body.data.list[1]!.cursor);
    const byOffset = await list(w.token, 'formal', { limit: '2', page: '2' });
    const byCursor = await list(w.token, 'formal', { limit: '2', page: '2', after: first.body.data.nextCursor! });
    expect(byCursor.body.data.list.map((r) => r.tradeNo)).toEqual(byOffset.body.data.list.map((r) => r.tradeNo));
    expect(byCursor.body.data.list).toHaveLength(2);
    const last = await list(w.token, 'formal', { limit: '2', page: '3' });
    expect(last.body.data.list).toHaveLength(2);
    expect(last.body.data.nextCursor).toBeNull();
  });
});

describe('transaction list validation', () => {
  it('a 7-month range is refused with a translated message in each language', async () => {
    const q = { from: '2026-01-01', to: '2026-07-31' };
    const en = await list(w.token, 'formal', q, 'en_US');
    const cn = await list(w.token, 'formal', q, 'zh_CN');
    const hk = await list(w.token, 'formal', q, 'zh_HK');
    for (const r of [en, cn, hk]) {
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(ErrorCode.validation);
    }
    expect(en.body.msg).toBe('End date: The date range must not exceed 6 months');
    expect(cn.body.msg).toContain('查询时间范围不能超过 6 个月');
    expect(hk.body.msg).toContain('查詢時間範圍不能超過 6 個月');
  });

  it('an unknown enum value names the field in each language', async () => {
    const en = await list(w.token, 'formal', { payStatus: '9' }, 'en_US');
    const cn = await list(w.token, 'formal', { payStatus: '9' }, 'zh_CN');
    const hk = await list(w.token, 'formal', { cardScheme: 'DINERS' }, 'zh_HK');
    expect(en.body.code).toBe(ErrorCode.validation);
    expect(en.body.msg).toContain('Payment status');
    expect(cn.body.msg).toContain('支付状态');
    expect(hk.body.msg).toContain('卡種');
  });

  it('bad dates, reversed amounts, huge pages and limits, bad cursors: clear errors, never a 5xx', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ from: '2026-02-30' }, 'Start date'],
      [{ from: 'yesterday' }, 'Start date'],
      [{ to: '2026-02-01' }, 'End date'],
      [{ amountMin: '20', amountMax: '10' }, 'The maximum amount must not be less than the minimum amount'],
      [{ amountMin: '1.234' }, 'Minimum amount: Enter a valid amount'],
      [{ page: '100001' }, 'Page'],
      [{ limit: '51' }, '50'],
      [{ after: '12;drop' }, 'Page position'],
      [{ timeType: 'refundApply' }, 'Time type'],
    ];
    for (const [query, text] of cases) {
      const res = await list(w.token, 'formal', query, 'en_US');
      expect(res.status, JSON.stringify(query)).toBe(200);
      expect(res.body.code, JSON.stringify(query)).toBe(ErrorCode.validation);
      expect(res.body.msg, JSON.stringify(query)).toContain(text);
    }
  });
});

describe('scope and permissions', () => {
  it('another merchant sees none of these transactions, in lists or details', async () => {
    const other = await createMerchant(t.db);
    await createGateway(t.db, other);
    const otherToken = await signIn(t.app, await createAdmin(t.db, other));
    expect(await tradeNos(otherToken, 'formal')).toEqual([]);
    const res = await call(t.app, detailPath('formal', w.tx.plain!.tradeNo), { token: otherToken, lang: 'en_US' });
    expect(res.body.code).toBe(ErrorCode.notFound);
  });

  it('an admin limited to one gateway sees only it in list, detail and export', async () => {
    const role = await createRole(t.db, w.m, { permissions: ['/merTradeMgr/initTradeRecordPage', 'TradeRecord:Downloads'] });
    const limited = await signIn(t.app, await createAdmin(t.db, w.m, { roleId: role.id, gateways: [w.eur] }));
    expect(await tradeNos(limited, 'formal')).toEqual([w.tx.eur!.tradeNo]);
    expect(await tradeNos(limited, 'formal', { gatewayNo: w.usd.gatewayNo })).toEqual([]);
    const hidden = await call(t.app, detailPath('formal', w.tx.plain!.tradeNo), { token: limited });
    expect(hidden.body.code).toBe(ErrorCode.notFound);
    const seen = await call<TTransactionDetail>(t.app, detailPath('formal', w.tx.eur!.tradeNo), { token: limited });
    expect(seen.body.code).toBe(0);
    const file = await exportFile(limited, 'formal', { format: 'csv' });
    const rows = csvRows(file.body);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(w.tx.eur!.tradeNo);
  });

  it('each view needs its own menu; export needs the Downloads operation (403 without it)', async () => {
    const role = await createRole(t.db, w.m, { permissions: ['/merTradeMgr/initTradeRecordPage'] });
    const member = await signIn(t.app, await createAdmin(t.db, w.m, { roleId: role.id }));
    expect((await list(member, 'formal')).body.code).toBe(0);
    const other = await list(member, 'test');
    expect(other.status).toBe(403);
    const file = await exportFile(member, 'formal', { format: 'csv' });
    expect(file.statusCode).toBe(403);
    expect(file.json<{ code: number }>().code).toBe(ErrorCode.forbidden);
  });

  it('a detail is only found under its own view', async () => {
    const res = await call(t.app, detailPath('test', w.tx.plain!.tradeNo), { token: w.token });
    expect(res.body.code).toBe(ErrorCode.notFound);
    const preAuth = await call(t.app, detailPath('preAuth', w.tx.preAuth!.tradeNo), { token: w.token });
    expect(preAuth.body.code).toBe(0);
  });
});

describe('transaction detail', () => {
  it('groups every field, masks the card, computes the refundable amount and orders the timeline', async () => {
    const tx = await createTransaction(t.db, w.m, w.usd, {
      created_at: at(12),
      submitted_at: at(12) + 2_000,
      returned_at: at(12) + 5_000,
      amount: 10_000,
      refunded_amount: 2_000,
      refund_pending_amount: 1_500,
      card_first6: '400000',
      card_last4: '0002',
      shipping_country: 'GB',
      issuer_name: 'Example Bank',
      trade_url: 'https://shop.example',
    });
    const applied = at(13);
    await t.db
      .insertInto('refunds')
      .values([
        {
          merchant_id: w.m.id,
          gateway_id: w.usd.id,
          transaction_id: tx.id,
          refund_no: `R-${tx.tradeNo}-1`,
          refund_type: 1,
          method: 2,
          source: 1,
          dispute_id: null,
          currency: 'USD',
          amount: 2_000,
          settle_amount: 2_000,
          available_amount: 10_000,
          reason: 'damaged',
          applicant: 'owner',
          applicant_admin_id: null,
          status: RefundProcessing.refunded,
          applied_at: applied,
          processed_at: at(14),
        },
        {
          merchant_id: w.m.id,
          gateway_id: w.usd.id,
          transaction_id: tx.id,
          refund_no: `R-${tx.tradeNo}-2`,
          refund_type: 1,
          method: 2,
          source: 1,
          dispute_id: null,
          currency: 'USD',
          amount: 1_500,
          settle_amount: 1_500,
          available_amount: 8_000,
          reason: 'late',
          applicant: 'owner',
          applicant_admin_id: null,
          status: RefundProcessing.pendingReview,
          applied_at: at(16),
          processed_at: null,
        },
      ])
      .execute();
    await t.db
      .insertInto('disputes')
      .values([
        {
          merchant_id: w.m.id,
          gateway_id: w.usd.id,
          transaction_id: tx.id,
          case_no: `CB-${tx.tradeNo}`,
          kind: DisputeKind.chargeback,
          processing_type: ProcessingType.chargeback,
          currency: 'USD',
          amount: 5_000,
          settle_amount: 5_000,
          reply_deadline: at(25),
          appeal_status: AppealStatus.underAppeal,
          appealed_at: at(17),
          decided_at: null,
          refund_id: null,
          reminded_5d_at: null,
          reminded_24h_at: null,
          created_at: at(15),
          updated_at: at(17),
        },
        {
          merchant_id: w.m.id,
          gateway_id: w.usd.id,
          transaction_id: tx.id,
          case_no: `FR-${tx.tradeNo}`,
          kind: DisputeKind.fraudReport,
          processing_type: ProcessingType.chargeback,
          currency: 'USD',
          amount: 5_000,
          settle_amount: 5_000,
          reply_deadline: null,
          appeal_status: AppealStatus.none,
          appealed_at: null,
          decided_at: null,
          refund_id: null,
          reminded_5d_at: null,
          reminded_24h_at: null,
          created_at: at(15),
          updated_at: at(15),
        },
      ])
      .execute();

    const res = await call<TTransactionDetail>(t.app, detailPath('formal', tx.tradeNo), { token: w.token });
    expect(res.body.code).toBe(0);
    const d = res.body.data;
    expect(d.order).toMatchObject({ tradeNo: tx.tradeNo, gatewayNo: w.usd.gatewayNo, tradeUrl: 'https://shop.example' });
    expect(d.payment).toMatchObject({ cardMasked: '400000******0002', amount: 10_000, refundedAmount: 2_000, refundPendingAmount: 1_500 });
    expect(d.shipping.country).toBe('GB');
    expect(d.risk.issuerName).toBe('Example Bank');
    expect(d.cardholder.name).toBe('Test Buyer');
    expect(d.refundable).toBe(6_500);
    expect(d.timeline.map((e) => e.event)).toEqual([
      'entered',
      'submitted',
      'returned',
      'refundApplied',
      'refundProcessed',
      'disputeArrived',
      'refundApplied',
      'appealed',
      'disputeDeadline',
    ]);
    expect(d.timeline[3]).toMatchObject({ ref: `R-${tx.tradeNo}-1`, amount: 2_000, currency: 'USD', status: RefundProcessing.refunded });
    expect(d.timeline[5]).toMatchObject({ ref: `CB-${tx.tradeNo}`, disputeKind: DisputeKind.chargeback });
    expect(JSON.stringify(d)).not.toContain(`FR-${tx.tradeNo}`);
  });

  it('nothing is refundable on a failed payment', async () => {
    const res = await call<TTransactionDetail>(t.app, detailPath('formal', w.tx.eur!.tradeNo), { token: w.token });
    expect(res.body.data.refundable).toBeNull();
  });
});

describe('transaction export', () => {
  it('CSV: BOM, headers in the caller language, masked card, major amounts, formula cells neutralised, dated file name', async () => {
    const res = await exportFile(w.token, 'formal', { format: 'csv' }, { lang: 'en_US' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''transactions_2026-03-01_2026-03-31.csv");
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = csvRows(res.body);
    expect(rows[0]).toContain('Transaction order number');
    expect(rows[0]).toContain('Amount');
    const plain = rows.find((r) => r.includes(w.tx.plain!.tradeNo))!;
    expect(plain).toContain('411111******1111');
    expect(plain).toContain('10.50');
    expect(plain).toContain('Success');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const cn = await exportFile(w.token, 'formal', { format: 'csv' }, { lang: 'zh_CN' });
    expect(csvRows(cn.body)[0]).toContain('交易订单号');
  });

  it('the export row count equals the list total for the same filters', async () => {
    for (const filters of [{}, { payStatus: '1' }, { chargebackStatus: '0' }, { amountMin: '10' }]) {
      const listed = await list(w.token, 'formal', filters as Record<string, string>);
      const file = await exportFile(w.token, 'formal', { format: 'csv', ...filters });
      expect(csvRows(file.body).length - 1, JSON.stringify(filters)).toBe(listed.body.data.total);
    }
  });

  it('keeps every row across several keyset batches', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m);
    const token = await signIn(t.app, await createAdmin(t.db, m));
    // Same second for many rows: the id breaks ties so no row is skipped or repeated between batches.
    for (let i = 0; i < 2_050; i += 1) await createTransaction(t.db, m, g, { created_at: at(20) + (i % 3) * 1000 });
    const listed = await list(token, 'formal');
    expect(listed.body.data.total).toBe(2_050);
    const file = await exportFile(token, 'formal', { format: 'csv' });
    const rows = csvRows(file.body).slice(1);
    expect(rows).toHaveLength(2_050);
    expect(new Set(rows.map((r) => r[1])).size).toBe(2_050);
  }, 60_000);

  it('XLSX is a workbook that reads back with the same rows', async () => {
    const res = await exportFile(w.token, 'riskDeclined', { format: 'xlsx' }, { lang: 'en_US' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('risk-declined_2026-03-01_2026-03-31.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Failed risk rules');
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row).toContain(w.tx.declined!.tradeNo);
    expect(row).toContain('R101,R205');
  });

  it('an unknown format or a bad range is refused as JSON before any file starts', async () => {
    const bad = await exportFile(w.token, 'formal', { format: 'pdf' }, { lang: 'en_US' });
    expect(bad.json<{ code: number; msg: string }>()).toMatchObject({ code: ErrorCode.validation });
    const long = await exportFile(w.token, 'formal', { format: 'csv', from: '2026-01-01', to: '2026-12-01' }, { lang: 'en_US' });
    expect(long.json<{ msg: string }>().msg).toContain('6 months');
  });
});

describe('count cap', () => {
  it('stops counting at the cap and says so', async () => {
    expect(TRANSACTION_COUNT_CAP).toBe(10_000);
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m);
    const token = await signIn(t.app, await createAdmin(t.db, m));
    const rows = Array.from({ length: TRANSACTION_COUNT_CAP + 5 }, (_, i) => ({
      merchant_id: m.id,
      gateway_id: g.id,
      category: TradeCategory.formal,
      trade_no: `CAP${m.id}-${i}`,
      merchant_order_no: `CAP-${i}`,
      trade_type: TradeType.consumption,
      pay_status: PayStatus.success,
      card_scheme: 'VISA',
      card_first6: '411111',
      card_last4: '1111',
      currency: 'USD',
      amount: 100,
      settle_currency: 'USD',
      settle_amount: 100,
      created_at: at(15) + i,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.db
        .insertInto('transactions')
        .values(rows.slice(i, i + 500))
        .execute();
    // Loaded in bulk like the generator does: the daily rollups are rebuilt afterwards.
    await rebuildRollups(t.db, m.id);
    // A filter the rollups cannot answer: rows are counted, up to the cap.
    const filtered = await list(token, 'formal', { payStatus: String(PayStatus.success) });
    expect(filtered.body.data).toMatchObject({ total: TRANSACTION_COUNT_CAP, capped: true });
    // The plain list in a UTC+08:00 timezone: the exact total, from the daily rollups.
    const plain = await list(token, 'formal');
    expect(plain.body.data).toMatchObject({ total: TRANSACTION_COUNT_CAP + 5, capped: false });
    // In another timezone the days are not business days: counted, capped.
    const london = await call(t.app, listPath('formal'), { token, query: RANGE, headers: { timezone: 'Europe/London' } });
    expect(london.body.data).toMatchObject({ total: TRANSACTION_COUNT_CAP, capped: true });
    const narrow = await list(token, 'formal', { from: '2026-03-15', to: '2026-03-15', merchantOrderNo: 'CAP-7' });
    expect(narrow.body.data).toMatchObject({ total: 1, capped: false });
  }, 60_000);
});
