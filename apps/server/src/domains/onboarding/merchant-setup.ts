import { GatewayStatus } from '@mbo/shared/gateways';
import type { TKycBank } from '@mbo/shared/kyc';
import type { Db, DbOrTrx, Trx } from '../../db/database';
import { noteOperation } from '../../platform/operation-log';
import { DEFAULT_CONFIG, DEFAULT_FEE_BP, setConfig } from '../funds/config';
import { linkMethodsOf } from '../links/service';

/*
 * What an approved merchant needs to work (issue 52 §2), as the demo merchants have it: an enabled
 * gateway whose services name card schemes (payment links and the gateway's payments need them), a
 * settlement configuration (the funds defaults; a deduction rate of 2.50 % unless the merchant has one) and a bank account
 * to withdraw to, taken from the bank details of the KYC profile. Approval sets these up in the same
 * transaction as the activation (kyc-repository.activateBusiness); `ops kyc:setup` applies the same
 * to a merchant approved before, and `merchantReadiness` says what is still missing.
 */

/** Services an acquirer can open on a gateway (card schemes, 3-D Secure, wallets). */
export const GATEWAY_SERVICES = ['visa', 'mastercard', 'jcb', 'amex', 'unionpay', '3ds', 'wechatpay', 'alipay'] as const;
/** What approval opens unless the operator names others: the two schemes every demo merchant takes. */
export const DEFAULT_GATEWAY_SERVICES = 'visa,mastercard';

/** A comma-separated list of services, normalised (lower case, no repeats, the order of GATEWAY_SERVICES); null when one is unknown or none is given. */
export function normaliseServices(text: string): string | null {
  const given = text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (given.length === 0 || given.some((s) => !(GATEWAY_SERVICES as readonly string[]).includes(s))) return null;
  return GATEWAY_SERVICES.filter((s) => given.includes(s)).join(',');
}

export type SetupDone = { services: string; settlementConfig: 'created' | 'kept'; bankAccount: 'created' | 'kept' };

/**
 * Sets up one gateway of an approved merchant, inside the caller's transaction: its services (when it
 * has none, or when the operator names them), the merchant's services when empty, a settlement
 * configuration unless one exists, and the KYC bank account unless the merchant already holds that
 * account number (the merchant's default when it has no default yet).
 */
export async function setUpGateway(
  trx: Trx,
  merchantId: number,
  gatewayId: number,
  o: { services?: string; bank: TKycBank; now: number },
): Promise<SetupDone> {
  const gateway = await trx.selectFrom('gateways').select('services').where('id', '=', gatewayId).executeTakeFirstOrThrow();
  const services = o.services ?? (gateway.services.trim() || DEFAULT_GATEWAY_SERVICES);
  if (services !== gateway.services) await trx.updateTable('gateways').set({ services }).where('id', '=', gatewayId).execute();
  await trx.updateTable('merchants').set({ services }).where('id', '=', merchantId).where('services', '=', '').execute();

  const config = await trx
    .selectFrom('settlement_configs')
    .select('gateway_id')
    .where('merchant_id', '=', merchantId)
    .where('gateway_id', '=', gatewayId)
    .executeTakeFirst();
  if (!config) {
    // A merchant made by sign-up has no deduction rate (0): it gets the funds default, shown on its details screen too.
    await trx
      .updateTable('merchants')
      .set({ deduction_rate_bp: DEFAULT_FEE_BP })
      .where('id', '=', merchantId)
      .where('deduction_rate_bp', '=', 0)
      .execute();
    const m = await trx.selectFrom('merchants').select('deduction_rate_bp').where('id', '=', merchantId).executeTakeFirstOrThrow();
    await setConfig(trx, merchantId, gatewayId, { ...DEFAULT_CONFIG, feeBp: m.deduction_rate_bp }, o.now);
  }

  const accountNo = o.bank.accountNumber.trim();
  const accounts = await trx
    .selectFrom('merchant_bank_accounts')
    .select(['account_no', 'is_default'])
    .where('merchant_id', '=', merchantId)
    .execute();
  const known = accounts.some((a) => a.account_no.replace(/[\s-]/g, '') === accountNo.replace(/[\s-]/g, ''));
  if (!known) {
    await trx
      .insertInto('merchant_bank_accounts')
      .values({
        merchant_id: merchantId,
        bank_name: o.bank.bankName,
        holder: o.bank.accountHolder,
        account_no: accountNo,
        currency: o.bank.settlementCurrency,
        is_default: accounts.some((a) => a.is_default === 1) ? 0 : 1,
        created_at: o.now,
      })
      .execute();
    noteOperation({
      change: {
        after: { bankAccount: { bankName: o.bank.bankName, holder: o.bank.accountHolder, accountNo, currency: o.bank.settlementCurrency } },
      },
    });
  }
  return { services, settlementConfig: config ? 'kept' : 'created', bankAccount: known ? 'kept' : 'created' };
}

/** The merchant's enabled gateway in a currency (the one approval opened). */
export function findGatewayInCurrency(db: DbOrTrx, merchantId: number, currency: string) {
  return db
    .selectFrom('gateways')
    .select(['id', 'gateway_no', 'services'])
    .where('merchant_id', '=', merchantId)
    .where('currency', '=', currency)
    .where('status', '=', GatewayStatus.enabled)
    .orderBy('id')
    .executeTakeFirst();
}

export type Readiness = { linkGateways: string[]; bankAccounts: number; missing: string[] };

/**
 * What the merchant can work with, and what is missing, in the operator's words: an enabled gateway
 * that takes card (or wallet) payments, and a bank account to withdraw to. A gateway without a
 * settlement row uses the funds defaults, so it is never missing.
 */
export async function merchantReadiness(db: Db, merchantId: number): Promise<Readiness> {
  const gateways = await db
    .selectFrom('gateways')
    .select(['gateway_no', 'services', 'status'])
    .where('merchant_id', '=', merchantId)
    .orderBy('gateway_no')
    .execute();
  const enabled = gateways.filter((g) => g.status === GatewayStatus.enabled);
  const linkGateways = enabled.filter((g) => linkMethodsOf(g.services).length > 0).map((g) => g.gateway_no);
  const accounts = await db.selectFrom('merchant_bank_accounts').select('id').where('merchant_id', '=', merchantId).execute();
  const missing: string[] = [];
  if (enabled.length === 0) missing.push('no enabled gateway: payments and payment links need one');
  else if (linkGateways.length === 0)
    missing.push(
      `no card scheme or wallet on gateway(s) ${enabled.map((g) => g.gateway_no).join(', ')}: set them with gateway:services --gateway <no> --services visa,mastercard`,
    );
  if (accounts.length === 0)
    missing.push('no bank account: withdrawals need one (kyc:setup <businessId> takes it from the KYC bank details)');
  return { linkGateways, bankAccounts: accounts.length, missing };
}

/** Sets the services of one gateway (`ops gateway:services`). */
export async function setGatewayServices(db: Db, gatewayId: number, services: string): Promise<void> {
  await db.updateTable('gateways').set({ services }).where('id', '=', gatewayId).execute();
}
