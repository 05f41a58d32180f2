import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@mbo/shared/envelope';
import { LIST_COUNT_CAP } from '@mbo/shared/list';
import { AppealStatus, PayStatus, TradeCategory, TradeType } from '@mbo/shared/trade-enums';
import type { TTransactionDetail, TTransactionPage } from '@mbo/shared/transactions';
import { createAdmin, createGateway, createMerchant, createRole } from '../../../test/factories';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import type { TransactionRow } from '../../../test/trade-factories';
import { at, csvRows, detailPath, exportFile, list, listPath, worldForFile, RANGE, tradeNos } from '../../../test/transaction-world';
import { COUNT_SCAN } from '../../platform/list';
import { rebuildRollups } from '../../platform/rollups';

const t = testAppForFile();
const w = worldForFile(t);

describe('transaction lists: one per view', () => {
  it('each view shows only its own category (pre-authorization: formal trade type 2), newest first', async () => {
    const formal = await list(t, w.token, 'formal');
    expect(formal.body.code).toBe(0);
    expect(formal.body.data.list.map((r) => r.tradeNo)).toEqual(
      [w.tx.lateReturn, w.tx.jpy, w.tx.flags, w.tx.preAuth, w.tx.eur, w.tx.plain].map((x) => x!.tradeNo),
    );
    expect(formal.body.data.total).toBe(6);
    expect(formal.body.data.capped).toBe(false);
    expect(await tradeNos(t, w.token, 'preAuth')).toEqual([w.tx.preAuth!.tradeNo]);
    expect(await tradeNos(t, w.token, 'riskDeclined')).toEqual([w.tx.declined!.tradeNo]);
    expect(await tradeNos(t, w.token, 'uncompleted')).toEqual([w.tx.uncompleted!.tradeNo]);
    expect(await tradeNos(t, w.token, 'test')).toEqual([w.tx.test!.tradeNo]);
    expect(await tradeNos(t, w.token, 'counterfeit')).toEqual([w.tx.counterfeit!.tradeNo]);
  });

  it('a row carries the masked card, gateway number, amounts in minor units and, when declined, the failed rules', async () => {
    const res = await list(t, w.token, 'formal', { tradeNo: w.tx.eur!.tradeNo });
    expect(res.body.data.list[0]).toMatchObject({
      gatewayNo: w.eur.gatewayNo,
      cardMasked: '555555******4444',
      currency: 'EUR',
      amount: 99_999,
      payStatus: PayStatus.failed,
      merchantOrderNo: 'SHOP-EUR-1',
    });
    const declined = await list(t, w.token, 'riskDeclined');
    expect(declined.body.data.list[0]!.riskRules).toEqual(['R101', 'R205']);
    expect(JSON.stringify(res.body)).not.toMatch(/4111111111111111|5555555555554444/);
  });

  it('the processing time type filters on the return time', async () => {
    expect(await tradeNos(t, w.token, 'formal', { timeType: 'process', from: '2026-04-01', to: '2026-04-30' })).toEqual([
      w.tx.lateReturn!.tradeNo,
    ]);
    expect(await tradeNos(t, w.token, 'formal', { timeType: 'trade', from: '2026-04-01', to: '2026-04-30' })).toEqual([]);
  });

  it('dates are days in the caller timezone', async () => {
    // Entered 31 March 23:00 Shanghai = 31 March 15:00 UTC = 31 March 11:00 New York.
    const ny = await call<TTransactionPage>(t.app, listPath('formal'), {
      token: w.token,
      query: { from: '2026-03-31', to: '2026-03-31' },
      headers: { timezone: 'America/New_York' },
    });
    expect(ny.body.data.list.map((r) => r.tradeNo)).toEqual([w.tx.lateReturn!.tradeNo]);
    expect(await tradeNos(t, w.token, 'formal', { from: '2026-02-20', to: '2026-02-20' })).toEqual([]);
    expect(await tradeNos(t, w.token, 'formal', { from: '2026-02-21', to: '2026-02-21' })).toEqual([w.tx.february!.tradeNo]);
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
      expect(await tradeNos(t, w.token, 'formal', query), JSON.stringify(query)).toEqual([...expected].sort());
    }
    const zero = await tradeNos(t, w.token, 'formal', { chargebackStatus: '0' });
    expect(zero).not.toContain(w.tx.flags!.tradeNo);
    expect(zero).toHaveLength(5);
  });

  it('pages by offset and by cursor give the same rows', async () => {
    const first = await list(t, w.token, 'formal', { limit: '2' });
    expect(first.body.data.list).toHaveLength(2);
    // The cursor is the last row's position: its time (epoch ms) and id.
    expect(first.body.data.nextCursor).toMatch(new RegExp(`^${Date.parse(first.body.data.list[1]!.createdAt)}_\\d+$`));
    const byOffset = await list(t, w.token, 'formal', { limit: '2', page: '2' });
    const byCursor = await list(t, w.token, 'formal', { limit: '2', page: '2', after: first.body.data.nextCursor! });
    expect(byCursor.body.data.list.map((r) => r.tradeNo)).toEqual(byOffset.body.data.list.map((r) => r.tradeNo));
    expect(byCursor.body.data.list).toHaveLength(2);
    const last = await list(t, w.token, 'formal', { limit: '2', page: '3' });
    expect(last.body.data.list).toHaveLength(2);
    expect(last.body.data.nextCursor).toBeNull();
  });
});

describe('transaction list validation', () => {
  it('a 7-month range is refused with a translated message in each language', async () => {
    const q = { from: '2026-01-01', to: '2026-07-31' };
    const en = await list(t, w.token, 'formal', q, 'en_US');
    const cn = await list(t, w.token, 'formal', q, 'zh_CN');
    const hk = await list(t, w.token, 'formal', q, 'zh_HK');
    for (const r of [en, cn, hk]) {
      expect(r.status).toBe(200);
      expect(r.body.code).toBe(ErrorCode.validation);
    }
    expect(en.body.msg).toBe('End date: The date range must not exceed 6 months');
    expect(cn.body.msg).toContain('查询时间范围不能超过 6 个月');
    expect(hk.body.msg).toContain('查詢時間範圍不能超過 6 個月');
  });

  it('an unknown enum value names the field in each language', async () => {
    const en = await list(t, w.token, 'formal', { payStatus: '9' }, 'en_US');
    const cn = await list(t, w.token, 'formal', { payStatus: '9' }, 'zh_CN');
    const hk = await list(t, w.token, 'formal', { cardScheme: 'DINERS' }, 'zh_HK');
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
      [{ amountMin: '1.234' }, 'Minimum amount: '],
      [{ page: '100001' }, 'Page'],
      [{ limit: '51' }, '50'],
      [{ after: '12;drop' }, 'Page position'],
      [{ timeType: 'refundApply' }, 'Time type'],
    ];
    for (const [query, text] of cases) {
      const res = await list(t, w.token, 'formal', query, 'en_US');
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
    expect(await tradeNos(t, otherToken, 'formal')).toEqual([]);
    const res = await call(t.app, detailPath('formal', w.tx.plain!.tradeNo), { token: otherToken, lang: 'en_US' });
    expect(res.body.code).toBe(ErrorCode.notFound);
  });

  it('an admin limited to one gateway sees only it in list, detail and export', async () => {
    const role = await createRole(t.db, w.m, { permissions: ['/merTradeMgr/initTradeRecordPage', 'TradeRecord:Downloads'] });
    const limited = await signIn(t.app, await createAdmin(t.db, w.m, { roleId: role.id, gateways: [w.eur] }));
    expect(await tradeNos(t, limited, 'formal')).toEqual([w.tx.eur!.tradeNo]);
    expect(await tradeNos(t, limited, 'formal', { gatewayNo: w.usd.gatewayNo })).toEqual([]);
    const hidden = await call(t.app, detailPath('formal', w.tx.plain!.tradeNo), { token: limited });
    expect(hidden.body.code).toBe(ErrorCode.notFound);
    const seen = await call<TTransactionDetail>(t.app, detailPath('formal', w.tx.eur!.tradeNo), { token: limited });
    expect(seen.body.code).toBe(0);
    const file = await exportFile(t, limited, 'formal', { format: 'csv' });
    const rows = csvRows(file.body);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(w.tx.eur!.tradeNo);
  });

  it('each view needs its own menu; export needs the Downloads operation (403 without it)', async () => {
    const role = await createRole(t.db, w.m, { permissions: ['/merTradeMgr/initTradeRecordPage'] });
    const member = await signIn(t.app, await createAdmin(t.db, w.m, { roleId: role.id }));
    expect((await list(t, member, 'formal')).body.code).toBe(0);
    const other = await list(t, member, 'test');
    expect(other.status).toBe(403);
    const file = await exportFile(t, member, 'formal', { format: 'csv' });
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

/** `count` formal USD payments on 2026-03-15, one millisecond apart, of the amounts given (minor units). */
function payments(merchantId: number, gatewayId: number, prefix: string, count: number, amount: (i: number) => number) {
  return Array.from({ length: count }, (_, i) => ({
    merchant_id: merchantId,
    gateway_id: gatewayId,
    category: TradeCategory.formal,
    trade_no: `${prefix}${merchantId}-${i}`,
    merchant_order_no: `${prefix}-${i}`,
    trade_type: TradeType.consumption,
    pay_status: PayStatus.success,
    card_scheme: 'VISA',
    card_first6: '411111',
    card_last4: '1111',
    currency: 'USD',
    amount: amount(i),
    settle_currency: 'USD',
    settle_amount: 100,
    created_at: at(15) + i,
  }));
}

describe('count cap', () => {
  it('stops counting at the cap and says so', async () => {
    expect(LIST_COUNT_CAP).toBe(10_000);
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m);
    const token = await signIn(t.app, await createAdmin(t.db, m));
    const rows = payments(m.id, g.id, 'CAP', LIST_COUNT_CAP + 5, () => 100);
    for (let i = 0; i < rows.length; i += 500)
      await t.db
        .insertInto('transactions')
        .values(rows.slice(i, i + 500))
        .execute();
    // Loaded in bulk like the generator does: the daily rollups are rebuilt afterwards.
    await rebuildRollups(t.db, m.id);
    // A filter the rollups cannot answer: rows are counted, up to the cap.
    const filtered = await list(t, token, 'formal', { payStatus: String(PayStatus.success) });
    expect(filtered.body.data).toMatchObject({ total: LIST_COUNT_CAP, capped: true });
    // The plain list in a UTC+08:00 timezone: the exact total, from the daily rollups.
    const plain = await list(t, token, 'formal');
    expect(plain.body.data).toMatchObject({ total: LIST_COUNT_CAP + 5, capped: false });
    // In another timezone the days are not business days: counted, capped.
    const london = await call(t.app, listPath('formal'), { token, query: RANGE, headers: { timezone: 'Europe/London' } });
    expect(london.body.data).toMatchObject({ total: LIST_COUNT_CAP, capped: true });
    const narrow = await list(t, token, 'formal', { from: '2026-03-15', to: '2026-03-15', merchantOrderNo: 'CAP-7' });
    expect(narrow.body.data).toMatchObject({ total: 1, capped: false });
  });

  it('a minimum amount over many rows says "more than N" at once; the last page and a short range are exact', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m);
    const token = await signIn(t.app, await createAdmin(t.db, m));
    // 30 payments on 2026-03-15, every other one of 50.00 USD (15 match a minimum of 20), the rest of 1.00.
    const rows = payments(m.id, g.id, 'SCAN', 30, (i) => (i % 2 === 0 ? 5000 : 100));
    await t.db.insertInto('transactions').values(rows).execute();
    await rebuildRollups(t.db, m.id);
    const kept = COUNT_SCAN.rows;
    COUNT_SCAN.rows = 10;
    try {
      const first = await list(t, token, 'formal', { amountMin: '20', limit: '4' });
      expect(first.body.data.list).toHaveLength(4);
      expect(first.body.data.capped).toBe(true);
      expect(first.body.data.total).toBeGreaterThanOrEqual(4);
      expect(first.body.data.total).toBeLessThan(15);
      // The last page (rows 13 to 15) knows the whole count.
      const last = await list(t, token, 'formal', { amountMin: '20', limit: '4', page: '4' });
      expect(last.body.data).toMatchObject({ total: 15, capped: false });
      expect(last.body.data.list).toHaveLength(3);
      // Fewer rows in the range than the scan reads: exact.
      COUNT_SCAN.rows = 1_000;
      const exact = await list(t, token, 'formal', { amountMin: '20', limit: '4' });
      expect(exact.body.data).toMatchObject({ total: 15, capped: false });
    } finally {
      COUNT_SCAN.rows = kept;
    }
  });
});
