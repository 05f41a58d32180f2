import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@mbo/shared/envelope';
import { maskAccountNo, WithdrawalStatus, type TWithdrawApply, type TWithdrawOptions, type TWithdrawResult } from '@mbo/shared/funds';
import { isMajorAmountText, minorUnitsOf, parseMajorAmount, toMajorString } from '@mbo/shared/money';
import type { Selectable } from 'kysely';
import type { Db, DbOrTrx, Trx } from '../../db/database';
import type { WithdrawalsTable } from '../../db/types';
import { AppError, businessError, conflictError } from '../../platform/errors';
import { plainTx, type TxRunner } from '../../platform/idempotency';
import { gatewayIdFilter, type Scope } from '../../platform/scope';
import type { HeldAction } from '../approvals/public';
import { emitWithdrawalEvent } from '../webhooks/outbox';
import { getConfig } from './config';
import { tellWithdrawal } from './notices';
import { credit, prepare, readBalances, record, post } from './ledger';

/*
 * Withdrawals (spec §3 Withdrawal, §4, §5). An application runs in one database transaction whose first
 * write is the guarded UPDATE of the available balance (ledger.prepare): concurrent applications queue
 * on it and each re-checks what is left, so together they can never take more than was available.
 * The amount is then frozen until acquirer staff pay it (frozen -> payout, fee) or fail it, or the
 * merchant cancels it while pending (frozen -> available).
 */

export type Applicant = { name: string; adminId: number | null };

export function newWithdrawalNo(now: number): string {
  return `WD${new Date(now).toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(5).toString('hex').toUpperCase()}`;
}

/** The caller's gateways (scope), with their settlement currency. */
export function scopedGateways(db: DbOrTrx, scope: Scope) {
  const ids = gatewayIdFilter(scope);
  return db
    .selectFrom('gateways')
    .select(['id', 'gateway_no', 'currency'])
    .where('merchant_id', '=', scope.merchantId)
    .$if(ids !== null, (qb) => qb.where('id', 'in', ids ?? [0]))
    .orderBy('gateway_no')
    .execute();
}

/** The merchant's bank accounts, the default first; account numbers masked to their last 4 digits. */
export async function bankAccounts(db: DbOrTrx, merchantId: number) {
  const rows = await db
    .selectFrom('merchant_bank_accounts')
    .select(['id', 'bank_name', 'holder', 'account_no', 'currency', 'is_default'])
    .where('merchant_id', '=', merchantId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, masked: maskAccountNo(r.account_no) }));
}

export async function withdrawOptions(db: Db, scope: Scope): Promise<TWithdrawOptions> {
  const gateways = [];
  for (const g of await scopedGateways(db, scope)) {
    const b = await readBalances(db, { merchantId: scope.merchantId, gatewayId: g.id, currency: g.currency });
    const c = await getConfig(db, scope.merchantId, g.id);
    gateways.push({
      gatewayNo: g.gateway_no,
      currency: g.currency,
      available: b.available,
      frozen: b.frozen,
      fee: c.withdrawalFee,
      minimum: c.minWithdrawal,
    });
  }
  const accounts = await bankAccounts(db, scope.merchantId);
  return {
    balancesVisible: true,
    gateways,
    bankAccounts: accounts.map((a) => ({
      id: a.id,
      bankName: a.bank_name,
      holder: a.holder,
      accountNo: a.masked,
      currency: a.currency,
      isDefault: a.is_default === 1,
    })),
  };
}

function money(amount: number, currency: string): string {
  return `${toMajorString(amount, currency)} ${currency}`;
}

/** Parses the typed amount against the currency (the one exact rule of money.ts). */
export function parseWithdrawalAmount(text: string, currency: string): number {
  const amount = parseMajorAmount(text, currency);
  if (amount !== null) return amount;
  const decimals = minorUnitsOf(currency);
  if (!isMajorAmountText(text, decimals))
    throw new AppError(
      decimals > 0 ? 'validation.amount' : 'validation.amountWhole',
      ErrorCode.validation,
      200,
      { decimals },
      {
        field: 'field.withdrawAmount',
      },
    );
  throw new AppError('withdraw.amountInvalid', ErrorCode.validation);
}

/**
 * The application as an approval policy weighs it (approvals/public.ts): its gateway, amount and bank
 * account. Null when applyWithdrawal refuses it anyway (unknown gateway or account), with its own message.
 */
export async function withdrawalAction(db: Db, scope: Scope, body: TWithdrawApply): Promise<HeldAction | null> {
  const g = (await scopedGateways(db, scope)).find((x) => x.gateway_no === body.gatewayNo);
  const account = (await bankAccounts(db, scope.merchantId)).find((a) => a.id === body.bankAccountId);
  if (!g || !account) return null;
  const amount = parseWithdrawalAmount(body.amount, g.currency);
  const target = `${account.bank_name} ${account.masked}`;
  return { kind: 'withdrawal', gatewayId: g.id, currency: g.currency, amount, target, payload: body, reason: body.reason };
}

/** POST FundsPath.withdrawApply. */
export async function applyWithdrawal(
  db: Db,
  scope: Scope,
  body: TWithdrawApply,
  applicant: Applicant,
  now: number,
  tx: TxRunner = plainTx(db),
): Promise<TWithdrawResult> {
  const g = (await scopedGateways(db, scope)).find((x) => x.gateway_no === body.gatewayNo);
  if (!g) throw new AppError('withdraw.gatewayNotFound', ErrorCode.notFound);
  const account = (await bankAccounts(db, scope.merchantId)).find((a) => a.id === body.bankAccountId);
  if (!account) throw new AppError('withdraw.bankAccountNotFound', ErrorCode.notFound);
  const amount = parseWithdrawalAmount(body.amount, g.currency);
  const c = await getConfig(db, scope.merchantId, g.id);
  const minimum = Math.max(c.minWithdrawal, c.withdrawalFee + 1);
  if (amount < minimum) throw businessError('withdraw.belowMinimum', { minimum: money(minimum, g.currency) });
  const key = { merchantId: scope.merchantId, gatewayId: g.id, currency: g.currency };
  return tx(async (trx) => {
    // First write: the guarded UPDATE of the available balance (prepare applies the lines in order).
    const p = await prepare(trx, key, ['available', 'frozen'], (b) => {
      if (b.available < amount) throw businessError('funds.insufficient');
      return [
        { kind: 'available', amount: -amount },
        { kind: 'frozen', amount },
      ];
    });
    const withdrawalNo = newWithdrawalNo(now);
    const { id } = await trx
      .insertInto('withdrawals')
      .values({
        withdrawal_no: withdrawalNo,
        merchant_id: scope.merchantId,
        gateway_id: g.id,
        currency: g.currency,
        amount,
        fee: c.withdrawalFee,
        received: amount - c.withdrawalFee,
        bank_account_id: account.id,
        bank_name: account.bank_name,
        bank_holder: account.holder,
        bank_account_no: account.masked,
        status: WithdrawalStatus.pending,
        applicant: applicant.name,
        applicant_admin_id: applicant.adminId,
        created_at: now,
        processed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await record(trx, p, { type: 'withdrawalFreeze', refType: 'withdrawal', refId: Number(id), refNo: withdrawalNo, at: now }, now);
    return { withdrawalNo, status: WithdrawalStatus.pending, amount, fee: c.withdrawalFee, received: amount - c.withdrawalFee };
  });
}

const COLUMNS = ['id', 'withdrawal_no', 'merchant_id', 'gateway_id', 'currency', 'amount', 'fee', 'received', 'status'] as const;

type WithdrawalRow = Pick<Selectable<WithdrawalsTable>, (typeof COLUMNS)[number]>;

async function moveStatus(trx: Trx, id: number, to: number, now: number, failReason = ''): Promise<boolean> {
  const res = await trx
    .updateTable('withdrawals')
    .set({ status: to, processed_at: now, ...(failReason ? { fail_reason: failReason.slice(0, 200) } : {}) })
    .where('id', '=', id)
    .where('status', '=', WithdrawalStatus.pending)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Frozen money back to the merchant (a cancel or a failure): what is owed is repaid first. */
async function unfreeze(trx: Trx, w: WithdrawalRow, type: 'withdrawalCancel' | 'withdrawalFail', now: number) {
  await post(
    trx,
    { merchantId: w.merchant_id, gatewayId: w.gateway_id, currency: w.currency },
    ['available', 'frozen', 'debt'],
    (b) => [{ kind: 'frozen', amount: -w.amount }, ...credit(b, w.amount)],
    { type, refType: 'withdrawal', refId: w.id, refNo: w.withdrawal_no, at: now },
  );
}

/** POST FundsPath.withdrawCancel: the merchant cancels a pending withdrawal in its scope. */
export async function cancelWithdrawal(db: Db, scope: Scope, withdrawalNo: string, now: number) {
  const ids = gatewayIdFilter(scope);
  return db.transaction().execute(async (trx) => {
    const w = await trx
      .selectFrom('withdrawals')
      .select(COLUMNS)
      .where('withdrawal_no', '=', withdrawalNo)
      .where('merchant_id', '=', scope.merchantId)
      .$if(ids !== null, (qb) => qb.where('gateway_id', 'in', ids ?? [0]))
      .executeTakeFirst();
    if (!w) throw new AppError('withdraw.notFound', ErrorCode.notFound);
    if (!(await moveStatus(trx, w.id, WithdrawalStatus.cancelled, now))) throw conflictError('withdraw.wrongState', { withdrawalNo });
    await unfreeze(trx, w, 'withdrawalCancel', now);
    return { withdrawalNo, status: WithdrawalStatus.cancelled, amount: w.amount, fee: w.fee, received: w.received };
  });
}

/** A mistake in what the operator asked for. */
export class WithdrawalOperatorError extends Error {}

async function operatorFind(trx: Trx, withdrawalNo: string): Promise<WithdrawalRow> {
  const w = await trx.selectFrom('withdrawals').select(COLUMNS).where('withdrawal_no', '=', withdrawalNo).executeTakeFirst();
  if (!w) throw new WithdrawalOperatorError(`no withdrawal ${withdrawalNo}`);
  return w;
}

/** Operator: the money went out to the bank (frozen -> payout, the fee to the acquirer). */
export async function payWithdrawal(db: Db, withdrawalNo: string, now: number) {
  return db.transaction().execute(async (trx) => {
    const w = await operatorFind(trx, withdrawalNo);
    if (!(await moveStatus(trx, w.id, WithdrawalStatus.success, now)))
      throw new WithdrawalOperatorError(`withdrawal ${withdrawalNo} is not pending`);
    await tellWithdrawal(trx, w, 'paid', '', now);
    await post(
      trx,
      { merchantId: w.merchant_id, gatewayId: w.gateway_id, currency: w.currency },
      ['frozen', 'payout', 'feeWithdrawal'],
      () => [
        { kind: 'frozen', amount: -w.amount },
        { kind: 'payout', amount: w.received },
        { kind: 'feeWithdrawal', amount: w.fee },
      ],
      { type: 'withdrawalPay', refType: 'withdrawal', refId: w.id, refNo: w.withdrawal_no, at: now },
    );
    await emitWithdrawalEvent(trx, w.id, now);
    return { withdrawalNo, status: WithdrawalStatus.success };
  });
}

/** Operator: the bank refused it; the frozen amount is available again. */
export async function failWithdrawal(db: Db, withdrawalNo: string, reason: string, now: number) {
  return db.transaction().execute(async (trx) => {
    const w = await operatorFind(trx, withdrawalNo);
    if (!(await moveStatus(trx, w.id, WithdrawalStatus.failed, now, reason)))
      throw new WithdrawalOperatorError(`withdrawal ${withdrawalNo} is not pending`);
    await unfreeze(trx, w, 'withdrawalFail', now);
    await tellWithdrawal(trx, w, 'failed', reason, now);
    await emitWithdrawalEvent(trx, w.id, now);
    return { withdrawalNo, status: WithdrawalStatus.failed };
  });
}
