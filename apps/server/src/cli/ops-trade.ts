import { canonicalAmountInput, parseMajorAmount, toMajorString } from '@mbo/shared/money';
import { RefundProcessing } from '@mbo/shared/trade-enums';
import type { Db } from '../db/database';
import * as disputes from '../domains/disputes/operator-service';
import { listLatestRefunds } from '../domains/refunds/repository';
import * as refunds from '../domains/refunds/service';
import { runDeadlineReminders } from '../jobs/deadline-reminders';
import { toIso } from '../platform/time';
import { positiveInt, text, UsageError, type Command, type Context, type Values } from './ops-common';

/** Operator commands of acquirer staff: move refunds through their flow, raise cases and alerts, decide appeals. */

const STATUS_NAMES: Record<number, string> = {
  [RefundProcessing.pendingReview]: 'pending-review',
  [RefundProcessing.audited]: 'audited',
  [RefundProcessing.processing]: 'processing',
  [RefundProcessing.refunded]: 'refunded',
  [RefundProcessing.failed]: 'failed',
};

/** Business-rule refusals of the domain services become usage errors (exit code 2) with their own text. */
async function asOperator<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof disputes.OperatorInputError) throw new UsageError(error.message);
    throw error;
  }
}

function refundNoArg(raw: string | undefined): string {
  if (!raw || !/^[A-Za-z0-9]{1,64}$/.test(raw))
    throw new UsageError(`<refundNo> must be a refund number (see refund:list), got "${raw ?? ''}"`);
  return raw;
}

function printRefundMoved(r: { refundNo: string; status: number }): void {
  console.log(`refund ${r.refundNo} is now ${STATUS_NAMES[r.status]}`);
}

/** A command that moves a refund one step of its flow by its number alone, and says where it is now. */
function refundStep(
  summary: string,
  usage: string,
  move: (db: Db, refundNo: string, now: number) => Promise<{ refundNo: string; status: number }>,
): Command {
  return {
    summary,
    usage,
    options: {},
    positionals: ['refundNo'],
    async run(ctx, _v, [raw]) {
      printRefundMoved(await move(ctx.db, refundNoArg(raw), ctx.now()));
    },
  };
}

function caseNoArg(raw: string | undefined): string {
  if (!raw || !/^[A-Za-z0-9]{1,64}$/.test(raw)) throw new UsageError(`<caseNo> must be a case number, got "${raw ?? ''}"`);
  return raw;
}

function tradeNoArg(raw: string | undefined): string {
  if (!raw || !/^[A-Za-z0-9_-]{1,64}$/.test(raw)) throw new UsageError(`<tradeNo> must be a transaction order number, got "${raw ?? ''}"`);
  return raw;
}

/** --amount in major units of the transaction's currency ("12.50"), or undefined for the default. */
async function amountOption(db: Db, values: Values, tradeNo: string): Promise<number | undefined> {
  const raw = text(values, 'amount');
  if (raw === undefined) return undefined;
  const t = await asOperator(() => disputes.findTradeForCase(db, tradeNo));
  const minor = parseMajorAmount(canonicalAmountInput(raw), t.currency);
  if (minor === null) throw new UsageError(`--amount must be a positive amount in ${t.currency} with at most its decimals, got "${raw}"`);
  return minor;
}

async function remind(ctx: Context): Promise<void> {
  const n = await runDeadlineReminders(ctx.db, ctx.now());
  if (n > 0) console.log(`deadline reminders written: ${n}`);
}

const caseOptions = {
  amount: { type: 'string' },
  reason: { type: 'string' },
  'reason-code': { type: 'string' },
  'deadline-days': { type: 'string' },
  'deadline-hours': { type: 'string' },
} as const;

async function raiseCase(ctx: Context, values: Values, raw: string | undefined, kind: 'chargeback' | 'retrieval') {
  const tradeNo = tradeNoArg(raw);
  const amount = await amountOption(ctx.db, values, tradeNo);
  const days = text(values, 'deadline-days');
  const hours = text(values, 'deadline-hours');
  if (days !== undefined && hours !== undefined) throw new UsageError('give --deadline-days or --deadline-hours, not both');
  const o: disputes.CaseOptions = {
    now: ctx.now(),
    ...(amount !== undefined ? { amount } : {}),
    ...(text(values, 'reason') ? { reason: text(values, 'reason') } : {}),
    ...(text(values, 'reason-code') ? { reasonCode: text(values, 'reason-code') } : {}),
    ...(days !== undefined ? { deadlineDays: positiveInt(days, '--deadline-days', 20, 120) } : {}),
    ...(hours !== undefined ? { deadlineHours: positiveInt(hours, '--deadline-hours', 48, 2880) } : {}),
  };
  const c = await asOperator(() =>
    kind === 'chargeback' ? disputes.raiseChargeback(ctx.db, tradeNo, o) : disputes.raiseRetrieval(ctx.db, tradeNo, o),
  );
  console.log(`raised ${kind} ${c.caseNo} on ${tradeNo}`);
  await remind(ctx);
}

export const TRADE_COMMANDS: Record<string, Command> = {
  'refund:list': {
    summary: 'list the latest refunds of every merchant',
    usage: `refund:list [--status ${Object.values(STATUS_NAMES).join('|')}] [--limit 20]`,
    options: { status: { type: 'string' }, limit: { type: 'string' } },
    async run({ db }, values) {
      const name = text(values, 'status');
      let status: number | undefined;
      if (name) {
        const found = Object.entries(STATUS_NAMES).find(([, n]) => n === name);
        if (!found) throw new UsageError(`--status must be one of ${Object.values(STATUS_NAMES).join(', ')}`);
        status = Number(found[0]);
      }
      const rows = await listLatestRefunds(db, {
        ...(status !== undefined ? { status } : {}),
        limit: positiveInt(text(values, 'limit'), '--limit', 20, 1000),
      });
      if (rows.length === 0) console.log('no refunds');
      for (const r of rows)
        console.log(
          [
            r.refund_no,
            (STATUS_NAMES[r.status] ?? String(r.status)).padEnd(14),
            `merchant ${r.merchant_no}`,
            r.trade_no,
            `${toMajorString(r.amount, r.currency)} ${r.currency}`,
            toIso(r.applied_at),
          ].join('  '),
        );
    },
  },
  'refund:audit': refundStep('audit a refund (pending review -> audited)', 'refund:audit <refundNo>', refunds.auditRefund),
  'refund:process': refundStep('start processing a refund (audited -> in processing)', 'refund:process <refundNo>', refunds.processRefund),
  'refund:succeed': refundStep('mark a refund refunded (in processing -> refunded)', 'refund:succeed <refundNo>', refunds.succeedRefund),
  'refund:fail': {
    summary: 'mark a refund failed (any open state -> refund failed); releases the amount',
    usage: 'refund:fail <refundNo> --reason "..."',
    options: { reason: { type: 'string' } },
    positionals: ['refundNo'],
    async run(ctx, values, [raw]) {
      printRefundMoved(await refunds.failRefund(ctx.db, refundNoArg(raw), text(values, 'reason', true), ctx.now()));
    },
  },
  'dispute:chargeback': {
    summary: 'raise a chargeback on a successful transaction',
    usage: 'dispute:chargeback <tradeNo> [--amount 12.50] [--reason TEXT] [--reason-code 10.4] [--deadline-days 20 | --deadline-hours 36]',
    options: caseOptions,
    positionals: ['tradeNo'],
    run: (ctx, values, [raw]) => raiseCase(ctx, values, raw, 'chargeback'),
  },
  'dispute:retrieval': {
    summary: 'raise a retrieval (request for information) on a successful transaction',
    usage: 'dispute:retrieval <tradeNo> [--amount 12.50] [--reason TEXT] [--reason-code CODE] [--deadline-days 10 | --deadline-hours 36]',
    options: caseOptions,
    positionals: ['tradeNo'],
    run: (ctx, values, [raw]) => raiseCase(ctx, values, raw, 'retrieval'),
  },
  'dispute:fraud-report': {
    summary: 'record a fraud report (TC40/SAFE; counted for Visa VAMP, not a case)',
    usage: 'dispute:fraud-report <tradeNo>',
    options: {},
    positionals: ['tradeNo'],
    async run(ctx, _v, [raw]) {
      const tradeNo = tradeNoArg(raw);
      const c = await asOperator(() => disputes.raiseFraudReport(ctx.db, tradeNo, { now: ctx.now() }));
      console.log(`recorded fraud report ${c.caseNo} on ${tradeNo}`);
    },
  },
  'alert:rdr': {
    summary: 'an RDR alert: refunded automatically on arrival',
    usage: 'alert:rdr <tradeNo> [--amount 12.50]',
    options: { amount: { type: 'string' } },
    positionals: ['tradeNo'],
    async run(ctx, values, [raw]) {
      const tradeNo = tradeNoArg(raw);
      const amount = await amountOption(ctx.db, values, tradeNo);
      const c = await asOperator(() =>
        disputes.raiseRdrAlert(ctx.db, tradeNo, { now: ctx.now(), ...(amount !== undefined ? { amount } : {}) }),
      );
      console.log(`RDR alert ${c.caseNo} on ${tradeNo}, refunded by ${c.refundNo}`);
    },
  },
  'alert:ethoca': {
    summary: 'an Ethoca alert: the merchant must refund before its deadline',
    usage: 'alert:ethoca <tradeNo> [--amount 12.50] [--deadline-hours 48]',
    options: { amount: { type: 'string' }, 'deadline-hours': { type: 'string' } },
    positionals: ['tradeNo'],
    async run(ctx, values, [raw]) {
      const tradeNo = tradeNoArg(raw);
      const amount = await amountOption(ctx.db, values, tradeNo);
      const hours = text(values, 'deadline-hours');
      const c = await asOperator(() =>
        disputes.raiseEthocaAlert(ctx.db, tradeNo, {
          now: ctx.now(),
          ...(amount !== undefined ? { amount } : {}),
          ...(hours !== undefined ? { deadlineHours: positiveInt(hours, '--deadline-hours', 48, 720) } : {}),
        }),
      );
      console.log(`Ethoca alert ${c.caseNo} on ${tradeNo}`);
      await remind(ctx);
    },
  },
  'retrieval:convert': {
    summary: 'turn a retrieval into a chargeback (a new case; the retrieval stays)',
    usage: 'retrieval:convert <caseNo> [--deadline-days 20]',
    options: { 'deadline-days': { type: 'string' } },
    positionals: ['caseNo'],
    async run(ctx, values, [raw]) {
      const caseNo = caseNoArg(raw);
      const days = text(values, 'deadline-days');
      const c = await asOperator(() =>
        disputes.convertRetrieval(ctx.db, caseNo, {
          now: ctx.now(),
          ...(days !== undefined ? { deadlineDays: positiveInt(days, '--deadline-days', 20, 120) } : {}),
        }),
      );
      console.log(`retrieval ${caseNo} turned into chargeback ${c.caseNo}`);
      await remind(ctx);
    },
  },
  'appeal:decide': {
    summary: 'decide an appeal under review',
    usage: 'appeal:decide <caseNo> --result success|failed',
    options: { result: { type: 'string' } },
    positionals: ['caseNo'],
    async run(ctx, values, [raw]) {
      const caseNo = caseNoArg(raw);
      const result = text(values, 'result', true);
      if (result !== 'success' && result !== 'failed') throw new UsageError('--result must be success or failed');
      await asOperator(() => disputes.decideAppeal(ctx.db, caseNo, result, ctx.now()));
      console.log(`appeal of ${caseNo}: ${result}`);
    },
  },
};
