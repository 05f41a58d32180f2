import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from 'antd';
import { http, REQUEST_TIMEOUT_MS, resetDuplicateSubmitWindow, sendRaw } from './request';
import { setLanguage } from './i18n';
import { clearCookies } from '../test/utils';

/*
 * A server that does not answer (a frozen API node, a proxy holding the connection) no longer holds a
 * screen for minutes: an ordinary call gives up after REQUEST_TIMEOUT_MS with a translated "did not
 * answer in time, try again"; uploads and downloads, which may take long, are not cut.
 */

let errorToast: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers();
  setLanguage('en');
  clearCookies();
  resetDuplicateSubmitWindow();
  errorToast = vi.spyOn(message, 'error');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A fetch that never answers; it rejects only when its signal aborts, as the browser's does. */
function silentServer() {
  const fetch = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Headers at once, then a body that never ends (a node frozen mid-answer). */
function stalledBody() {
  const fetch = vi.fn((_url: string, init: RequestInit) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"code":0,'));
        init.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function settled(promise: Promise<unknown>) {
  const state = { done: false, error: undefined as unknown };
  promise.then(
    () => (state.done = true),
    (error: unknown) => {
      state.done = true;
      state.error = error;
    },
  );
  return state;
}

const EN = 'System interface request timeout: the server did not answer in time, please try again';

describe('an ordinary call to a server that does not answer', () => {
  it(`gives up after ${REQUEST_TIMEOUT_MS / 1000} s with the translated message, and not before`, async () => {
    const fetch = silentServer();
    const call = settled(http.get('/refundment/forwardRefundmentList'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(call.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(call.error).toMatchObject({ kind: 'timeout', message: EN });
    expect(errorToast).toHaveBeenCalledWith({ content: EN, duration: 5 });
    expect((fetch.mock.calls[0]![1] as RequestInit).signal?.aborted).toBe(true);
  });

  it('in Chinese too', async () => {
    silentServer();
    setLanguage('zhCn');
    const call = settled(http.post('/refundment/apply', { tradeNo: 'T1' }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(call.error).toMatchObject({ kind: 'timeout', message: '系统接口请求超时：服务器未及时响应，请重试' });
    setLanguage('zhHk');
    const again = settled(http.post('/refundment/apply', { tradeNo: 'T2' }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(again.error).toMatchObject({ kind: 'timeout', message: '系統接口請求超時：伺服器未及時回應，請重試' });
  });

  it('also when the answer starts and then stops', async () => {
    stalledBody();
    const call = settled(http.get('/merchant/summary'));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(call.error).toMatchObject({ kind: 'timeout', message: EN });
  });

  it('an idempotent submission that timed out is sent again with the same key', async () => {
    const fetch = silentServer();
    const first = settled(http.post('/refundment/apply', { tradeNo: 'T9' }, { idempotent: true, repeatSubmit: false }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(first.error).toMatchObject({ kind: 'timeout' });
    settled(http.post('/refundment/apply', { tradeNo: 'T9' }, { idempotent: true, repeatSubmit: false }));
    const keys = fetch.mock.calls.map(([, init]) => new Headers(init.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });
});

describe('long transfers are not cut', () => {
  it('an upload waits as long as it takes', async () => {
    silentServer();
    const form = new FormData();
    form.append('files', new Blob(['x']), 'a.pdf');
    const upload = settled(http.upload('/waybill/upload', form));
    await vi.advanceTimersByTimeAsync(10 * REQUEST_TIMEOUT_MS);
    expect(upload.done).toBe(false);
  });

  it('a download waits as long as it takes', async () => {
    silentServer();
    const download = settled(sendRaw('POST', '/refundment/export', { data: { format: 'csv' } }));
    await vi.advanceTimersByTimeAsync(10 * REQUEST_TIMEOUT_MS);
    expect(download.done).toBe(false);
  });

  it('a call that names its own timeout keeps it', async () => {
    silentServer();
    const call = settled(http.get('/x', undefined, { timeout: 90_000 }));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(call.done).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(call.error).toMatchObject({ kind: 'timeout' });
  });
});
