import { ZInviteBody } from '@mbo/shared/onboarding';
import { KYC_REVIEW_STATES } from '@mbo/shared/kyc';
import * as identity from '../domains/onboarding/identity-service';
import { inviteAdmin } from '../domains/onboarding/invitation-service';
import * as kycRepo from '../domains/onboarding/kyc-repository';
import { approveKyc, rejectKyc, setUpApprovedMerchant } from '../domains/onboarding/kyc-review';
import { operatorScope } from '../platform/scope';
import { toIso } from '../platform/time';
import { merchantScope, positiveInt, text, textOptions, UsageError, type Command, type Context, type Values } from './ops-common';
import {
  DEFAULT_GATEWAY_SERVICES,
  GATEWAY_SERVICES,
  normaliseServices,
  type Readiness,
  type SetupDone,
} from '../domains/onboarding/merchant-setup';
import * as repo from './ops-repository';
import { BUILT_IN_ROLES } from '../domains/system/roles';

/** Operator commands of onboarding: the outboxes, the KYC review, invitations and SSO tickets. */

async function businessOf(ctx: Context, raw: string | undefined) {
  const id = Number(raw);
  if (!raw || !Number.isInteger(id) || id < 1)
    throw new UsageError(`<businessId> must be a business id (see kyc:list), got "${raw ?? ''}"`);
  const m = await repo.findMerchantById(ctx.db, id);
  if (!m) throw new UsageError(`no business ${id}`);
  return m;
}

const iso = (ms: number | null) => (ms === null ? '-' : toIso(ms));

function servicesOption(values: Values): { services?: string } {
  const raw = text(values, 'services');
  if (raw === undefined) return {};
  const services = normaliseServices(raw);
  if (services === null) throw new UsageError(`--services must be a comma-separated list of ${GATEWAY_SERVICES.join(', ')}, got "${raw}"`);
  return { services };
}

/** What approval set up, and what the merchant still lacks, said precisely. */
function printSetup(gatewayNo: string, setup: SetupDone, readiness: Readiness): void {
  console.log(`  gateway ${gatewayNo} services: ${setup.services}`);
  console.log(
    `  settlement configuration: ${setup.settlementConfig === 'created' ? 'set to the defaults (settle:config to change)' : 'kept'}`,
  );
  console.log(`  bank account from the KYC profile: ${setup.bankAccount === 'created' ? 'added' : 'already there'}`);
  if (readiness.missing.length === 0)
    console.log(`  ready: payment links on ${readiness.linkGateways.join(', ')}, withdrawals to ${readiness.bankAccounts} bank account(s)`);
  for (const m of readiness.missing) console.log(`  missing: ${m}`);
}

export const ONBOARDING_COMMANDS: Record<string, Command> = {
  'mail:list': {
    summary: 'list the latest mails (sent, failed, or kept in the outbox without SMTP)',
    usage: 'mail:list [--to ADDRESS] [--limit 20]',
    options: { to: { type: 'string' }, limit: { type: 'string' } },
    async run({ db }, values) {
      const to = text(values, 'to')?.toLowerCase();
      const rows = await repo.listMails(db, { ...(to ? { to } : {}), limit: positiveInt(text(values, 'limit'), '--limit', 20, 1000) });
      if (rows.length === 0) console.log('no mail');
      for (const m of rows) {
        console.log([`#${m.id}`, m.status.padEnd(7), toIso(m.created_at), m.to_addr.padEnd(32), m.subject].join('  '));
      }
    },
  },

  'mail:show': {
    summary: 'print one mail with its text (links included)',
    usage: 'mail:show <id>',
    options: {},
    positionals: ['id'],
    async run({ db }, _values, [raw]) {
      const id = Number(raw);
      if (!Number.isInteger(id) || id < 1) throw new UsageError(`<id> must be a mail id, got "${raw ?? ''}"`);
      const m = await repo.getMail(db, id);
      if (!m) throw new UsageError(`no mail #${id}`);
      console.log(
        [
          `Mail #${m.id} (${m.status}${m.error ? `: ${m.error}` : ''})`,
          `To:       ${m.to_addr}`,
          `Subject:  ${m.subject}`,
          `Language: ${m.language}`,
          `Created:  ${toIso(m.created_at)}`,
          '',
          m.text_body,
        ].join('\n'),
      );
    },
  },

  'sms:list': {
    summary: 'list the latest text messages with their text',
    usage: 'sms:list [--to +NUMBER] [--limit 20]',
    options: { to: { type: 'string' }, limit: { type: 'string' } },
    async run({ db }, values) {
      const to = text(values, 'to');
      const rows = await repo.listSms(db, { ...(to ? { to } : {}), limit: positiveInt(text(values, 'limit'), '--limit', 20, 1000) });
      if (rows.length === 0) console.log('no SMS');
      for (const s of rows)
        console.log([`#${s.id}`, s.status.padEnd(7), toIso(s.created_at), s.to_number.padEnd(16), s.text_body].join('  '));
    },
  },

  'kyc:list': {
    summary: 'list KYC profiles, newest submission first',
    usage: `kyc:list [--state ${KYC_REVIEW_STATES.join('|')}] [--limit 50]`,
    options: { state: { type: 'string' }, limit: { type: 'string' } },
    async run({ db }, values) {
      const state = text(values, 'state');
      if (state && !(KYC_REVIEW_STATES as readonly string[]).includes(state))
        throw new UsageError(`--state must be one of ${KYC_REVIEW_STATES.join(', ')}`);
      const rows = await kycRepo.listProfiles(db, {
        ...(state ? { state } : {}),
        limit: positiveInt(text(values, 'limit'), '--limit', 50, 1000),
      });
      if (rows.length === 0) console.log('no KYC profile');
      for (const k of rows) {
        console.log(
          [
            `business ${String(k.merchant_id).padEnd(6)}`,
            k.merchant_no.padEnd(8),
            k.review_state.padEnd(12),
            `submitted ${iso(k.submitted_at)}`,
            k.name,
          ].join('  '),
        );
      }
    },
  },

  'kyc:show': {
    summary: 'print a KYC profile (as submitted, or the draft) and its files',
    usage: 'kyc:show <businessId>',
    options: {},
    positionals: ['businessId'],
    async run(ctx, _values, [raw]) {
      const m = await businessOf(ctx, raw);
      const scope = operatorScope(m.id);
      const profile = await kycRepo.findProfile(ctx.db, scope);
      console.log(`business ${m.id}  merchant ${m.merchant_no}  ${m.name}  status ${m.status}`);
      if (!profile) {
        console.log('no KYC profile');
        return;
      }
      console.log(`review state: ${profile.review_state}${profile.reject_reason ? ` (reason: ${profile.reject_reason})` : ''}`);
      console.log(`submitted: ${iso(profile.submitted_at)}  reviewed: ${iso(profile.reviewed_at)}  updated: ${iso(profile.updated_at)}`);
      const json = profile.submitted_json ?? profile.draft_json;
      console.log(`${profile.submitted_json ? 'submitted profile' : 'draft'}:`);
      console.log(JSON.stringify(JSON.parse(json), null, 2));
      const files = await kycRepo.listFiles(ctx.db, scope);
      console.log(`files: ${files.length}`);
      for (const f of files)
        console.log(
          `  #${f.id}  ${f.field.padEnd(20)} ${f.mime.padEnd(20)} ${String(f.size).padStart(9)}  ${f.sha256}  ${f.original_name}`,
        );
    },
  },

  'kyc:approve': {
    summary:
      'approve a profile under review: business active (40), all modules, a gateway in the settlement currency with card schemes, its settlement configuration and the KYC bank account; mails the applicant',
    usage: `kyc:approve <businessId> [--services ${DEFAULT_GATEWAY_SERVICES}] (any of ${GATEWAY_SERVICES.join(', ')})`,
    options: { services: { type: 'string' } },
    positionals: ['businessId'],
    async run(ctx, values, [raw]) {
      const m = await businessOf(ctx, raw);
      const out = await approveKyc(ctx, m.id, 'en', servicesOption(values));
      console.log(
        `approved business ${m.id} (merchant ${out.merchantNo}, ${out.businessName}); gateway ${out.gatewayNo ?? '-'}; mail to ${out.mailedTo ?? '(nobody)'}`,
      );
      if (out.setup && out.readiness) printSetup(out.gatewayNo ?? '-', out.setup, out.readiness);
    },
  },

  'kyc:setup': {
    summary:
      'for a business approved earlier: card schemes on its gateway in the settlement currency, a settlement configuration and the KYC bank account, where missing',
    usage: `kyc:setup <businessId> [--services ${DEFAULT_GATEWAY_SERVICES}]`,
    options: { services: { type: 'string' } },
    positionals: ['businessId'],
    async run(ctx, values, [raw]) {
      const m = await businessOf(ctx, raw);
      const out = await setUpApprovedMerchant(ctx, m.id, servicesOption(values));
      if (!out.ok && out.reason === 'notApproved') throw new UsageError(`business ${m.id} has no approved KYC profile (kyc:show ${m.id})`);
      if (!out.ok) throw new UsageError(`business ${m.id} has no enabled gateway in ${out.currency}, its KYC settlement currency`);
      printSetup(out.gatewayNo, out.setup, out.readiness);
    },
  },

  'kyc:reject': {
    summary: 'reject a profile under review with a reason the applicant reads; mails the applicant',
    usage: 'kyc:reject <businessId> --reason "..."',
    options: { reason: { type: 'string' } },
    positionals: ['businessId'],
    async run(ctx, values, [raw]) {
      const reason = text(values, 'reason', true);
      if (reason.length > 500) throw new UsageError('--reason may be at most 500 characters');
      const m = await businessOf(ctx, raw);
      const out = await rejectKyc(ctx, m.id, reason);
      console.log(`rejected business ${m.id} (merchant ${out.merchantNo}); mail to ${out.mailedTo ?? '(nobody)'}`);
    },
  },

  'admin:invite': {
    summary: 'invite an administrator by email (7-day link)',
    usage:
      'admin:invite --merchant 100001 --email ADDRESS [--role <role name>, default: the administrator role] [--name TEXT] [--gateways 10010001,10010002]',
    options: { ...textOptions('merchant', 'email', 'role', 'name', 'gateways') },
    async run(ctx, values) {
      const scope = await merchantScope(ctx.db, text(values, 'merchant', true));
      const roleName = text(values, 'role');
      const roles = await repo.listRoles(ctx.db, scope);
      // Without --role: the merchant's administrator role (the one with every permission).
      const role = roleName ? roles.find((r) => r.name.toLowerCase() === roleName.toLowerCase()) : roles.find((r) => r.is_admin === 1);
      if (!role)
        throw new UsageError(
          `no role "${roleName ?? BUILT_IN_ROLES.administrator.name}"; roles of this merchant: ${roles.map((r) => r.name).join(', ') || '(none)'}`,
        );
      const parsed = ZInviteBody.safeParse({
        email: text(values, 'email', true),
        roleId: role.id,
        name: text(values, 'name'),
        gatewayNos: text(values, 'gateways')
          ?.split(',')
          .map((g) => g.trim())
          .filter(Boolean),
      });
      if (!parsed.success) throw new UsageError(`invalid ${String(parsed.error.issues[0]?.path[0] ?? 'option')}`);
      const inv = await inviteAdmin(ctx, { scope, adminId: null, sysAdmin: true, mayGrantAdminRole: true, ip: '' }, parsed.data, 'en');
      console.log(
        `invited ${inv.email} as admin #${inv.adminId} with role "${role.name}"; the link expires ${inv.expiresAt} (see mail:list)`,
      );
    },
  },

  'sso:ticket': {
    summary: 'print a one-time single sign-on link for a merchant (valid 60 seconds)',
    usage: 'sso:ticket --merchant 100001',
    options: { merchant: { type: 'string' } },
    async run(ctx, values) {
      const scope = await merchantScope(ctx.db, text(values, 'merchant', true));
      const t = await identity.createSsoTicket(ctx, scope.merchantId);
      if (!t) throw new UsageError('this merchant has no active owner or administrator to act as');
      console.log(t.link);
      console.error(`acts as "${t.loginName}", expires in ${t.expiresInSeconds} s, works once`);
    },
  },
};
