import { SettleType } from '@mbo/shared/funds';
import type { DbOrTrx } from '../../db/database';

/**
 * Settlement configuration of a merchant's gateway (README.md). A gateway without a row uses the
 * defaults below, with the merchant's deduction rate as the per-transaction fee. Amounts are minor units
 * of the gateway's settlement currency; the defaults are the same minor-unit numbers in every currency
 * (15.00 USD, 1500 JPY), which keeps them sensible for 0-decimal currencies too.
 */
export type SettlementConfig = {
  settleType: number;
  cycleDays: number;
  reserveBp: number;
  reserveDays: number;
  feeBp: number;
  feeFixed: number;
  refundFee: number;
  chargebackFee: number;
  rdrFee: number;
  ethocaFee: number;
  withdrawalFee: number;
  minWithdrawal: number;
};

/** Per-transaction fee rate of a merchant without a deduction rate of its own (2.50 %). */
export const DEFAULT_FEE_BP = 250;

export const DEFAULT_CONFIG: Omit<SettlementConfig, 'feeBp'> = {
  settleType: SettleType.daily,
  cycleDays: 5,
  reserveBp: 500,
  reserveDays: 180,
  feeFixed: 30,
  refundFee: 50,
  chargebackFee: 1500,
  rdrFee: 1000,
  ethocaFee: 1000,
  withdrawalFee: 500,
  minWithdrawal: 10_000,
};

export async function getConfig(db: DbOrTrx, merchantId: number, gatewayId: number): Promise<SettlementConfig> {
  const row = await db
    .selectFrom('settlement_configs')
    .selectAll()
    .where('merchant_id', '=', merchantId)
    .where('gateway_id', '=', gatewayId)
    .executeTakeFirst();
  if (row)
    return {
      settleType: row.settle_type,
      cycleDays: row.cycle_days,
      reserveBp: row.reserve_bp,
      reserveDays: row.reserve_days,
      feeBp: row.fee_bp,
      feeFixed: Number(row.fee_fixed),
      refundFee: Number(row.refund_fee),
      chargebackFee: Number(row.chargeback_fee),
      rdrFee: Number(row.rdr_fee),
      ethocaFee: Number(row.ethoca_fee),
      withdrawalFee: Number(row.withdrawal_fee),
      minWithdrawal: Number(row.min_withdrawal),
    };
  const m = await db.selectFrom('merchants').select('deduction_rate_bp').where('id', '=', merchantId).executeTakeFirst();
  return { ...DEFAULT_CONFIG, feeBp: m?.deduction_rate_bp ?? DEFAULT_FEE_BP };
}

/** Writes a gateway's whole configuration (the operator command sets what it is given over the current one). */
export async function setConfig(db: DbOrTrx, merchantId: number, gatewayId: number, c: SettlementConfig, now: number): Promise<void> {
  const values = {
    settle_type: c.settleType,
    cycle_days: c.cycleDays,
    reserve_bp: c.reserveBp,
    reserve_days: c.reserveDays,
    fee_bp: c.feeBp,
    fee_fixed: c.feeFixed,
    refund_fee: c.refundFee,
    chargeback_fee: c.chargebackFee,
    rdr_fee: c.rdrFee,
    ethoca_fee: c.ethocaFee,
    withdrawal_fee: c.withdrawalFee,
    min_withdrawal: c.minWithdrawal,
    updated_at: now,
  };
  await db
    .insertInto('settlement_configs')
    .values({ merchant_id: merchantId, gateway_id: gatewayId, ...values })
    .onConflict((oc) => oc.columns(['merchant_id', 'gateway_id']).doUpdateSet(values))
    .execute();
}

/** Basis points of an amount, rounded half up (integers only). */
export function bpOf(amount: number, bp: number): number {
  return Number((BigInt(amount) * BigInt(bp) + 5_000n) / 10_000n);
}
