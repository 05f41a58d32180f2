import { API_BASE } from '@mbo/shared/api-paths';
import { AppealStatus, PayStatus, TradeCategory, TradeType } from '@mbo/shared/trade-enums';
import { TRANSACTION_VIEW_DEFS, type TTransactionPage, type TTransactionView } from '@mbo/shared/transactions';
import { expect } from 'vitest';
import { createAdmin, createGateway, createMerchant, type GatewayRow, type MerchantRow } from './factories';
import { forTestFile } from './for-test-file';
import { call, signIn, type TestContext } from './helpers';
import { createTransaction, type TransactionRow } from './trade-factories';

/** What the transaction test files share: paths, calls, CSV reading and one merchant with a transaction per case. */

/** 12:00 in Shanghai on a March 2026 day (Shanghai is the default timezone of requests). */
export const at = (day: number, hour = 12) => Date.UTC(2026, 2, day, hour - 8, 0, 0);
export const RANGE = { from: '2026-03-01', to: '2026-03-31' };

export const listPath = (view: TTransactionView) => TRANSACTION_VIEW_DEFS[view].list;
export const detailPath = (view: TTransactionView, tradeNo: string) => TRANSACTION_VIEW_DEFS[view].detail.replace(':tradeNo', tradeNo);
const exportPath = (view: TTransactionView) => TRANSACTION_VIEW_DEFS[view].export;

export function list(
  t: TestContext,
  token: string,
  view: TTransactionView,
  query: Record<string, string> = {},
  lang?: 'en_US' | 'zh_CN' | 'zh_HK',
) {
  return call<TTransactionPage>(t.app, listPath(view), { token, query: { ...RANGE, ...query }, ...(lang ? { lang } : {}) });
}

export async function tradeNos(
  t: TestContext,
  token: string,
  view: TTransactionView,
  query: Record<string, string> = {},
): Promise<string[]> {
  const res = await list(t, token, view, { limit: '50', ...query });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data.list.map((r) => r.tradeNo).sort();
}

export function exportFile(
  t: TestContext,
  token: string,
  view: TTransactionView,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `${API_BASE}${exportPath(view)}`,
    headers: { 'x-auth-token': token, ...headers },
    payload: { ...RANGE, ...body },
  });
}

export function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((l) => l.length > 0)
    .map((l) => l.split(','));
}

export type World = {
  m: MerchantRow;
  usd: GatewayRow;
  eur: GatewayRow;
  token: string;
  tx: Record<string, TransactionRow>;
};

/** The world the transaction tests read, made in the file's app (testAppForFile) before the file's first test. */
export function worldForFile(t: TestContext): World {
  return forTestFile(
    () => makeWorld(t),
    () => Promise.resolve(),
    { m: true, usd: true, eur: true, token: true, tx: true },
  );
}

/** One merchant with two gateways and one transaction per interesting case. */
async function makeWorld(t: TestContext): Promise<World> {
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
