import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LoginPage } from './login-page';
import { getSession, getToken } from '../../../platform/session';
import { loginResult } from '../../../test/factories';
import { bodyOf, renderRoutes } from '../../../test/render';
import { envelope, headerOf, mockFetch } from '../../../test/utils';
import { useSignedOutEnglishClient } from '../../../test/client-state';

const UNVERIFIED = 'Sign-in by email is not available until the email address is verified; verify it or sign in with your mobile';
const CODE_SENT = { channel: 'sms', sentTo: '+852****4567', expiresInSeconds: 600, resendAfterSeconds: 60 };

function renderPage(path = '/loginNew') {
  return renderRoutes(path, {
    '/loginNew': <LoginPage />,
    '/': <div data-testid="home">home</div>,
    '/log/forwardLoginLogList': <div data-testid="login-log">log</div>,
    '/forgotPassword': <div data-testid="forgot">forgot</div>,
  });
}

const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });

describe('sign-in by email or mobile code', () => {
  useSignedOutEnglishClient();

  it('opens on the merchant-number form; the code forms come with their tabs', async () => {
    renderPage();
    expect(screen.getByTestId('code-login-tab-merchant').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('login-submit')).toBeTruthy();
    expect(screen.queryByTestId('code-login-submit')).toBeNull();

    fireEvent.click(screen.getByTestId('code-login-tab-email'));
    expect(await screen.findByTestId('code-login-submit')).toBeTruthy();
    expect(screen.getByTestId('code-login-tab-email').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.queryByTestId('login-submit')).toBeNull();
  });

  it("shows the server's refusal of email sign-in before the email is verified", async () => {
    const fetch = mockFetch((url) => (url.pathname === '/v3api/kyc/isc/captchaSms' ? envelope(null, 1002, UNVERIFIED) : undefined));
    renderPage();
    fireEvent.click(screen.getByTestId('code-login-tab-email'));
    await screen.findByTestId('code-login-submit');
    type('email', 'owner@example.com');
    fireEvent.click(screen.getByTestId('send-code'));
    expect((await screen.findByTestId('code-login-error')).textContent).toBe(UNVERIFIED);
    expect(bodyOf(fetch, '/v3api/kyc/isc/captchaSms')).toEqual({ purpose: 'signIn', channel: 'email', target: 'owner@example.com' });
    expect(headerOf(fetch.mock.calls[0]![1], 'X-Auth-Token')).toBeNull();
    expect(screen.getByTestId('send-code').textContent).toBe('Send code');
  });

  it('shows the same refusal when the sign-in itself is refused', async () => {
    mockFetch((url) => (url.pathname === '/v3api/kyc/isc/signIn' ? envelope(null, 1002, UNVERIFIED) : undefined));
    renderPage();
    fireEvent.click(screen.getByTestId('code-login-tab-email'));
    await screen.findByTestId('code-login-submit');
    type('email', 'owner@example.com');
    type('code', '123456');
    fireEvent.click(screen.getByTestId('code-login-submit'));
    expect((await screen.findByTestId('code-login-error')).textContent).toBe(UNVERIFIED);
    expect(getToken()).toBeNull();
  });

  it('signs in by mobile code, stores the session like the password sign-in and follows the redirect', async () => {
    const result = loginResult({ token: 'tok-sms', userInfo: { ...loginResult().userInfo, forceChangePwd: false } });
    const fetch = mockFetch((url) => {
      if (url.pathname === '/v3api/kyc/isc/captchaSms') return envelope(CODE_SENT);
      if (url.pathname === '/v3api/kyc/isc/signIn') return envelope(result);
      return undefined;
    });
    const { location } = renderPage('/loginNew?redirect=%2Flog%2FforwardLoginLogList');
    fireEvent.click(screen.getByTestId('code-login-tab-mobile'));
    await screen.findByTestId('code-login-submit');
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('+852 Hong Kong'));
    type('mobile', '9123 4567');
    fireEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('Code sent to +852****4567')).toBeTruthy();
    expect(bodyOf(fetch, '/v3api/kyc/isc/captchaSms')).toEqual({ purpose: 'signIn', channel: 'sms', target: '+85291234567' });

    type('code', '246810');
    fireEvent.click(screen.getByTestId('code-login-submit'));
    expect(await screen.findByTestId('login-log')).toBeTruthy();
    expect(location()).toBe('/log/forwardLoginLogList');
    expect(bodyOf(fetch, '/v3api/kyc/isc/signIn')).toEqual({ channel: 'sms', target: '+85291234567', code: '246810' });
    expect(getToken()).toBe('tok-sms');
    expect(getSession().loaded).toBe(true);
    expect(localStorage.getItem('Admin-Info')).not.toBeNull();
  });

  it('links to the forgot-password page', async () => {
    const { location } = renderPage();
    fireEvent.click(screen.getByTestId('forgot-password-link'));
    await waitFor(() => expect(location()).toBe('/forgotPassword'));
  });
});
