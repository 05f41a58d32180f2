import { API_BASE, ApiPath, IDEMPOTENCY_KEY_HEADER } from '@mbo/shared/api-paths';
import type { TOKEN_HEADER } from '@mbo/shared/auth';
import type { TEnvelope } from '@mbo/shared/envelope';
import type { FRESH_CHECK_CODE } from '@mbo/shared/passkeys';
import { DUPLICATE_SUBMIT_WINDOW_MS } from '@mbo/shared/limits';
import { getLanguageHeader, t } from './i18n';
import { clearSession, getToken } from './session';
import { getTimezoneName } from './timezone';
import { currentPath, loginPathWithRedirect, navigateTo } from './navigation';
import { withQuery } from './query-string';
import { showErrorToast, showWarningToast } from './request-ui';
import { confirmSessionExpired } from './session-expired';
import { passFreshCheck } from './fresh-check';

// A type-only import keeps zod (which auth.ts loads) out of the sign-in bundle while still
// failing to compile if the shared header name ever changes.
const tokenHeader: typeof TOKEN_HEADER = 'X-Auth-Token';
const freshCheckCode: typeof FRESH_CHECK_CODE = 1428;

export type TRequestErrorKind = 'business' | 'unauthorized' | 'forbidden' | 'network' | 'timeout' | 'http' | 'duplicate' | 'aborted';

/** Every rejection of the request client; `message` is the translated text that was (or would be) shown. */
export class RequestError extends Error {
  readonly kind: TRequestErrorKind;
  readonly code: number | undefined;
  readonly status: number | undefined;

  constructor(kind: TRequestErrorKind, message: string, details: { code?: number; status?: number } = {}) {
    super(message);
    this.name = 'RequestError';
    this.kind = kind;
    this.code = details.code;
    this.status = details.status;
  }
}

export type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type TRequestOptions = {
  /** Query parameters; empty values are skipped (see buildQueryString). */
  params?: Record<string, unknown>;
  /** JSON body. */
  data?: unknown;
  /** Calls made before sign-in: no X-Auth-Token header, and a 401 is an ordinary failure. */
  noToken?: boolean;
  /** false turns off the duplicate-submit check for this POST/PUT. */
  repeatSubmit?: boolean;
  /**
   * Milliseconds until the call gives up with the "did not answer in time" message: REQUEST_TIMEOUT_MS
   * for an ordinary call (the whole answer), none for uploads and downloads; 0: none.
   */
  timeout?: number;
  signal?: AbortSignal;
  /** No toast and no dialog: the caller handles the rejection itself. */
  silent?: boolean;
  /**
   * No toast, but an expired session still opens the dialog: for callers that show the failure
   * next to what failed (an uploaded file, a form) rather than in a toast.
   */
  noToast?: boolean;
  headers?: Record<string, string>;
  /**
   * A request that moves money or opens a case: it carries an Idempotency-Key (see submissionKey), and
   * one that fails in transport is sent once more with the same key, which the server answers with the
   * first request's answer if that one was carried out after all.
   */
  idempotent?: boolean;
};

/**
 * Keys of submissions whose outcome is not known (the answer was lost: network failure, timeout, a
 * gateway error). The same submission sent again (the same address and body, e.g. the person presses
 * Submit again) reuses its key, so the server replays the first outcome instead of doing it twice; a
 * submission that got a definite answer forgets its key, so an intended second refund of the same
 * amount is a new submission.
 */
const uncertainKeys = new Map<string, string>();

function randomKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function submissionOf(method: TMethod, url: string, body: BodyInit | undefined): string {
  if (body instanceof FormData) {
    const parts = [...body.entries()].map(([name, v]) =>
      typeof v === 'string' ? `${name}=${v}` : `${name}:${v.name}:${v.size}:${v.lastModified}`,
    );
    return `${method} ${url} ${parts.join('&')}`;
  }
  return `${method} ${url} ${typeof body === 'string' ? body : ''}`;
}

/** Wait before the one retry of an idempotent request whose first try got no answer. */
const RETRY_DELAY_MS = 500;

/**
 * How long an ordinary call waits for the server's whole answer. The spec sets no timeout (§7), but a
 * node that stopped answering would then hold the screen until the proxy gives up (minutes): ordinary
 * calls answer in milliseconds, and nginx itself gives up on a silent node after 15 s.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

const lastSubmits = new Map<string, { body: string; time: number }>();

/**
 * Spec §7: the same POST/PUT (url and JSON body) again within 1000 ms is a duplicate. Only accepted
 * submissions are recorded, so the window runs from the first one.
 */
export function isDuplicateSubmit(method: TMethod, url: string, body: string, now: number = Date.now()): boolean {
  const key = `${method} ${url}`;
  const last = lastSubmits.get(key);
  if (last && last.body === body && now - last.time < DUPLICATE_SUBMIT_WINDOW_MS) return true;
  lastSubmits.set(key, { body, time: now });
  return false;
}

export function resetDuplicateSubmitWindow(): void {
  lastSubmits.clear();
}

function fail(error: RequestError, options: TRequestOptions, toast: 'error' | 'warning' = 'error'): never {
  const quiet = options.silent || options.noToast;
  if (!quiet && toast === 'error') showErrorToast(error.message);
  if (!quiet && toast === 'warning') showWarningToast(error.message);
  throw error;
}

function handleUnauthorized(silent: boolean | undefined, status: number): never {
  const error = new RequestError('unauthorized', t('request.sessionExpired'), { status, code: 401 });
  if (silent) throw error;
  const dialog = confirmSessionExpired();
  if (dialog) {
    void dialog.then((relogin) => {
      if (!relogin) return;
      const target = loginPathWithRedirect(currentPath());
      // The server has usually dropped the session already; the call only tidies up if it has not.
      void request('POST', ApiPath.logout, { silent: true, repeatSubmit: false }).catch(() => undefined);
      clearSession(target);
      navigateTo(target);
    });
  }
  throw error;
}

function buildHeaders(options: TRequestOptions, json: boolean): Headers {
  const headers = new Headers(options.headers);
  headers.set('lang', getLanguageHeader());
  headers.set('timezone', getTimezoneName());
  // A multipart body gets no Content-Type here: the browser writes it with the part boundary.
  if (json) headers.set('Content-Type', 'application/json;charset=utf-8');
  if (!options.noToken) {
    const token = getToken();
    if (token) headers.set(tokenHeader, token);
  }
  return headers;
}

/**
 * A response that passed the transport and status checks. Its timeout still runs while the body is
 * read; `release` stops it (and must be called once the body is read or abandoned).
 */
type TSent = { response: Response; timedOut: () => boolean; release: () => void };

/** Sends the call and returns the raw response after the transport and HTTP status checks. */
async function send(method: TMethod, url: string, options: TRequestOptions): Promise<TSent> {
  const { data } = options;
  const hasBody = data !== undefined && method !== 'GET';
  const multipart = hasBody && data instanceof FormData;
  const body = hasBody && data instanceof FormData ? data : hasBody ? JSON.stringify(data) : undefined;
  const fullUrl = withQuery(`${API_BASE}${url}`, options.params);

  // Uploads are not compared: each picked file is its own POST to the same address, often within
  // the same second, and a FormData cannot be compared as text anyway.
  if (
    (method === 'POST' || method === 'PUT') &&
    !multipart &&
    options.repeatSubmit !== false &&
    isDuplicateSubmit(method, fullUrl, typeof body === 'string' ? body : '')
  ) {
    fail(new RequestError('duplicate', t('request.repeatSubmit')), options, 'warning');
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer =
    options.timeout && options.timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.timeout)
      : undefined;
  const onCallerAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  else options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const release = () => {
    if (timer) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  };

  const submission = options.idempotent ? submissionOf(method, fullUrl, body) : '';
  const headers = buildHeaders(options, hasBody && !multipart);
  if (options.idempotent) {
    const key = uncertainKeys.get(submission) ?? randomKey();
    uncertainKeys.set(submission, key);
    headers.set(IDEMPOTENCY_KEY_HEADER, key);
  }
  let response: Response;
  try {
    const attempt = () => fetch(fullUrl, { method, headers, body, signal: controller.signal, credentials: 'same-origin' });
    // One more try of an idempotent request when the first never got an answer (same key: never twice).
    response = await attempt().catch((error: unknown) => {
      if (!options.idempotent || controller.signal.aborted) throw error;
      return new Promise<void>((resolve) => setTimeout(resolve, RETRY_DELAY_MS)).then(attempt);
    });
  } catch {
    release();
    if (timedOut) fail(new RequestError('timeout', t('request.timeout')), options);
    // Cancelled by the caller (e.g. a component going away): nothing to tell the person.
    if (options.signal?.aborted) throw new RequestError('aborted', t('request.timeout'));
    fail(new RequestError('network', t('request.network')), options);
  }
  // An answer from the application (not a proxy's 502/503/504) settles the submission.
  if (options.idempotent && response.status < 500) uncertainKeys.delete(submission);

  try {
    if (response.status === 401 && !options.noToken) handleUnauthorized(options.silent, 401);
    if (response.status === 403) fail(new RequestError('forbidden', t('request.forbidden'), { status: 403 }), options);
    if (!response.ok) {
      // Spec §8: "system interface abnormality" plus the last three characters of the failure text.
      const statusText = `Request failed with status code ${response.status}`;
      fail(new RequestError('http', t('request.httpError', { code: statusText.slice(-3) }), { status: response.status }), options);
    }
  } catch (error) {
    release();
    throw error;
  }
  return { response, timedOut: () => timedOut, release };
}

function checkEnvelope<T>(envelope: TEnvelope<T> | null, options: TRequestOptions): T {
  if (!envelope || typeof envelope !== 'object' || typeof envelope.code !== 'number') {
    fail(new RequestError('business', t('request.unknownError')), options);
  }
  if (envelope.code === 0) return envelope.data;
  if (envelope.code === 401 && !options.noToken) handleUnauthorized(options.silent, 200);
  fail(new RequestError('business', envelope.msg || t('request.unknownError'), { code: envelope.code }), options);
}

async function envelopeOf<T>(method: TMethod, url: string, options: TRequestOptions): Promise<TEnvelope<T> | null> {
  // The timeout covers the whole answer: a node that sends its headers and then stops is given up on too.
  const sent = await send(method, url, { ...options, timeout: options.timeout ?? REQUEST_TIMEOUT_MS });
  try {
    return (await sent.response.json()) as TEnvelope<T>;
  } catch {
    if (sent.timedOut()) fail(new RequestError('timeout', t('request.timeout')), options);
    return null;
  } finally {
    sent.release();
  }
}

export async function request<T>(method: TMethod, url: string, options: TRequestOptions = {}): Promise<T> {
  const envelope = await envelopeOf<T>(method, url, options);
  // A guarded call refused for want of a fresh check: the prompt, then the same call once more (a
  // refused call did nothing, so sending it again cannot do it twice). Cancelling leaves it undone.
  if (envelope?.code === freshCheckCode && !options.noToken) {
    if (!(await passFreshCheck())) {
      fail(new RequestError('business', t('request.freshCheckCancelled'), { code: freshCheckCode }), options);
    }
    return checkEnvelope(await envelopeOf<T>(method, url, { ...options, repeatSubmit: false }), options);
  }
  return checkEnvelope(envelope, options);
}

export const http = {
  get: <T>(url: string, params?: Record<string, unknown>, options?: Omit<TRequestOptions, 'params'>) =>
    request<T>('GET', url, { ...options, params }),
  post: <T>(url: string, data?: unknown, options?: Omit<TRequestOptions, 'data'>) => request<T>('POST', url, { ...options, data }),
  put: <T>(url: string, data?: unknown, options?: Omit<TRequestOptions, 'data'>) => request<T>('PUT', url, { ...options, data }),
  delete: <T>(url: string, params?: Record<string, unknown>, options?: Omit<TRequestOptions, 'params'>) =>
    request<T>('DELETE', url, { ...options, params }),
  /**
   * A multipart/form-data POST (files with their text fields; put the text fields first when the
   * server checks them before reading any file). Same headers, envelope and session dialog as every
   * other call; the failure is not toasted, because an upload shows it next to what failed.
   */
  upload: <T>(url: string, form: FormData, options?: Omit<TRequestOptions, 'data' | 'params' | 'repeatSubmit'>) =>
    request<T>('POST', url, { noToast: true, timeout: 0, ...options, data: form }),
};

/** Fills `:name` segments of a shared ApiPath. */
export function pathWith(path: string, values: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => encodeURIComponent(String(values[name] ?? '')));
}

/**
 * For the download helper: same headers and checks, but the caller reads the body. No timeout unless
 * given, and then only until the answer starts: an export streams for as long as it has rows.
 */
export async function sendRaw(method: TMethod, url: string, options: TRequestOptions = {}): Promise<Response> {
  const sent = await send(method, url, options);
  sent.release();
  return sent.response;
}

/** The text to show for a failed call: the request client's (translated) message, or the generic one. */
export function messageOf(error: unknown): string {
  return error instanceof RequestError ? error.message : t('request.unknownError');
}
