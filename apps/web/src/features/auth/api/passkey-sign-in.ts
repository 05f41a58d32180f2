import type { TLoginResult } from '@mbo/shared/auth';
import type { PasskeyPath, TPasskeySignInBody, TWebAuthnOptions } from '@mbo/shared/passkeys';
import { signWithPasskey } from '../../../platform/passkey-ceremony';
import { http } from '../../../platform/request';
import { useAction, type TActionOptions } from '../../../platform/use-action';

// Type-only ties to the shared paths: the sign-in page's script does not load the schemas (and zod).
const signInOptionsPath: typeof PasskeyPath.signInOptions = '/auth/passkeys/signInOptions';
const signInPath: typeof PasskeyPath.signIn = '/auth/passkeys/signIn';

/**
 * Sign-in with a passkey: a challenge with no allowed-credential list (a discoverable passkey, so no
 * login name is typed), the browser's passkey dialog, then the answer with the merchant number.
 */
export async function signInWithPasskey(merchantNo: string): Promise<TLoginResult> {
  const options = await http.post<TWebAuthnOptions>(signInOptionsPath, undefined, { noToken: true, repeatSubmit: false });
  const body: TPasskeySignInBody = { merchantNo, response: await signWithPasskey(options) };
  return http.post<TLoginResult>(signInPath, body, { noToken: true, repeatSubmit: false });
}

export function usePasskeySignIn(options?: TActionOptions) {
  return useAction(signInWithPasskey, options);
}
