import { expect } from 'vitest';
import { createAdmin, createGateway, createMerchant, type GatewayRow, type MerchantRow } from './factories';
import { signIn, type TestContext } from './helpers';
import { createTransaction } from './trade-factories';
import { DEFAULT_CONFIG, setConfig } from '../src/domains/funds/config';
import { readBalances, verifyLedger } from '../src/domains/funds/ledger';
import { runSettlement } from '../src/domains/funds/settlement';

/*
 * Merchants with money on their gateway, for the funds tests (funds.test.ts: withdrawals; settlement.test.ts:
 * settlement and the ledger).
 */

/** Monday 2 March 2026, 12:00 in UTC+08:00. */
export const MONDAY_NOON = Date.UTC(2026, 2, 2, 4);
const MONDAY = '2026-03-02';

export type Funded = { merchant: MerchantRow; gateway: GatewayRow; token: string; bankId: number; tradeNo: string };

/** A bank account on file of the merchant (the default one with isDefault 1). */
export async function addBank(t: TestContext, merchantId: number, isDefault: 0 | 1, no = '6222020200112233') {
  const r = await t.db
    .insertInto('merchant_bank_accounts')
    .values({
      merchant_id: merchantId,
      bank_name: 'HSBC',
      holder: 'Test Ltd',
      account_no: no,
      currency: 'USD',
      is_default: isDefault,
      created_at: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/**
 * A merchant whose USD gateway has exactly `available` minor units available: no fee, no reserve,
 * T+0, one captured payment settled on its own day. Withdrawal fee 1.00, minimum 10.00.
 */
export async function funded(t: TestContext, available: number, o: { refundFee?: number } = {}): Promise<Funded> {
  const merchant = await createMerchant(t.db);
  const gateway = await createGateway(t.db, merchant);
  await setConfig(
    t.db,
    merchant.id,
    gateway.id,
    {
      ...DEFAULT_CONFIG,
      feeBp: 0,
      feeFixed: 0,
      reserveBp: 0,
      cycleDays: 0,
      refundFee: o.refundFee ?? 0,
      withdrawalFee: 100,
      minWithdrawal: 1_000,
    },
    MONDAY_NOON,
  );
  const admin = await createAdmin(t.db, merchant, { isOwner: true });
  const token = await signIn(t.app, admin);
  await addBank(t, merchant.id, 0, '6222000000000001');
  const bankId = await addBank(t, merchant.id, 1);
  const trade = await createTransaction(t.db, merchant, gateway, { amount: available, created_at: MONDAY_NOON });
  await runSettlement(t.db, MONDAY, MONDAY_NOON + 3_600_000, merchant.id);
  const b = await readBalances(t.db, { merchantId: merchant.id, gatewayId: gateway.id, currency: 'USD' });
  expect(b.available).toBe(available);
  return { merchant, gateway, token, bankId, tradeNo: trade.tradeNo };
}

/** The ledger agrees with itself: balanced transactions, balances that are the sums of their entries. */
export async function expectLedgerOk(t: TestContext) {
  const r = await verifyLedger(t.db);
  expect(r.problems).toEqual([]);
}
