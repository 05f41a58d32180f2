import { afterEach, describe, expect, it, vi } from 'vitest';
import { message } from 'antd';
import { http } from './request';
import { registerFreshCheckPrompt } from './fresh-check';
import { envelope, mockFetch } from '../test/utils';
import { signedInEnglishClientForFile } from '../test/client-state';

/** The server's refusal of a guarded call whose session has not passed a check in the last 5 minutes. */
const refused = () => envelope(null, 1428, 'Confirm it is you first');

signedInEnglishClientForFile();
afterEach(() => registerFreshCheckPrompt(null));

describe('a call refused for want of a fresh check (code 1428)', () => {
  it('opens the prompt and, once it is passed, sends the same call again and answers its result', async () => {
    const prompt = vi.fn(() => Promise.resolve(true));
    registerFreshCheckPrompt(prompt);
    let calls = 0;
    const fetch = mockFetch(() => (++calls === 1 ? refused() : envelope({ withdrawNo: 'W1' })));
    const errorToast = vi.spyOn(message, 'error');
    await expect(http.post('/fund/withdraw/apply', { amount: 100 }, { idempotent: true })).resolves.toEqual({ withdrawNo: 'W1' });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]![1]?.body).toBe(JSON.stringify({ amount: 100 }));
    expect(errorToast).not.toHaveBeenCalled();
  });

  it('leaves the action undone with a clear message when the prompt is cancelled', async () => {
    registerFreshCheckPrompt(() => Promise.resolve(false));
    const fetch = mockFetch(() => refused());
    const errorToast = vi.spyOn(message, 'error');
    await expect(http.post('/fund/withdraw/apply', { amount: 100 })).rejects.toMatchObject({
      code: 1428,
      message: 'Not done: this action needs you to confirm it is you first.',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(errorToast).toHaveBeenCalledTimes(1);
  });

  it('retries only once: a second refusal is shown as the server said it', async () => {
    const prompt = vi.fn(() => Promise.resolve(true));
    registerFreshCheckPrompt(prompt);
    const fetch = mockFetch(() => refused());
    await expect(http.post('/fund/withdraw/apply', { amount: 1 })).rejects.toMatchObject({
      code: 1428,
      message: 'Confirm it is you first',
    });
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shares one prompt among calls refused at the same time', async () => {
    let pass: (passed: boolean) => void = () => undefined;
    const prompt = vi.fn(() => new Promise<boolean>((resolve) => (pass = resolve)));
    registerFreshCheckPrompt(prompt);
    const seen = new Map<string, number>();
    const fetch = mockFetch((url) => {
      const n = (seen.get(url.pathname) ?? 0) + 1;
      seen.set(url.pathname, n);
      return n === 1 ? refused() : envelope({ path: url.pathname });
    });
    const a = http.post('/a', {});
    const b = http.post('/b', {});
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    // Both refusals reach the client (a macrotask: their answers are read in microtasks) before the prompt is passed.
    await new Promise((resolve) => setTimeout(resolve, 0));
    pass(true);
    await expect(Promise.all([a, b])).resolves.toEqual([{ path: '/v3api/a' }, { path: '/v3api/b' }]);
    expect(prompt).toHaveBeenCalledTimes(1);
  });
});
