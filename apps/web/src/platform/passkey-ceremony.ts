import type { TAuthenticationResponse, TWebAuthnOptions } from '@mbo/shared/passkeys';
import { t } from './i18n';
import { RequestError } from './request';
import { showErrorToast } from './request-ui';

/*
 * The browser half of a passkey (WebAuthn) ceremony. @simplewebauthn/browser is imported only when a
 * person presses a passkey button, so the first screen's script does not carry it (bundle budget).
 */

/** The person closed the browser's passkey dialog, or the device has no matching passkey. */
function ceremonyFailed(error: unknown): never {
  const name = error instanceof Error ? error.name : '';
  const text = name === 'NotAllowedError' || name === 'AbortError' ? t('login.passkey.cancelled') : t('login.passkey.failed');
  showErrorToast(text);
  throw new RequestError('aborted', text);
}

/** navigator.credentials.get with the server's options; the answer goes back to the server as is. */
export async function signWithPasskey(options: TWebAuthnOptions): Promise<TAuthenticationResponse> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    return (await startAuthentication({ optionsJSON: options as never })) as TAuthenticationResponse;
  } catch (error) {
    return ceremonyFailed(error);
  }
}

/** navigator.credentials.create with the server's options (adding a passkey in the settings). */
export async function createPasskey(options: TWebAuthnOptions): Promise<unknown> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  try {
    return await startRegistration({ optionsJSON: options as never });
  } catch (error) {
    return ceremonyFailed(error);
  }
}
