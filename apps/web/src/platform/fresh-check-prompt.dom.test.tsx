import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { openFreshCheckPrompt } from './fresh-check-prompt';
import { envelope, mockFetch } from '../test/utils';
import { bodyOf } from '../test/render';
import { signedInEnglishClientForFile } from '../test/client-state';

const Plain = ({ children }: { children: ReactNode }) => <>{children}</>;
const CODE_SENT = { channel: 'email', sentTo: 'o***@example.com', expiresInSeconds: 600, resendAfterSeconds: 60 };

signedInEnglishClientForFile();

describe('the fresh-check prompt', () => {
  it('passes the check with a code sent to the channel chosen, and then closes', async () => {
    const fetch = mockFetch((url) => {
      if (url.pathname === '/v3api/auth/securitySettings')
        return envelope({ refundCheckThreshold: 1000, canPasskey: false, codeChannels: ['sms', 'email'] });
      if (url.pathname === '/v3api/auth/freshCheck/sendCode') return envelope(CODE_SENT);
      if (url.pathname === '/v3api/auth/freshCheck') return envelope({ checkedAt: 1 });
      return undefined;
    });
    const passed = openFreshCheckPrompt(Plain);
    await screen.findByText('Email');
    expect(screen.queryByTestId('fresh-check-passkey')).toBeNull();
    fireEvent.click(screen.getByText('Email'));
    fireEvent.click(screen.getByTestId('fresh-check-send'));
    await waitFor(() => expect(bodyOf(fetch, '/v3api/auth/freshCheck/sendCode')).toEqual({ channel: 'email' }));
    fireEvent.change(document.getElementById('code')!, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('fresh-check-submit'));
    await expect(passed).resolves.toBe(true);
    expect(bodyOf(fetch, '/v3api/auth/freshCheck')).toEqual({ method: 'code', channel: 'email', code: '123456' });
    expect(screen.queryByTestId('fresh-check-prompt')).toBeNull();
  });

  it('offers the passkey when the administrator has one, and answers false when cancelled', async () => {
    const fetch = mockFetch((url) =>
      url.pathname === '/v3api/auth/securitySettings'
        ? envelope({ refundCheckThreshold: 0, canPasskey: true, codeChannels: ['sms'] })
        : undefined,
    );
    const passed = openFreshCheckPrompt(Plain);
    expect(await screen.findByTestId('fresh-check-passkey')).toBeTruthy();
    fireEvent.click(screen.getByTestId('fresh-check-cancel'));
    await expect(passed).resolves.toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
