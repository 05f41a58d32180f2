import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render } from '@testing-library/react';
import { ReminderNotifier } from './reminder-notifier';
import { setLanguage } from '../../../platform/i18n';
import { resetDuplicateSubmitWindow } from '../../../platform/request';
import { envelope, mockFetch } from '../../../test/utils';

function visibleReminders(): string[] {
  return [...document.querySelectorAll('[data-testid="reminder-content"]')].map((el) => el.textContent ?? '');
}

describe('message reminders', () => {
  beforeEach(() => {
    setLanguage('en');
    resetDuplicateSubmitWindow();
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('fetches 2 s after mounting, shows one at a time, marks each read on close, and shows the next 300 ms later', async () => {
    const fetch = mockFetch((url, init) => {
      if (url.pathname === '/v3api/messageReminder/remind')
        return envelope([
          { id: 11, content: 'First reminder' },
          { id: 12, content: 'Second reminder' },
        ]);
      if (url.pathname.startsWith('/v3api/messageReminder/read/') && init?.method === 'PUT') return envelope(null);
      return undefined;
    });
    render(<ReminderNotifier />);

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(fetch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(visibleReminders()).toEqual(['First reminder']);

    fireEvent.click(document.querySelector('.ant-notification-notice-close')!);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(fetch.mock.calls.some(([url, init]) => String(url) === '/v3api/messageReminder/read/11' && init?.method === 'PUT')).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(visibleReminders()).toContain('Second reminder');

    // The second closes by itself after 4.5 s and is marked read too.
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(fetch.mock.calls.some(([url]) => String(url) === '/v3api/messageReminder/read/12')).toBe(true);
  });
});
