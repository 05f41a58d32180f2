import { ErrorCode } from '@mbo/shared/envelope';
import { isLanguage, type TLanguage } from '@mbo/shared/i18n';
import { ZEmail, ZMobile, type TCodeChannel } from '@mbo/shared/onboarding';
import type { Db } from '../../db/database';
import { writeOperationLog } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { Background } from '../../platform/background';
import type { Notifier } from '../../platform/notifier';
import type { SessionContext } from '../../platform/session';
import type { FileStorage } from '../../platform/storage';
import type { Clock } from '../../platform/time';

export type OnboardingDeps = { db: Db; now: Clock; notifier: Notifier; background: Background; files: FileStorage };

/** Who is calling: address and browser for the logs, language for the messages sent to a person not yet known. */
export type Client = { ip: string; userAgent: string; lang: TLanguage };

export function languageOf(person: { language: string } | undefined | null, fallback: TLanguage): TLanguage {
  return person && isLanguage(person.language) ? person.language : fallback;
}

/** An email (channel email) or E.164 mobile (channel sms) as stored; anything else is refused. */
export function normalizeTarget(channel: TCodeChannel, target: string): string {
  const parsed = channel === 'email' ? ZEmail.safeParse(target) : ZMobile.safeParse(target);
  if (!parsed.success) throw new AppError('code.badTarget', ErrorCode.validation);
  return parsed.data;
}

/** An operation-log line for what a signed-in person did. */
export async function logSessionOperation(db: Db, session: SessionContext, operation: string, content: string, ip: string, now: number) {
  await writeOperationLog(db, {
    merchantId: session.merchantId,
    adminId: session.adminId,
    sysAdmin: session.sysAdmin,
    module: 'onboarding',
    operation,
    content,
    ip,
    now,
  });
}
