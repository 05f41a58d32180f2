import { DELIVERY_PROOF_TYPES, WaybillStatus } from '@mbo/shared/waybills';
import { setProofType } from '../domains/waybills/repository';
import { CARRIER_STATUSES, reviewWaybill, WaybillOperatorError } from '../domains/waybills/service';
import { runWaybillReminders } from '../jobs/waybill-reminders';
import { noteOperatorMerchant } from '../platform/operation-log-commands';
import { merchantScope, text, UsageError, type Command, type Context, type Values } from './ops-common';

/** Operator commands of acquirer staff: the merchant's delivery-proof type, and the review of uploaded waybills. */

const STATUS_NAMES: Record<number, string> = {
  [WaybillStatus.pendingReview]: 'pending-review',
  [WaybillStatus.inTransit]: 'in-transit',
  [WaybillStatus.delivered]: 'delivered',
  [WaybillStatus.notDelivered]: 'not-delivered',
  [WaybillStatus.transportTooLong]: 'transport-too-long',
  [WaybillStatus.awaitingManualConfirmation]: 'awaiting-manual-confirmation',
  [WaybillStatus.deliveryInfoUnconfirmed]: 'delivery-info-unconfirmed',
  [WaybillStatus.wrongNumber]: 'wrong-number',
  [WaybillStatus.noInformation]: 'no-information',
};

function tradeNoArg(raw: string | undefined): string {
  if (!raw || !/^[A-Za-z0-9_-]{1,64}$/.test(raw)) throw new UsageError(`<tradeNo> must be a transaction order number, got "${raw ?? ''}"`);
  return raw;
}

async function review(ctx: Context, values: Values, positionals: string[], action: Parameters<typeof reviewWaybill>[3]) {
  const tradeNo = tradeNoArg(positionals[0]);
  const merchantNo = text(values, 'merchant');
  const scope = merchantNo ? await merchantScope(ctx.db, merchantNo) : null;
  try {
    const moved = await reviewWaybill(ctx.db, tradeNo, scope?.merchantId, action, ctx.now());
    noteOperatorMerchant(moved.merchantId);
    console.log(`waybill of ${tradeNo}: ${STATUS_NAMES[moved.from] ?? moved.from} -> ${STATUS_NAMES[moved.to] ?? moved.to}`);
  } catch (error) {
    if (error instanceof WaybillOperatorError) throw new UsageError(error.message);
    throw error;
  }
}

const CARRIER_STATUS_NAMES = CARRIER_STATUSES.map((s) => STATUS_NAMES[s]).join('|');

export const WAYBILL_COMMANDS: Record<string, Command> = {
  'merchant:delivery-proof': {
    summary: "set the merchant's delivery-proof type (none: no proof needed, e.g. digital goods)",
    usage: 'merchant:delivery-proof --merchant 100001 --type either|image|tracking|none',
    options: { merchant: { type: 'string' }, type: { type: 'string' } },
    async run({ db }, values) {
      const scope = await merchantScope(db, text(values, 'merchant', true));
      const raw = text(values, 'type', true);
      const type = raw === 'none' ? null : (DELIVERY_PROOF_TYPES.find((t) => t === raw) ?? undefined);
      if (type === undefined) throw new UsageError(`--type must be one of ${[...DELIVERY_PROOF_TYPES, 'none'].join(', ')}`);
      await setProofType(db, scope.merchantId, type);
      console.log(`delivery proof of merchant ${text(values, 'merchant', true)}: ${raw}`);
    },
  },
  'waybill:approve': {
    summary: 'approve the delivery proof of a transaction: delivered',
    usage: 'waybill:approve <tradeNo> [--merchant 100001]',
    options: { merchant: { type: 'string' } },
    positionals: ['tradeNo'],
    run: (ctx, values, positionals) => review(ctx, values, positionals, { kind: 'approve' }),
  },
  'waybill:reject': {
    summary: 'reject the delivery proof of a transaction with the reason the merchant reads (it must upload again)',
    usage: 'waybill:reject <tradeNo> --reason "..." [--merchant 100001]',
    options: { merchant: { type: 'string' }, reason: { type: 'string' } },
    positionals: ['tradeNo'],
    run: (ctx, values, positionals) =>
      review(ctx, values, positionals, { kind: 'reject', reason: text(values, 'reason', true).slice(0, 500) }),
  },
  'waybill:status': {
    summary: "set the carrier's tracking status of a transaction's waybill",
    usage: `waybill:status <tradeNo> --status ${CARRIER_STATUS_NAMES} [--merchant 100001]`,
    options: { merchant: { type: 'string' }, status: { type: 'string' } },
    positionals: ['tradeNo'],
    run: (ctx, values, positionals) => {
      const name = text(values, 'status', true);
      const status = CARRIER_STATUSES.find((s) => STATUS_NAMES[s] === name);
      if (status === undefined) throw new UsageError(`--status must be one of ${CARRIER_STATUS_NAMES}`);
      return review(ctx, values, positionals, { kind: 'status', status });
    },
  },
  'waybill:remind': {
    summary: 'write the delivery-proof reminders due today now (the server does it every hour)',
    usage: 'waybill:remind',
    options: {},
    async run(ctx) {
      console.log(`administrators told of delivery proof due: ${await runWaybillReminders(ctx.db, ctx.now())}`);
    },
  },
};
