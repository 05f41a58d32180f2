import type { TLoginResult } from '@mbo/shared/auth';
import { PasskeyPath, type TWebAuthnOptions } from '@mbo/shared/passkeys';
import { signWithPasskey } from '../../../platform/passkey-ceremony';
import { http } from '../../../platform/request';

/**
 * The second step by one of the administrator's own passkeys instead of a code: it answers a new
 * session (requires2FA 0) that replaces the held one, as the code does. The server refuses with
 * "no passkey" when the administrator has none.
 */
export async function passTwoFactorWithPasskey(): Promise<TLoginResult> {
  const options = await http.post<TWebAuthnOptions>(PasskeyPath.checkOptions, undefined, { repeatSubmit: false });
  const response = await signWithPasskey(options);
  return http.post<TLoginResult>(PasskeyPath.twoFactor, { response }, { repeatSubmit: false });
}
