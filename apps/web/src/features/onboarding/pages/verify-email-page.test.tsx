import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { VerifyEmailPage } from './verify-email-page';
import { setLanguage } from '../../../platform/i18n';
import { clearSession, storeLoginResult } from '../../../platform/session';
import { resetDuplicateSubmitWindow } from '../../../platform/request';
import { loginResult } from '../../../test/factories';
import { bodyOf, renderRoutes } from '../../../test/render';
import { clearCookies, envelope, mockFetch } from '../../../test/utils';

const EXPIRED = 'Email verification failed: link expired, resend the email';

function renderPage(token: string) {
  return renderRoutes(`/verifyEmail?token=${token}`, { '/verifyEmail': <VerifyEmailPage />, '/loginNew': <div data-testid="login" /> });
}

describe('email verification page', () => {
  beforeEach(() => {
    setLanguage('en');
    resetDuplicateSubmitWindow();
    clearSession();
    clearCookies();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
    setLanguage('zhCn');
  });

  it('verifies the link once and offers to sign in', async () => {
    const fetch = mockFetch((url) =>
      url.pathname === '/v3api/kyc/isc/verifyEmail' ? envelope({ email: 'owner@example.com' }) : undefined,
    );
    renderPage('ok-token');
    expect((await screen.findByTestId('verify-email-success')).textContent).toBe('Email address verified');
    expect(screen.getByText('owner@example.com is verified; you can now sign in with an email code.')).toBeTruthy();
    expect(screen.getByTestId('verify-email-login').textContent).toBe('Sign in');
    expect(bodyOf(fetch, '/v3api/kyc/isc/verifyEmail')).toEqual({ token: 'ok-token' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("shows the server's expired-link message and resends to the address given", async () => {
    const fetch = mockFetch((url) => {
      if (url.pathname === '/v3api/kyc/isc/verifyEmail') return envelope(null, 1002, EXPIRED);
      if (url.pathname === '/v3api/kyc/isc/verifyEmail/resend') return envelope(null);
      return undefined;
    });
    renderPage('old-token');
    expect((await screen.findByTestId('verify-email-error')).textContent).toBe(EXPIRED);
    fireEvent.click(screen.getByTestId('verify-email-resend'));
    expect(await screen.findByText('The email address is required')).toBeTruthy();
    fireEvent.change(document.getElementById('email')!, { target: { value: 'owner@example.com' } });
    fireEvent.click(screen.getByTestId('verify-email-resend'));
    expect((await screen.findByTestId('verify-email-resent')).textContent).toContain('owner@example.com');
    expect(bodyOf(fetch, '/v3api/kyc/isc/verifyEmail/resend')).toEqual({ email: 'owner@example.com' });
  });

  it('fills in the email of a signed-in person', async () => {
    storeLoginResult(loginResult({ userInfo: { ...loginResult().userInfo, email: 'me@example.com' } }));
    mockFetch((url) => (url.pathname === '/v3api/kyc/isc/verifyEmail' ? envelope(null, 1002, EXPIRED) : undefined));
    renderPage('old-token-2');
    await screen.findByTestId('verify-email-error');
    expect((document.getElementById('email') as HTMLInputElement).value).toBe('me@example.com');
  });
});
