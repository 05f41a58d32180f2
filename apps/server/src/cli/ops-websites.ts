import { WebsiteStatus } from '@mbo/shared/websites';
import { listLatestWebsites } from '../domains/websites/repository';
import { reviewWebsite } from '../domains/websites/service';
import { noteOperatorMerchant } from '../platform/operation-log-commands';
import { toIso } from '../platform/time';
import { merchantScope, positiveInt, text, UsageError, type Command, type Context, type Values } from './ops-common';

/** Operator commands of the acquirer's review team: list merchants' websites and move them through review (spec §4). */

const STATUS_NAMES: Record<number, string> = {
  [WebsiteStatus.pending]: 'pending',
  [WebsiteStatus.auditFailed]: 'audit-failed',
  [WebsiteStatus.audited]: 'audited',
  [WebsiteStatus.reviewFailed]: 'review-failed',
  [WebsiteStatus.reviewed]: 'reviewed',
  [WebsiteStatus.disabled]: 'disabled',
};

function websiteIdArg(raw: string | undefined): number {
  const id = Number(raw);
  if (!raw || !/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id))
    throw new UsageError(`<websiteId> must be a website id (see website:list), got "${raw ?? ''}"`);
  return id;
}

async function review(ctx: Context, values: Values, positionals: string[], action: 'pass' | 'fail' | 'disable' | 'enable') {
  const id = websiteIdArg(positionals[0]);
  const reason = action === 'fail' ? text(values, 'reason', true).slice(0, 500) : '';
  const moved = await reviewWebsite(ctx.db, id, action, reason, ctx.now());
  if (!moved) throw new UsageError(`no website #${id}`);
  noteOperatorMerchant(moved.merchantId);
  console.log(`website #${id}: ${STATUS_NAMES[moved.from] ?? moved.from} -> ${STATUS_NAMES[moved.to] ?? moved.to}`);
}

export const WEBSITE_COMMANDS: Record<string, Command> = {
  'website:list': {
    summary: "list merchants' websites, newest first",
    usage: 'website:list [--merchant 100001] [--status pending|audited|reviewed|...] [--limit 50]',
    options: { merchant: { type: 'string' }, status: { type: 'string' }, limit: { type: 'string' } },
    async run({ db }, values) {
      const merchantNo = text(values, 'merchant');
      const scope = merchantNo ? await merchantScope(db, merchantNo) : null;
      const statusName = text(values, 'status');
      const status = statusName === undefined ? undefined : Number(Object.entries(STATUS_NAMES).find(([, n]) => n === statusName)?.[0]);
      if (status !== undefined && !Number.isInteger(status))
        throw new UsageError(`--status must be one of ${Object.values(STATUS_NAMES).join(', ')}`);
      const rows = await listLatestWebsites(db, {
        ...(scope ? { merchantId: scope.merchantId } : {}),
        ...(status !== undefined ? { status } : {}),
        limit: positiveInt(text(values, 'limit'), '--limit', 50, 1000),
      });
      if (rows.length === 0) console.log('no websites');
      for (const w of rows)
        console.log(
          [`#${w.id}`, w.merchant_no, (STATUS_NAMES[w.status] ?? String(w.status)).padEnd(13), toIso(w.created_at), w.url, w.fail_reason]
            .filter(Boolean)
            .join('  '),
        );
    },
  },
  'website:pass': {
    summary: 'pass a website one review step: pending -> audited -> reviewed (normal; may then carry payments)',
    usage: 'website:pass <websiteId>',
    options: {},
    positionals: ['websiteId'],
    run: (ctx, values, positionals) => review(ctx, values, positionals, 'pass'),
  },
  'website:fail': {
    summary: 'fail a website at its review step (audit failed / review failed), with the reason the merchant reads',
    usage: 'website:fail <websiteId> --reason "..."',
    options: { reason: { type: 'string' } },
    positionals: ['websiteId'],
    run: (ctx, values, positionals) => review(ctx, values, positionals, 'fail'),
  },
  'website:disable': {
    summary: 'disable a website (it can no longer carry payments nor be a payment link domain)',
    usage: 'website:disable <websiteId>',
    options: {},
    positionals: ['websiteId'],
    run: (ctx, values, positionals) => review(ctx, values, positionals, 'disable'),
  },
  'website:enable': {
    summary: 'enable a disabled website again: it goes back to pending review',
    usage: 'website:enable <websiteId>',
    options: {},
    positionals: ['websiteId'],
    run: (ctx, values, positionals) => review(ctx, values, positionals, 'enable'),
  },
};
