import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@mbo/shared/envelope';
import type { TLanguage } from '@mbo/shared/i18n';
import { VERIFICATION_CODE_LENGTH } from '@mbo/shared/limits';
import {
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  type TCodeChannel,
  type TCodePurpose,
  type TCodeSent,
} from '@mbo/shared/onboarding';
import type { Db, DbOrTrx, Trx } from '../db/database';
import { LockKind, lockKeys } from '../db/keyed-lock';
import { forgiveAttempt, refusalError, subjectKey, takeAccountAttempt, takeAddressAttempt, type Attempt } from './attempt-limiter';
import { AppError, businessError } from './errors';
import type { MessageParams } from './i18n';
import type { MessageKey } from './messages';
import type { Notifier } from './notifier';
import { notificationText, type MailKind, type NotificationKey, type NotificationParams } from './notification-texts';

/*
 * Verification codes: 6 digits from crypto.randomInt, stored as sha256(salt:code) with a per-code
 * salt, valid CODE_TTL_SECONDS, single use, at most CODE_MAX_ATTEMPTS tries (the next try is
 * refused even with the right code) within the attempt limiter's counts per client address and per
 * owner (verifyCode), one send per destination and purpose per CODE_RESEND_SECONDS, and at most
 * CODES_PER_DESTINATION_PER_HOUR / CODES_PER_IP_PER_HOUR sends.
 */
export const CODES_PER_DESTINATION_PER_HOUR = 10;
export const CODES_PER_IP_PER_HOUR = 30;
const HOUR_MS = 3_600_000;

export type CodeDeps = { db: Db; now: () => number; notifier: Notifier };

export type CodeRequest = {
  purpose: TCodePurpose;
  channel: TCodeChannel;
  /** Normalized: lower-case email or E.164 mobile. */
  destination: string;
  personId: number | null;
  ip: string;
  /** Language of the message. */
  language: TLanguage;
  /**
   * false: everything happens as for a real send (limits, a stored code) except the delivery, so
   * that a destination with no account cannot be told apart from one with an account.
   */
  deliver?: boolean;
  /**
   * Sends this notice instead of the code, with everything else as for a real send (limits, a stored
   * code that is never told, the same delivery-failure answer): for a destination that must not get a
   * code but whose owner should hear about the attempt ("someone tried to register with your number").
   */
  instead?: CodeNotice;
};

export type CodeNotice = { channel: 'sms'; text: string } | { channel: 'email'; mail: MailKind; params: NotificationParams };

function tooMany(key: 'code.resendTooSoon' | 'code.tooManyForDestination' | 'code.tooManyForIp', seconds = 0): AppError {
  return new AppError(key, ErrorCode.tooMany, 200, { seconds });
}

function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

export function generateCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

export function maskDestination(channel: TCodeChannel, destination: string): string {
  if (channel === 'email') {
    const [local = '', domain = ''] = destination.split('@');
    return `${local.slice(0, 2)}***@${domain}`;
  }
  return destination.length > 8 ? `${destination.slice(0, 4)}****${destination.slice(-4)}` : '****';
}

async function countSince(db: DbOrTrx, column: 'destination' | 'ip', value: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('verification_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', value)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Throws the translated refusal when a send limit is reached for this destination, purpose or client address. */
async function checkSendLimits(trx: Trx, r: CodeRequest, ip: string, now: number): Promise<void> {
  const latest = await trx
    .selectFrom('verification_codes')
    .select(['created_at'])
    .where('destination', '=', r.destination)
    .where('purpose', '=', r.purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest && now - latest.created_at < CODE_RESEND_SECONDS * 1000) {
    throw tooMany('code.resendTooSoon', Math.ceil((CODE_RESEND_SECONDS * 1000 - (now - latest.created_at)) / 1000));
  }
  if ((await countSince(trx, 'destination', r.destination, now - HOUR_MS)) >= CODES_PER_DESTINATION_PER_HOUR) {
    throw tooMany('code.tooManyForDestination');
  }
  if ((await countSince(trx, 'ip', ip, now - HOUR_MS)) >= CODES_PER_IP_PER_HOUR) throw tooMany('code.tooManyForIp');
}

/**
 * Checks the limits, stores a new code (retiring older ones of the same destination and purpose) and
 * delivers it. The check and the stored code are one transaction serialised per destination and per
 * client address (db/keyed-lock.ts), so requests that arrive together, on one node or several, are
 * counted one after another; the message goes out after that commit, only for a request that passed.
 */
export async function sendCode(deps: CodeDeps, r: CodeRequest): Promise<TCodeSent> {
  const { db } = deps;
  const now = deps.now();
  const ip = r.ip.slice(0, 64);
  const code = generateCode();
  const salt = randomBytes(16).toString('hex');
  const row = await db.transaction().execute(async (trx) => {
    await lockKeys(trx, [
      [LockKind.codeDestination, r.destination],
      [LockKind.codeClient, ip],
    ]);
    await checkSendLimits(trx, r, ip, now);
    await trx
      .updateTable('verification_codes')
      .set({ used_at: now })
      .where('destination', '=', r.destination)
      .where('purpose', '=', r.purpose)
      .where('used_at', 'is', null)
      .execute();
    return trx
      .insertInto('verification_codes')
      .values({
        purpose: r.purpose,
        channel: r.channel,
        destination: r.destination,
        person_id: r.personId,
        code_hash: hashCode(salt, code),
        salt,
        attempts: 0,
        ip,
        created_at: now,
        expires_at: now + CODE_TTL_SECONDS * 1000,
        used_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });

  if (r.deliver !== false) {
    const params = {
      code,
      minutes: CODE_TTL_SECONDS / 60,
      purpose: notificationText(r.language, `purpose.${r.purpose}` as NotificationKey),
    };
    const notice = r.instead;
    const result = notice
      ? notice.channel === 'sms'
        ? await deps.notifier.sms.send(r.destination, r.language, notice.text)
        : await deps.notifier.mail.send(r.destination, r.language, notice.mail, notice.params)
      : r.channel === 'sms'
        ? await deps.notifier.sms.send(r.destination, r.language, notificationText(r.language, 'sms.code', params))
        : await deps.notifier.mail.send(r.destination, r.language, 'code', params);
    if (result.status === 'failed') {
      // An undelivered code must not count against the person: retire it and let them try again at once.
      await db.deleteFrom('verification_codes').where('id', '=', row.id).execute();
      throw businessError('delivery.failed');
    }
  }
  return {
    channel: r.channel,
    sentTo: maskDestination(r.channel, r.destination),
    expiresInSeconds: CODE_TTL_SECONDS,
    resendAfterSeconds: CODE_RESEND_SECONDS,
  };
}

export type CodeCheck = {
  purpose: TCodePurpose;
  code: string;
  /** The destination the code was sent to; or, for codes sent to a signed-in person's own address, their person id. */
  destination?: string;
  personId?: number;
  /** The client address: every try counts against it (platform/attempt-limiter.ts). */
  ip: string;
  /**
   * Every failure about the code answers "code invalid", so the answer does not tell whether a code is
   * live (the unlock, where a live code means a locked account and a right password); the address's
   * own limit still answers as itself.
   */
  oneAnswer?: boolean;
};

export type CodeMatch = { destination: string; channel: TCodeChannel; personId: number | null };

/**
 * Uses up the newest live code of a destination (or person) and purpose, through the attempt limiter
 * (kind `code`): each try counts against the client address first; then, when there is a live code,
 * against the code itself, which is burnt after CODE_MAX_ATTEMPTS tries (the next try is refused even
 * with the right code); then against the destination (or person) for that purpose, whose 10th wrong
 * code in a row pauses its code checks for 30 minutes. Every count is raised in SQL before
 * comparing, so parallel guesses cannot exceed any of the limits. A right code gives
 * the address its try back and starts the destination's count over.
 */
export async function verifyCode(deps: Pick<CodeDeps, 'db' | 'now'>, c: CodeCheck): Promise<CodeMatch> {
  const { db } = deps;
  const now = deps.now();
  if (c.destination === undefined && c.personId === undefined) throw new Error('verifyCode needs a destination or a person');
  const fail = (key: MessageKey, params: MessageParams = {}) =>
    businessError(c.oneAnswer ? 'code.invalid' : key, c.oneAnswer ? {} : params);
  const address = await takeAddressAttempt(db, c.ip, now);
  if (!address.allowed) throw refusalError(address, now, 'code.locked');
  const row = await db
    .selectFrom('verification_codes')
    .select(['id', 'channel', 'destination', 'person_id', 'code_hash', 'salt', 'expires_at'])
    .where('purpose', '=', c.purpose)
    .$if(c.destination !== undefined, (qb) => qb.where('destination', '=', c.destination ?? ''))
    .$if(c.personId !== undefined, (qb) => qb.where('person_id', '=', c.personId ?? 0))
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.expires_at <= now) throw businessError('code.invalid');

  const counted = await db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', CODE_MAX_ATTEMPTS)
    .where('used_at', 'is', null)
    .returning('attempts')
    .executeTakeFirst();
  if (!counted) throw fail('code.tooManyAttempts');

  // Only tries the code itself let through count against its owner: nobody can pause someone's codes
  // without a code being sent, and a burst at a burnt code does not pause the next one.
  const owner = subjectKey('code', `${c.purpose}\n${c.destination ?? `person:${c.personId ?? 0}`}`);
  const attempt: Attempt = { kind: 'code', account: owner, ip: c.ip };
  const account = await takeAccountAttempt(db, owner, now, 'code');
  if (!account.allowed) throw c.oneAnswer ? businessError('code.invalid') : refusalError(account, now, 'code.locked');

  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(row.salt, c.code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const remaining = CODE_MAX_ATTEMPTS - counted.attempts;
    throw remaining > 0 ? fail('code.wrong', { remaining }) : fail('code.tooManyAttempts');
  }
  const used = await db
    .updateTable('verification_codes')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw businessError('code.invalid');
  await forgiveAttempt(db, attempt);
  return { destination: row.destination, channel: row.channel as TCodeChannel, personId: row.person_id };
}
