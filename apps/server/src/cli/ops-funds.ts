import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { SettleType, WithdrawalStatus } from '@mbo/shared/funds';
import { canonicalAmountInput, majorTextToMinor, minorUnitsOf, toMajorString } from '@mbo/shared/money';
import type { Db } from '../db/database';
import { backfillLedger } from '../seed/demo-funds';
import { getConfig, setConfig, type SettlementConfig } from '../domains/funds/config';
import { verifyLedger } from '../domains/funds/ledger';
import { releaseReserves, runSettlement, settlementDayOf } from '../domains/funds/settlement';
import { failWithdrawal, payWithdrawal, WithdrawalOperatorError } from '../domains/funds/withdrawals';
import { toIso } from '../platform/time';
import { merchantIdOption, merchantScope, positiveInt, text, textOptions, UsageError, type Command, type Values } from './ops-common';

/** Operator commands of the funds domain: settlement, reserves, withdrawals, configuration, the ledger. */

const STATUS_NAMES: Record<number, string> = {
  [WithdrawalStatus.pending]: 'pending',
  [WithdrawalStatus.success]: 'success',
  [WithdrawalStatus.failed]: 'failed',
  [WithdrawalStatus.cancelled]: 'cancelled',
};
const SETTLE_TYPES: Record<string, number> = { daily: SettleType.daily, weekly: SettleType.weekly, monthly: SettleType.monthly };

async function asOperator<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof WithdrawalOperatorError) throw new UsageError(error.message);
    throw error;
  }
}

function dayOption(values: Values, now: number): string {
  const raw = text(values, 'date');
  if (raw === undefined) return settlementDayOf(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`)))
    throw new UsageError(`--date must be a date YYYY-MM-DD, got "${raw}"`);
  return raw;
}

function withdrawalNoArg(raw: string | undefined): string {
  if (!raw || !/^[A-Za-z0-9]{1,64}$/.test(raw))
    throw new UsageError(`<withdrawalNo> must be a withdrawal number (see withdraw:list), got "${raw ?? ''}"`);
  return raw;
}

function amountOf(values: Values, name: string, currency: string): number | undefined {
  const raw = text(values, name);
  if (raw === undefined) return undefined;
  const minor = majorTextToMinor(canonicalAmountInput(raw), minorUnitsOf(currency));
  if (minor === null) throw new UsageError(`--${name} must be an amount in ${currency} with at most its decimals, got "${raw}"`);
  return minor;
}

function intOf(values: Values, name: string, min: number, max: number): number | undefined {
  const raw = text(values, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

/** A percentage with at most two decimals ("10", "2.5") as basis points. */
function percentOf(values: Values, name: string): number | undefined {
  const raw = text(values, name);
  if (raw === undefined) return undefined;
  const bp = majorTextToMinor(raw, 2);
  if (bp === null || bp > 10_000)
    throw new UsageError(`--${name} must be a percentage from 0 to 100 with at most 2 decimals, got "${raw}"`);
  return bp;
}

/** One ledger transaction as a ledger-cli / hledger entry; the merchant's accounts are liabilities. */
function journalAccount(kind: string, merchantNo: string, gatewayNo: string): string {
  const merchantSide = ['unsettled', 'available', 'frozen', 'reserve', 'debt'].includes(kind);
  return `${merchantSide ? 'Liabilities:Merchants' : 'Acquirer'}:${merchantNo}:${gatewayNo}:${kind}`;
}

export async function writeJournal(db: Db, out: Writable, merchantId?: number): Promise<number> {
  const gateways = new Map<number, { gatewayNo: string; merchantNo: string }>();
  for (const g of await db
    .selectFrom('gateways as g')
    .innerJoin('merchants as m', 'm.id', 'g.merchant_id')
    .select(['g.id', 'g.gateway_no', 'm.merchant_no'])
    .execute())
    gateways.set(g.id, { gatewayNo: g.gateway_no, merchantNo: g.merchant_no });
  let after = 0;
  let written = 0;
  const write = (s: string) => new Promise<void>((resolve) => (out.write(s) ? resolve() : out.once('drain', resolve)));
  for (;;) {
    const txns = await db
      .selectFrom('ledger_transactions')
      .select(['id', 'gateway_id', 'type', 'ref_type', 'ref_no', 'occurred_at'])
      .where('id', '>', after)
      .$if(merchantId !== undefined, (qb) => qb.where('merchant_id', '=', merchantId ?? 0))
      .orderBy('id')
      .limit(2000)
      .execute();
    if (txns.length === 0) break;
    const entries = await db
      .selectFrom('ledger_entries')
      .select(['txn_id', 'account_kind', 'amount', 'currency'])
      .where('txn_id', '>=', txns[0]!.id)
      .where('txn_id', '<=', txns[txns.length - 1]!.id)
      .orderBy('id')
      .execute();
    const byTxn = new Map<number, typeof entries>();
    for (const e of entries) byTxn.set(Number(e.txn_id), [...(byTxn.get(Number(e.txn_id)) ?? []), e]);
    let chunk = '';
    for (const t of txns) {
      const g = gateways.get(t.gateway_id) ?? { gatewayNo: String(t.gateway_id), merchantNo: '?' };
      chunk += `${toIso(t.occurred_at).slice(0, 10).replace(/-/g, '/')} (${t.id}) ${t.type} ${t.ref_type} ${t.ref_no}\n`;
      for (const e of byTxn.get(Number(t.id)) ?? [])
        // ledger-cli counts debits positive; the ledger here counts the merchant's credits positive.
        chunk += `    ${journalAccount(e.account_kind, g.merchantNo, g.gatewayNo)}  ${toMajorString(-e.amount, e.currency)} ${e.currency}\n`;
      chunk += '\n';
      written += 1;
    }
    await write(chunk);
    after = Number(txns[txns.length - 1]!.id);
  }
  return written;
}

export const FUNDS_COMMANDS: Record<string, Command> = {
  settle: {
    summary: 'run settlement for a business day now: release reserves due, build and credit the batches',
    usage: 'settle [--date YYYY-MM-DD (today, UTC+08:00)] [--merchant 100001]',
    options: { date: { type: 'string' }, merchant: { type: 'string' } },
    async run({ db, now }, values) {
      const day = dayOption(values, now());
      const r = await runSettlement(db, day, now(), await merchantIdOption(db, values));
      console.log(
        `settlement ${r.day}: ${r.batches} batches tabulated, ${r.transactions} transactions credited, ${r.released} reserve holds released`,
      );
    },
  },
  'reserve:release': {
    summary: 'release the rolling-reserve holds due on or before a business day',
    usage: 'reserve:release [--date YYYY-MM-DD] [--merchant 100001]',
    options: { date: { type: 'string' }, merchant: { type: 'string' } },
    async run({ db, now }, values) {
      const day = dayOption(values, now());
      const r = await releaseReserves(db, day, now(), await merchantIdOption(db, values));
      console.log(`reserve holds released up to ${day}: ${r.released} (${r.amount} minor units)`);
    },
  },
  'settle:config': {
    summary: "show or set a merchant gateway's settlement configuration (type, T+N, reserve, fees, minimum withdrawal)",
    usage:
      'settle:config --merchant 100001 --gateway 10010001 [--type daily|weekly|monthly] [--cycle N] [--reserve-percent 10] [--reserve-days 180] [--fee-percent 2.5] [--fee-fixed 0.30] [--refund-fee 0.50] [--chargeback-fee 15] [--rdr-fee 10] [--ethoca-fee 10] [--withdrawal-fee 5] [--min-withdrawal 100]',
    options: textOptions(
      'merchant',
      'gateway',
      'type',
      'cycle',
      'reserve-percent',
      'reserve-days',
      'fee-percent',
      'fee-fixed',
      'refund-fee',
      'chargeback-fee',
      'rdr-fee',
      'ethoca-fee',
      'withdrawal-fee',
      'min-withdrawal',
    ),
    async run({ db, now }, values) {
      const scope = await merchantScope(db, text(values, 'merchant', true));
      const gatewayNo = text(values, 'gateway', true);
      const g = await db
        .selectFrom('gateways')
        .select(['id', 'currency'])
        .where('merchant_id', '=', scope.merchantId)
        .where('gateway_no', '=', gatewayNo)
        .executeTakeFirst();
      if (!g) throw new UsageError(`no gateway ${gatewayNo} in this merchant`);
      const cur = await getConfig(db, scope.merchantId, g.id);
      const type = text(values, 'type');
      if (type !== undefined && SETTLE_TYPES[type] === undefined) throw new UsageError('--type must be daily, weekly or monthly');
      const next: SettlementConfig = {
        settleType: type !== undefined ? (SETTLE_TYPES[type] ?? cur.settleType) : cur.settleType,
        cycleDays: intOf(values, 'cycle', 0, 60) ?? cur.cycleDays,
        reserveBp: percentOf(values, 'reserve-percent') ?? cur.reserveBp,
        reserveDays: intOf(values, 'reserve-days', 0, 730) ?? cur.reserveDays,
        feeBp: percentOf(values, 'fee-percent') ?? cur.feeBp,
        feeFixed: amountOf(values, 'fee-fixed', g.currency) ?? cur.feeFixed,
        refundFee: amountOf(values, 'refund-fee', g.currency) ?? cur.refundFee,
        chargebackFee: amountOf(values, 'chargeback-fee', g.currency) ?? cur.chargebackFee,
        rdrFee: amountOf(values, 'rdr-fee', g.currency) ?? cur.rdrFee,
        ethocaFee: amountOf(values, 'ethoca-fee', g.currency) ?? cur.ethocaFee,
        withdrawalFee: amountOf(values, 'withdrawal-fee', g.currency) ?? cur.withdrawalFee,
        minWithdrawal: amountOf(values, 'min-withdrawal', g.currency) ?? cur.minWithdrawal,
      };
      const changed = Object.keys(values).some((k) => k !== 'merchant' && k !== 'gateway' && values[k] !== undefined);
      if (changed) await setConfig(db, scope.merchantId, g.id, next, now());
      const m = (n: number) => `${toMajorString(n, g.currency)} ${g.currency}`;
      console.log(
        [
          `gateway ${gatewayNo} (${g.currency})${changed ? ' updated' : ''}:`,
          `  settlement ${Object.keys(SETTLE_TYPES).find((k) => SETTLE_TYPES[k] === next.settleType)}, T+${next.cycleDays} business days`,
          `  rolling reserve ${next.reserveBp / 100}% for ${next.reserveDays} days`,
          `  fee ${next.feeBp / 100}% + ${m(next.feeFixed)} per transaction; refund ${m(next.refundFee)}, chargeback ${m(next.chargebackFee)}, RDR ${m(next.rdrFee)}, Ethoca ${m(next.ethocaFee)}`,
          `  withdrawal fee ${m(next.withdrawalFee)}, minimum single withdrawal ${m(next.minWithdrawal)}`,
        ].join('\n'),
      );
    },
  },
  'withdraw:list': {
    summary: 'list the latest withdrawals (all merchants, or one), optionally one status',
    usage: 'withdraw:list [--merchant 100001] [--status pending|success|failed|cancelled] [--limit 20]',
    options: { merchant: { type: 'string' }, status: { type: 'string' }, limit: { type: 'string' } },
    async run({ db }, values) {
      const merchantId = await merchantIdOption(db, values);
      const statusName = text(values, 'status');
      const status =
        statusName === undefined ? undefined : Number(Object.keys(STATUS_NAMES).find((k) => STATUS_NAMES[Number(k)] === statusName));
      if (statusName !== undefined && Number.isNaN(status)) throw new UsageError('--status must be pending, success, failed or cancelled');
      const rows = await db
        .selectFrom('withdrawals as w')
        .innerJoin('merchants as m', 'm.id', 'w.merchant_id')
        .select([
          'w.withdrawal_no',
          'w.status',
          'w.amount',
          'w.fee',
          'w.received',
          'w.currency',
          'w.bank_account_no',
          'w.created_at',
          'm.merchant_no',
        ])
        .$if(merchantId !== undefined, (qb) => qb.where('w.merchant_id', '=', merchantId ?? 0))
        .$if(status !== undefined, (qb) => qb.where('w.status', '=', status ?? 0))
        .orderBy('w.created_at', 'desc')
        .orderBy('w.id', 'desc')
        .limit(positiveInt(text(values, 'limit'), '--limit', 20, 1000))
        .execute();
      for (const r of rows)
        console.log(
          `${r.withdrawal_no}  ${r.merchant_no}  ${STATUS_NAMES[r.status] ?? r.status}  ${toMajorString(r.amount, r.currency)} ${r.currency} (fee ${toMajorString(r.fee, r.currency)}, received ${toMajorString(r.received, r.currency)})  ${r.bank_account_no}  ${toIso(r.created_at)}`,
        );
      if (rows.length === 0) console.log('no withdrawals');
    },
  },
  'withdraw:pay': {
    summary: 'mark a pending withdrawal paid (frozen -> paid out, the withdrawal fee charged)',
    usage: 'withdraw:pay <withdrawalNo>',
    options: {},
    positionals: ['withdrawalNo'],
    async run({ db, now }, _v, [raw]) {
      const r = await asOperator(() => payWithdrawal(db, withdrawalNoArg(raw), now()));
      console.log(`withdrawal ${r.withdrawalNo} is now ${STATUS_NAMES[r.status]}`);
    },
  },
  'withdraw:fail': {
    summary: 'mark a pending withdrawal failed; the frozen amount is available again',
    usage: 'withdraw:fail <withdrawalNo> --reason "..."',
    options: { reason: { type: 'string' } },
    positionals: ['withdrawalNo'],
    async run({ db, now }, values, [raw]) {
      const reason = text(values, 'reason', true);
      const r = await asOperator(() => failWithdrawal(db, withdrawalNoArg(raw), reason, now()));
      console.log(`withdrawal ${r.withdrawalNo} is now ${STATUS_NAMES[r.status]}`);
    },
  },
  'ledger:verify': {
    summary:
      'check the ledger: every transaction sums to zero, cached balances and the monthly available rollup equal their entries, no balance out of bounds',
    usage: 'ledger:verify',
    options: {},
    async run({ db }) {
      const started = Date.now();
      const r = await verifyLedger(db);
      console.log(
        `${r.transactions} ledger transactions, ${r.entries} entries, ${r.accounts} accounts checked in ${Date.now() - started} ms`,
      );
      for (const p of r.problems) console.log(`  ${p.kind}: ${p.detail}`);
      if (r.problems.length > 0) throw new UsageError(`ledger:verify found ${r.problems.length} problem(s)`);
      console.log('ledger OK');
    },
  },
  'ledger:backfill': {
    summary:
      'post the ledger history (payments, refunds, cases, settlement batches, reserve) of merchants recorded before the ledger existed',
    usage: 'ledger:backfill [--merchant 100001]',
    options: { merchant: { type: 'string' } },
    async run({ db, now }, values) {
      const r = await backfillLedger(db, now(), await merchantIdOption(db, values));
      console.log(
        `ledger backfilled for ${r.merchants} merchant(s): ${r.batches} settlement batches, ${r.entries} ledger entries in ${r.elapsedMs} ms`,
      );
    },
  },
  'ledger:journal': {
    summary: 'write the ledger as a plain-text journal (ledger-cli / hledger format)',
    usage: 'ledger:journal [--out FILE (stdout)] [--merchant 100001]',
    options: { out: { type: 'string' }, merchant: { type: 'string' } },
    async run({ db }, values) {
      const merchantId = await merchantIdOption(db, values);
      const file = text(values, 'out');
      const out = file ? createWriteStream(file) : process.stdout;
      const n = await writeJournal(db, out, merchantId);
      if (file) {
        await new Promise<void>((resolve, reject) => out.end(() => resolve()).once('error', reject));
        console.log(`${n} ledger transactions written to ${file}`);
      }
    },
  },
};
