import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FundsPath, WithdrawalStatus, type TWithdrawal } from '@mbo/shared/funds';
import type { TListPage } from '@mbo/shared/list';
import { createAdmin, createGateway, createMerchant, type GatewayRow, type MerchantRow } from '../../../test/factories';
import { call, createTestApp, signIn, type TestContext } from '../../../test/helpers';
import { businessDay } from '../../platform/rollups';

/*
 * Each filter of the withdrawal list, and each combination a merchant uses, against a query of its own
 * on the withdrawals table: the rows of every page, followed by the cursor, must be exactly the rows
 * the filter describes. Rows are written straight into the table (the money path has its own tests),
 * spread over statuses, two gateways, two days and another merchant.
 */

let t: TestContext;
let merchant: MerchantRow;
let gateways: GatewayRow[];
let token: string;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  merchant = await createMerchant(t.db);
  gateways = [await createGateway(t.db, merchant), await createGateway(t.db, merchant)];
  token = await signIn(t.app, await createAdmin(t.db, merchant));
  const other = await createMerchant(t.db);
  const otherGateway = await createGateway(t.db, other);
  const now = t.clock.now();
  const statuses = Object.values(WithdrawalStatus);
  let n = 0;
  const row = (merchantId: number, gatewayId: number, status: number, createdAt: number) => ({
    withdrawal_no: `WF${String((n += 1)).padStart(6, '0')}`,
    merchant_id: merchantId,
    gateway_id: gatewayId,
    currency: 'USD',
    amount: 1_000 * n,
    fee: 100,
    received: 1_000 * n - 100,
    bank_account_id: null,
    bank_name: 'HSBC',
    bank_holder: 'Test Ltd',
    bank_account_no: '**** 2233',
    status,
    applicant: 'admin',
    applicant_admin_id: null,
    created_at: createdAt,
    processed_at: null,
  });
  const rows = [];
  for (let i = 0; i < 24; i += 1)
    rows.push(row(merchant.id, gateways[i % 2]!.id, statuses[i % statuses.length]!, now - (i % 3 === 0 ? DAY_MS : 0) - i * 1_000));
  rows.push(row(other.id, otherGateway.id, WithdrawalStatus.pending, now));
  await t.db.insertInto('withdrawals').values(rows).execute();
});
afterAll(async () => {
  await t.close();
});

/** Every withdrawal number the list shows for `query`, all pages, following the cursor alone. */
async function listed(query: Record<string, string>): Promise<string[]> {
  const numbers: string[] = [];
  let after: string | undefined;
  for (let i = 0; i < 20; i += 1) {
    const r = await call<TListPage<TWithdrawal>>(t.app, FundsPath.withdrawList, {
      token,
      query: { ...query, limit: '5', ...(after ? { after } : {}) },
    });
    expect(r.body.code, JSON.stringify(r.body)).toBe(0);
    numbers.push(...r.body.data.list.map((w) => w.withdrawalNo));
    if (r.body.data.nextCursor === null) return numbers;
    after = r.body.data.nextCursor;
  }
  throw new Error('more pages than rows');
}

/** The same rows by a query of the test's own. */
async function expected(f: { from: number; to: number; status?: number; withdrawalNo?: string; gatewayId?: number }) {
  const rows = await t.db
    .selectFrom('withdrawals')
    .select(['withdrawal_no', 'created_at', 'id'])
    .where('merchant_id', '=', merchant.id)
    .where('created_at', '>=', f.from)
    .where('created_at', '<', f.to)
    .$if(f.status !== undefined, (qb) => qb.where('status', '=', f.status ?? 0))
    .$if(f.withdrawalNo !== undefined, (qb) => qb.where('withdrawal_no', '=', f.withdrawalNo ?? ''))
    .$if(f.gatewayId !== undefined, (qb) => qb.where('gateway_id', '=', f.gatewayId ?? 0))
    .execute();
  return rows.sort((a, b) => b.created_at - a.created_at || b.id - a.id).map((r) => r.withdrawal_no);
}

describe('withdrawal list filters', () => {
  const today = () => businessDay(t.clock.now());
  const yesterday = () => businessDay(t.clock.now() - DAY_MS);
  // The business day in the caller's timezone (UTC+08:00 by default) as milliseconds.
  const dayRange = (from: string, to: string) => ({
    from: Date.parse(`${from}T00:00:00+08:00`),
    to: Date.parse(`${to}T00:00:00+08:00`) + DAY_MS,
  });

  it('the date range alone: today, yesterday, both', async () => {
    for (const [from, to] of [
      [today(), today()],
      [yesterday(), yesterday()],
      [yesterday(), today()],
    ] as const) {
      const want = await expected(dayRange(from, to));
      expect(want.length, `${from}..${to}`).toBeGreaterThan(0);
      expect(await listed({ from, to }), `${from}..${to}`).toEqual(want);
    }
  });

  it('each status, alone and with a gateway', async () => {
    const range = dayRange(yesterday(), today());
    for (const status of Object.values(WithdrawalStatus)) {
      const want = await expected({ ...range, status });
      expect(want.length, `status ${status}`).toBeGreaterThan(0);
      expect(await listed({ from: yesterday(), to: today(), status: String(status) }), `status ${status}`).toEqual(want);
      const g = gateways[1]!;
      expect(
        await listed({ from: yesterday(), to: today(), status: String(status), gatewayNo: g.gatewayNo }),
        `status ${status}, gateway ${g.gatewayNo}`,
      ).toEqual(await expected({ ...range, status, gatewayId: g.id }));
    }
  });

  it('a withdrawal number gives that withdrawal only; an unknown or another merchant’s number gives none', async () => {
    const range = dayRange(yesterday(), today());
    const all = await expected(range);
    for (const withdrawalNo of [all[0]!, all[7]!, all.at(-1)!]) {
      expect(await listed({ from: yesterday(), to: today(), withdrawalNo })).toEqual([withdrawalNo]);
    }
    expect(await listed({ from: yesterday(), to: today(), withdrawalNo: 'WF999999' })).toEqual([]);
    const foreign = await t.db
      .selectFrom('withdrawals')
      .select('withdrawal_no')
      .where('merchant_id', '!=', merchant.id)
      .executeTakeFirstOrThrow();
    expect(await listed({ from: yesterday(), to: today(), withdrawalNo: foreign.withdrawal_no })).toEqual([]);
  });

  it('a gateway number gives that gateway’s withdrawals only', async () => {
    const range = dayRange(yesterday(), today());
    for (const g of gateways) {
      expect(await listed({ from: yesterday(), to: today(), gatewayNo: g.gatewayNo })).toEqual(
        await expected({ ...range, gatewayId: g.id }),
      );
    }
  });
});
