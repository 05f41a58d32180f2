import { randomBytes } from 'node:crypto';
import type { TMerchantDetails } from '@mbo/shared/system-merchant';
import type { Db } from '../../db/database';
import { forgiveAttempt, ownerKey, refusalError, takeAttempt, type Attempt } from '../../platform/attempt-limiter';
import { businessError, notFoundError, unauthorizedError } from '../../platform/errors';
import { noteOperation } from '../../platform/operation-log';
import { verifyPassword } from '../../platform/passwords';
import { gatewayIdFilter, type Scope } from '../../platform/scope';
import type { SessionContext } from '../../platform/session';
import { toIso } from '../../platform/time';

/*
 * Merchant details (spec §3 Merchant) and the sign key. The key is issued (32 random hex characters)
 * the first time someone reveals it; it is only ever sent by the reveal route, after the person typed
 * their password again, and each reveal (or wrong password) is an operation-log entry. The password
 * goes through the attempt limiter (kind `signKey`): five wrong ones in a row stop reveals for that
 * person for 15 minutes, counted before the check so that parallel tries cannot pass the limit.
 */

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** All but the last four characters hidden. */
export function maskTail(text: string, visible = 4): string {
  if (text.length === 0) return '';
  const shown = Math.min(visible, Math.floor(text.length / 2));
  return `${'*'.repeat(Math.max(text.length - shown, 4))}${text.slice(text.length - shown)}`;
}

export async function getMerchantDetails(db: Db, scope: Scope): Promise<TMerchantDetails> {
  const ids = gatewayIdFilter(scope);
  const [m, accounts, gateways] = await Promise.all([
    db.selectFrom('merchants').selectAll().where('id', '=', scope.merchantId).executeTakeFirst(),
    db
      .selectFrom('merchant_bank_accounts')
      .select(['id', 'bank_name', 'holder', 'account_no', 'currency', 'is_default'])
      .where('merchant_id', '=', scope.merchantId)
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('gateways')
      .select(['gateway_no', 'name', 'currency', 'status', 'services'])
      .where('merchant_id', '=', scope.merchantId)
      .$if(ids !== null, (qb) => qb.where('id', 'in', ids ?? [0]))
      .orderBy('gateway_no')
      .execute(),
  ]);
  if (!m) throw unauthorizedError();
  return {
    merchantNo: m.merchant_no,
    name: m.name,
    contact: m.contact,
    documentType: m.document_type,
    documentNo: m.document_no,
    industry: m.industry,
    region: m.region,
    city: m.city,
    address: m.address,
    phone: m.phone,
    fax: m.fax,
    status: m.status,
    contractStart: m.contract_start,
    contractEnd: m.contract_end,
    registeredAt: toIso(m.registered_at),
    deductionRateBp: m.deduction_rate_bp,
    bankAccounts: accounts.map((a) => ({
      id: a.id,
      bankName: a.bank_name,
      holder: a.holder,
      accountNoMasked: maskTail(a.account_no),
      currency: a.currency,
      isDefault: a.is_default === 1,
    })),
    gateways: gateways.map((g) => ({
      gatewayNo: g.gateway_no,
      name: g.name,
      currency: g.currency,
      status: g.status,
      services: splitList(g.services || m.services),
    })),
    signKeyMasked: maskTail(m.sign_key),
  };
}

/** The sign key in clear, after the caller's password; issued on first use. */
export async function revealSignKey(db: Db, session: SessionContext, password: string, ip: string, now: number): Promise<string> {
  // A system administrator signed in by SSO has no password of their own to confirm with.
  if (session.sysAdmin) throw businessError('signKey.sysAdmin');
  const attempt: Attempt = { kind: 'signKey', account: ownerKey('signKey', session), ip };
  const gate = await takeAttempt(db, attempt, now);
  if (!gate.allowed) throw refusalError(gate, now, 'signKey.tooMany');
  const admin = await db
    .selectFrom('admins')
    .select('password_hash')
    .where('id', '=', session.adminId)
    .where('merchant_id', '=', session.merchantId)
    .executeTakeFirst();
  if (!admin) throw notFoundError();
  if (!(await verifyPassword(admin.password_hash, password))) throw businessError('signKey.wrongPassword');
  await forgiveAttempt(db, attempt);

  let issued = false;
  const fresh = randomBytes(16).toString('hex');
  const res = await db
    .updateTable('merchants')
    .set({ sign_key: fresh })
    .where('id', '=', session.merchantId)
    .where('sign_key', '=', '')
    .executeTakeFirst();
  issued = Number(res.numUpdatedRows) === 1;
  const row = await db.selectFrom('merchants').select('sign_key').where('id', '=', session.merchantId).executeTakeFirstOrThrow();
  noteOperation({
    // Masked when stored: the entry shows that the key was issued, never the key.
    ...(issued ? { change: { before: { signKey: '' }, after: { signKey: fresh } } } : {}),
    content: issued ? 'signKey issued and revealed' : 'signKey revealed',
    target: `merchantNo=${await merchantNo(db, session.merchantId)}`,
  });
  return row.sign_key;
}

async function merchantNo(db: Db, merchantId: number): Promise<string> {
  const row = await db.selectFrom('merchants').select('merchant_no').where('id', '=', merchantId).executeTakeFirst();
  return row?.merchant_no ?? '';
}
