/**
 * Unlocking an account that ten wrong passwords locked (PCI DSS 8.3.4 keeps it locked 30 minutes),
 * before the lock runs out: the owner proves both the password and the account's verified email or
 * mobile. Flow:
 *   admin/login -> locked (code ErrorCode.locked, the lock message)
 *   -> unlockSendCode {merchantNo, loginName, password} -> always the same answer, data null; a code
 *      goes to the account's mobile (else its verified email) only when the account exists, is
 *      locked and the password is right
 *   -> unlock {merchantNo, loginName, password, code} -> ZLoginResult (the lock is cleared and the
 *      session opens), or the usual code error.
 * The answers never depend on whether the account exists. The paths are in sign-in-lock.ts.
 */
import type { z } from 'zod';
import { ZLoginBody } from './auth';
import { ZVerificationCode } from './onboarding';

export const ZUnlockSendCodeBody = ZLoginBody;
export type TUnlockSendCodeBody = z.infer<typeof ZUnlockSendCodeBody>;

export const ZUnlockBody = ZLoginBody.extend({ code: ZVerificationCode });
export type TUnlockBody = z.infer<typeof ZUnlockBody>;
