import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LoginPage } from './login-page';
import { getSession, getToken } from '../../../platform/session';
import { loginResult } from '../../../test/factories';
import { bodyOf, renderRoutes } from '../../../test/render';
import { envelope, headerOf, mockFetch } from '../../../test/utils';
import { useSignedOutEnglishClient } from '../../../test/client-state';
import { LOCKED_CODE } from '@mbo/shared/sign-in-lock';

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

describe('unlocking a locked account from the sign-in page', () => {
  useSignedOutEnglishClient();
  const LOCKED_MSG = 'The account is locked, please try again in 30 minutes';

  function fillSignIn() {
    type('merchantNo', ' 100001 ');
    type('loginName', 'owner');
    type('password', 'Right#Pass1');
    fireEvent.click(screen.getByTestId('login-submit'));
  }

  it('offers the unlock step only when the lock refused the sign-in', async () => {
    mockFetch((url) =>
      url.pathname === '/v3api/admin/login' ? envelope(null, 1002, 'Incorrect merchant number, login name or password') : undefined,
    );
    renderPage();
    fillSignIn();
    expect(await screen.findByText('Incorrect merchant number, login name or password')).toBeTruthy();
    expect(screen.queryByTestId('unlock-offer')).toBeNull();
  });

  it('sends a code for what was typed, then unlocks and signs in with the password and the code', async () => {
    const result = loginResult({ token: 'tok-unlocked', userInfo: { ...loginResult().userInfo, forceChangePwd: false } });
    const fetch = mockFetch((url) => {
      if (url.pathname === '/v3api/admin/login') return envelope(null, LOCKED_CODE, LOCKED_MSG);
      if (url.pathname === '/v3api/admin/unlock/sendCode') return envelope(null);
      if (url.pathname === '/v3api/admin/unlock') return envelope(result);
      return undefined;
    });
    const { location } = renderPage('/loginNew?redirect=%2Flog%2FforwardLoginLogList');
    fillSignIn();
    fireEvent.click(await screen.findByTestId('unlock-start'));
    expect(await screen.findByText('Unlock the account')).toBeTruthy();
    expect(screen.getByText(/Login owner of merchant number 100001 is locked/)).toBeTruthy();

    fireEvent.click(screen.getByTestId('unlock-send-code'));
    expect(await screen.findByText(/a code has been sent to the account's mobile or verified email/)).toBeTruthy();
    const credentials = { merchantNo: '100001', loginName: 'owner', password: 'Right#Pass1' };
    expect(bodyOf(fetch, '/v3api/admin/unlock/sendCode')).toEqual(credentials);

    type('code', '135790');
    fireEvent.click(screen.getByTestId('unlock-submit'));
    expect(await screen.findByTestId('login-log')).toBeTruthy();
    expect(location()).toBe('/log/forwardLoginLogList');
    expect(bodyOf(fetch, '/v3api/admin/unlock')).toEqual({ ...credentials, code: '135790' });
    expect(getToken()).toBe('tok-unlocked');
  });

  it("shows the server's refusal of a wrong code beside the form and stays signed out; Back returns to sign-in", async () => {
    mockFetch((url) => {
      if (url.pathname === '/v3api/admin/login') return envelope(null, LOCKED_CODE, LOCKED_MSG);
      if (url.pathname === '/v3api/admin/unlock') return envelope(null, 1002, 'The verification code is incorrect or no longer valid');
      return undefined;
    });
    renderPage();
    fillSignIn();
    fireEvent.click(await screen.findByTestId('unlock-start'));
    type('code', '000000');
    fireEvent.click(await screen.findByTestId('unlock-submit'));
    expect((await screen.findByTestId('unlock-error')).textContent).toBe('The verification code is incorrect or no longer valid');
    expect(getToken()).toBeNull();
    fireEvent.click(screen.getByTestId('unlock-cancel'));
    expect(await screen.findByTestId('login-submit')).toBeTruthy();
    expect(screen.queryByTestId('unlock-offer')).toBeNull();
  });
});
