import { API_BASE, ApiPath } from '@mbo/shared/api-paths';
import type { TOKEN_HEADER } from '@mbo/shared/auth';
import type { TEnvelope } from '@mbo/shared/envelope';
import { getLanguageHeader, t } from '../../../platform/i18n';
import { currentPath, loginPathWithRedirect, navigateTo } from '../../../platform/navigation';
import { RequestError, http } from '../../../platform/request';
import { confirmSessionExpired } from '../../../platform/request-ui';
import { clearSession, getToken } from '../../../platform/session';
import { getTimezoneName } from '../../../platform/timezone';

/*
 * File uploads (multipart/form-data). The platform request client only sends JSON, so this sends
 * the same headers (lang, timezone, X-Auth-Token) and reads the same envelope, but leaves showing a
 * failure to the caller: an upload shows it next to the file as well as in a toast.
 */

const tokenHeader: typeof TOKEN_HEADER = 'X-Auth-Token';

/** The request client's headers, without a Content-Type: the browser sets the multipart boundary. */
export function multipartHeaders(): Headers {
  const headers = new Headers();
  headers.set('lang', getLanguageHeader());
  headers.set('timezone', getTimezoneName());
  const token = getToken();
  if (token) headers.set(tokenHeader, token);
  return headers;
}

/** Spec §8: the session-expired dialog, then (on "log in again") sign-in with a way back here. */
function sessionExpired(): RequestError {
  void confirmSessionExpired()?.then((relogin) => {
    if (!relogin) return;
    const target = loginPathWithRedirect(currentPath());
    void http.post(ApiPath.logout, undefined, { silent: true, repeatSubmit: false }).catch(() => undefined);
    clearSession(target);
    navigateTo(target);
  });
  return new RequestError('unauthorized', t('request.sessionExpired'), { status: 401, code: 401 });
}

export async function postMultipart<T>(url: string, body: FormData, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${url}`, { method: 'POST', headers: multipartHeaders(), body, signal, credentials: 'same-origin' });
  } catch {
    if (signal?.aborted) throw new RequestError('aborted', t('request.network'));
    throw new RequestError('network', t('request.network'));
  }
  if (response.status === 401) throw sessionExpired();
  if (response.status === 403) throw new RequestError('forbidden', t('request.forbidden'), { status: 403 });
  if (!response.ok) {
    // Same wording as the request client: the last three characters of the failure text.
    throw new RequestError('http', t('request.httpError', { code: String(response.status).slice(-3) }), { status: response.status });
  }
  let envelope: TEnvelope<T> | null = null;
  try {
    envelope = (await response.json()) as TEnvelope<T>;
  } catch {
    envelope = null;
  }
  if (!envelope || typeof envelope.code !== 'number') throw new RequestError('business', t('request.unknownError'));
  if (envelope.code === 0) return envelope.data;
  if (envelope.code === 401) throw sessionExpired();
  throw new RequestError('business', envelope.msg || t('request.unknownError'), { code: envelope.code });
}
