import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { VerifyEmailPage } from './verify-email-page';
import { storeLoginResult } from '../../../platform/session';
import { loginResult } from '../../../test/factories';
import { bodyOf, renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { useSignedOutEnglishClient } from '../../../test/client-state';

const EXPIRED = 'Email verification failed: link expired, resend the email';

function renderPage(token: string) {
  return renderRoutes(`/verifyEmail?token=${token}`, { '/verifyEmail': <VerifyEmailPage />, '/loginNew': <div data-testid="login" /> });
}

describe('email verification page', () => {
  useSignedOutEnglishClient();

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
