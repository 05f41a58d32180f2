import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { message } from 'antd';
import { http, isDuplicateSubmit, RequestError, resetDuplicateSubmitWindow } from './request';
import { setLanguage } from './i18n';
import { setTimezoneId } from './timezone';
import { registerNavigator } from './navigation';
import { getToken, storeLoginResult } from './session';
import { clearCookies, envelope, headerOf, mockFetch } from '../test/utils';
import { isSessionDialogOpen } from './session-expired';
import { loginResult } from '../test/factories';

let errorToast: ReturnType<typeof vi.spyOn>;
let warningToast: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  setLanguage('en');
  localStorage.removeItem('timezone');
  setTimezoneId(1);
  clearCookies();
  resetDuplicateSubmitWindow();
  errorToast = vi.spyOn(message, 'error');
  warningToast = vi.spyOn(message, 'warning');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  registerNavigator(null);
});

function toastText(spy: ReturnType<typeof vi.spyOn>): unknown {
  const arg = spy.mock.calls[0]?.[0] as { content?: unknown; duration?: unknown } | undefined;
  return arg?.content;
}

/** Waits for a button of the session-expired dialog to show, and gives it. */
function dialogButton(testId: string): Promise<HTMLButtonElement> {
  return waitFor(() => {
    const button = document.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`);
    expect(button).not.toBeNull();
    return button!;
  });
}

describe('request headers and base path', () => {
  it('calls /v3api with lang, timezone and the token from the Admin-Token cookie', async () => {
    storeLoginResult(loginResult({ token: 'abc' }));
    setTimezoneId(4);
    setLanguage('zhHk');
    const fetch = mockFetch(() => envelope({ ok: 1 }));
    await expect(http.get('/merchant/summary', { page: 1, empty: '' })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/v3api/merchant/summary?page=1');
    expect(headerOf(init, 'lang')).toBe('zh_HK');
    expect(headerOf(init, 'timezone')).toBe('Europe/London');
    expect(headerOf(init, 'X-Auth-Token')).toBe('abc');
  });

  it('leaves the token out of calls marked no-token', async () => {
    storeLoginResult(loginResult({ token: 'abc' }));
    const fetch = mockFetch(() => envelope({ token: 'new' }));
    await http.post('/admin/login', { merchantNo: '1' }, { noToken: true });
    expect(headerOf(fetch.mock.calls[0]![1], 'X-Auth-Token')).toBeNull();
    expect(headerOf(fetch.mock.calls[0]![1], 'Content-Type')).toContain('application/json');
  });
});

describe('response handling', () => {
  it('shows msg for code != 0 for 5 s and rejects', async () => {
    mockFetch(() => envelope(null, 1002, 'Withdrawable balance insufficient'));
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'business', message: 'Withdrawable balance insufficient', code: 1002 });
    expect(errorToast).toHaveBeenCalledWith({ content: 'Withdrawable balance insufficient', duration: 5 });
  });

  it('falls back to the unknown-error text when msg is empty', async () => {
    mockFetch(() => envelope(null, 500, ''));
    await expect(http.get('/x')).rejects.toBeInstanceOf(RequestError);
    expect(toastText(errorToast)).toBe('Unknown system error, please tell the administrator');
  });

  it('maps 403 to the permission message', async () => {
    mockFetch(() => envelope(null, 403, 'Forbidden', 403));
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'forbidden' });
    expect(toastText(errorToast)).toBe('You have not been assigned this permission');
  });

  it('maps a network failure to the network message', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'network' });
    expect(toastText(errorToast)).toBe('Network connection error, please try again later');
  });

  it('maps a per-call timeout to the timeout message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    await expect(http.get('/x', undefined, { timeout: 20 })).rejects.toMatchObject({ kind: 'timeout' });
    expect(toastText(errorToast)).toBe('System interface request timeout: the server did not answer in time, please try again');
  });

  it('maps other HTTP failures to "system interface abnormality" plus the status code', async () => {
    mockFetch(() => new Response('bad gateway', { status: 502 }));
    await expect(http.get('/x')).rejects.toMatchObject({ kind: 'http', status: 502 });
    expect(toastText(errorToast)).toBe('System interface abnormality 502');
  });

  it('stays quiet for silent calls', async () => {
    mockFetch(() => envelope(null, 1001, 'nope'));
    await expect(http.get('/x', undefined, { silent: true })).rejects.toMatchObject({ message: 'nope' });
    expect(errorToast).not.toHaveBeenCalled();
  });
});

describe('duplicate submission window (1000 ms)', () => {
  it('isDuplicateSubmit: same url and body within the window only', () => {
    expect(isDuplicateSubmit('POST', '/a', '{"x":1}', 0)).toBe(false);
    expect(isDuplicateSubmit('POST', '/a', '{"x":1}', 999)).toBe(true);
    expect(isDuplicateSubmit('POST', '/a', '{"x":2}', 999)).toBe(false);
    expect(isDuplicateSubmit('POST', '/b', '{"x":2}', 999)).toBe(false);
    expect(isDuplicateSubmit('POST', '/a', '{"x":2}', 1999)).toBe(false);
  });

  it('rejects the same POST within 1000 ms with a warning, and lets it through afterwards', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const fetch = mockFetch(() => envelope(null));
    await http.post('/merchant/updatePassword', { a: 1 });
    vi.setSystemTime(new Date('2026-01-01T00:00:00.500Z'));
    await expect(http.post('/merchant/updatePassword', { a: 1 })).rejects.toMatchObject({ kind: 'duplicate' });
    expect(toastText(warningToast)).toBe('Data is being processed, do not resubmit');
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.setSystemTime(new Date('2026-01-01T00:00:01.001Z'));
    await expect(http.post('/merchant/updatePassword', { a: 1 })).resolves.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('lets a different body, a PUT of another url, and repeatSubmit: false through', async () => {
    const fetch = mockFetch(() => envelope(null));
    await http.post('/p', { a: 1 });
    await http.post('/p', { a: 2 });
    await http.put('/q', { a: 1 });
    await http.post('/p', { a: 2 }, { repeatSubmit: false });
    await http.put('/q', { a: 1 }, { repeatSubmit: false });
    expect(fetch).toHaveBeenCalledTimes(5);
    await expect(http.put('/q', { a: 1 })).rejects.toMatchObject({ kind: 'duplicate' });
  });

  it('never applies to GET', async () => {
    const fetch = mockFetch(() => envelope(1));
    await Promise.all([http.get('/g'), http.get('/g'), http.get('/g')]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

describe('401: session expired', () => {
  it('opens one dialog for several concurrent 401s and rejects each with "session expired"', async () => {
    storeLoginResult(loginResult());
    mockFetch(() => envelope(null, 401, 'expired', 401));
    const results = await Promise.allSettled([http.get('/a'), http.get('/b'), http.get('/c'), http.post('/d', {})]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toMatchObject({
        kind: 'unauthorized',
        message: 'Your session is invalid or has expired. Please sign in again.',
      });
    }
    await waitFor(() => expect(document.querySelectorAll('.session-expired-dialog')).toHaveLength(1));
    expect(document.querySelector('[data-testid="session-expired-dialog"]')?.textContent).toContain(
      'You can stay on this page or sign in again',
    );
    expect(errorToast).not.toHaveBeenCalled();

    // More failures while it is open do not stack another one.
    await expect(http.get('/e')).rejects.toMatchObject({ kind: 'unauthorized' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelectorAll('.session-expired-dialog')).toHaveLength(1);
    document.querySelector<HTMLButtonElement>('[data-testid="session-expired-stay"]')?.click();
    await waitFor(() => expect(isSessionDialogOpen()).toBe(false));
  });

  it('"log in again" clears the session and goes to sign-in with the current path', async () => {
    storeLoginResult(loginResult());
    window.history.replaceState(null, '', '/log/forwardLoginLogList?page=3');
    const navigate = vi.fn();
    registerNavigator(navigate);
    mockFetch((url) => (url.pathname === '/v3api/admin/logout' ? envelope(null) : envelope(null, 401, 'expired', 401)));
    await expect(http.get('/a')).rejects.toBeInstanceOf(RequestError);
    const relogin = await dialogButton('session-expired-relogin');
    relogin.click();
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(`/loginNew?redirect=${encodeURIComponent('/log/forwardLoginLogList?page=3')}`, undefined),
    );
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('Admin-Info')).toBeNull();
  });

  it('"stay" keeps the session, and a later 401 may ask again', async () => {
    storeLoginResult(loginResult());
    mockFetch(() => envelope(null, 401, 'expired', 401));
    await expect(http.get('/a')).rejects.toBeInstanceOf(RequestError);
    const stay = await dialogButton('session-expired-stay');
    stay.click();
    expect(getToken()).toBe('tok-1');
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expect(http.get('/b')).rejects.toBeInstanceOf(RequestError);
    await waitFor(() => expect(document.querySelectorAll('[data-testid="session-expired-stay"]').length).toBeGreaterThanOrEqual(1));
    // Closed again, so that the next test starts without a dialog open (the first one may still be
    // fading out, so every "stay" button there is is pressed until none is open).
    await waitFor(() => {
      for (const button of document.querySelectorAll<HTMLButtonElement>('[data-testid="session-expired-stay"]')) button.click();
      expect(isSessionDialogOpen()).toBe(false);
    });
  });
});

describe('uploads (multipart)', () => {
  it('posts the form with the session headers and no JSON content type, and reads the envelope', async () => {
    storeLoginResult(loginResult({ token: 'abc' }));
    setLanguage('zhHk');
    const fetch = mockFetch(() => envelope([{ fileId: 7 }]));
    const form = new FormData();
    form.append('caseNo', 'C1');
    form.append('files', new File(['x'], 'a.pdf'));
    await expect(http.upload('/dispute/appeal', form)).resolves.toEqual([{ fileId: 7 }]);
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/v3api/dispute/appeal');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(form);
    expect(headerOf(init, 'X-Auth-Token')).toBe('abc');
    expect(headerOf(init, 'lang')).toBe('zh_HK');
    expect(headerOf(init, 'Content-Type')).toBeNull();
  });

  it('lets each picked file through to the same address at once', async () => {
    const fetch = mockFetch(() => envelope([]));
    await Promise.all([1, 2, 3].map(() => http.upload('/kyc/upload', new FormData())));
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('rejects with the server message without a toast: the caller shows it next to the file', async () => {
    mockFetch(() => envelope(null, 1001, 'File type not allowed'));
    await expect(http.upload('/kyc/upload', new FormData())).rejects.toMatchObject({ kind: 'business', message: 'File type not allowed' });
    mockFetch(() => new Response('too large', { status: 413 }));
    await expect(http.upload('/kyc/upload', new FormData())).rejects.toMatchObject({ kind: 'http', status: 413 });
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('opens the session-expired dialog on a 401', async () => {
    storeLoginResult(loginResult());
    mockFetch(() => envelope(null, 401, 'expired', 401));
    await expect(http.upload('/kyc/upload', new FormData())).rejects.toMatchObject({ kind: 'unauthorized' });
    const stay = await dialogButton('session-expired-stay');
    stay.click();
    await waitFor(() => expect(isSessionDialogOpen()).toBe(false));
  });
});

describe('idempotent requests (money and cases)', () => {
  const keyOf = (fetch: ReturnType<typeof mockFetch>, i: number) => headerOf(fetch.mock.calls[i]![1], 'Idempotency-Key');

  it('sends a key; a first try that got no answer is tried once more with the same key', async () => {
    let calls = 0;
    const fetch = mockFetch(() => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return envelope({ refundNo: 'R1' });
    });
    await expect(http.post('/refundment/apply', { tradeNo: 'T1', amount: '1.00' }, { idempotent: true })).resolves.toEqual({
      refundNo: 'R1',
    });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(keyOf(fetch, 0)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(fetch, 1)).toBe(keyOf(fetch, 0));
  });

  it('keeps the key of a submission whose outcome is unknown for the next identical one, and forgets it after an answer', async () => {
    let status = 502;
    const fetch = mockFetch(() => (status === 502 ? new Response('bad gateway', { status: 502 }) : envelope({ refundNo: 'R2' })));
    const body = { tradeNo: 'T2', amount: '2.00' };
    await expect(http.post('/refundment/apply', body, { idempotent: true, silent: true })).rejects.toBeInstanceOf(RequestError);
    resetDuplicateSubmitWindow();
    status = 200;
    await http.post('/refundment/apply', body, { idempotent: true });
    expect(keyOf(fetch, 1)).toBe(keyOf(fetch, 0));
    // Answered: the same values again are a new submission (a second refund of the same amount).
    resetDuplicateSubmitWindow();
    await http.post('/refundment/apply', body, { idempotent: true });
    expect(keyOf(fetch, 2)).not.toBe(keyOf(fetch, 1));
    // Other requests carry no key.
    await http.post('/refundment/other', body);
    expect(keyOf(fetch, 3)).toBeNull();
  });
});
