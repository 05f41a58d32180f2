import { isLanguage } from '@mbo/shared/i18n';
import type { TCodeSent } from '@mbo/shared/onboarding';
import type { TFreshCheckBody, TSecuritySettings } from '@mbo/shared/passkeys';
import { sendCode, verifyCode } from '../../platform/codes';
import { businessError, forbiddenError } from '../../platform/errors';
import { recordFreshCheck } from '../../platform/fresh-check';
import type { SessionContext } from '../../platform/session';
import * as repo from './passkey-repository';
import { passFreshCheckWithPasskey, type PasskeyDeps } from './passkeys';
import type { Client } from './service';

/*
 * Passing the fresh check (platform/fresh-check.ts) by a code: sent with the code machinery of
 * platform/codes.ts (purpose `freshCheck`, its send limits, 5 tries a code, the owner's pause after 10
 * wrong ones) to the admin's own address: the person's, else the one kept on the admin row.
 */

type Channel = 'sms' | 'email';

async function addressOf(deps: PasskeyDeps, session: SessionContext, channel: Channel) {
  const a = await repo.findCodeAddresses(deps.db, session.adminId);
  const destination = channel === 'sms' ? a?.person_mobile || a?.admin_mobile : (a?.person_email || a?.admin_email)?.toLowerCase();
  if (!a || !destination) throw businessError('freshCheck.noCodeAddress');
  return { destination, personId: a.person_id, language: a.language };
}

export async function sendFreshCheckCode(deps: PasskeyDeps, session: SessionContext, channel: Channel, client: Client): Promise<TCodeSent> {
  const to = await addressOf(deps, session, channel);
  return sendCode(deps, {
    purpose: 'freshCheck',
    channel,
    destination: to.destination,
    personId: to.personId,
    ip: client.ip,
    language: to.language && isLanguage(to.language) ? to.language : client.lang,
  });
}

export async function passFreshCheck(deps: PasskeyDeps, session: SessionContext, body: TFreshCheckBody, client: Client): Promise<number> {
  if (body.method === 'passkey') return passFreshCheckWithPasskey(deps, session, body.response, client);
  const to = await addressOf(deps, session, body.channel);
  await verifyCode(deps, { purpose: 'freshCheck', destination: to.destination, code: body.code, ip: client.ip });
  const now = deps.now();
  await recordFreshCheck(deps.db, session.sessionId, now);
  return now;
}

export async function readSecuritySettings(deps: PasskeyDeps, session: SessionContext): Promise<TSecuritySettings> {
  const [threshold, passkeys, a] = await Promise.all([
    repo.getRefundCheckThreshold(deps.db, session.merchantId),
    repo.countPasskeys(deps.db, session.adminId),
    repo.findCodeAddresses(deps.db, session.adminId),
  ]);
  const codeChannels: Channel[] = [];
  if (a?.person_mobile || a?.admin_mobile) codeChannels.push('sms');
  if (a?.person_email || a?.admin_email) codeChannels.push('email');
  return { refundCheckThreshold: Number(threshold?.refund_check_threshold ?? 0), canPasskey: passkeys > 0, codeChannels };
}

/** Only the owner sets the refund threshold (the routes also ask for a fresh check). */
export async function saveRefundThreshold(deps: PasskeyDeps, session: SessionContext, threshold: number): Promise<void> {
  if (!session.isOwner) throw forbiddenError();
  await repo.setRefundCheckThreshold(deps.db, session.merchantId, threshold);
}
