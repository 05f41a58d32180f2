import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TwoFactorPage } from './two-factor-page';
import { setLanguage } from '../../../platform/i18n';
import { clearSession, getSession, getToken, storeLoginResult } from '../../../platform/session';
import { resetDuplicateSubmitWindow } from '../../../platform/request';
import { loginResult } from '../../../test/factories';
import { bodyOf, renderRoutes } from '../../../test/render';
import { clearCookies, envelope, headerOf, mockFetch } from '../../../test/utils';

const pending = loginResult({
  token: 'tok-pending',
  userInfo: { ...loginResult().userInfo, forceChangePwd: false, email: 'owner@example.com', mobile: '+85291234567' },
  kycInfo: { selectedMerAdminId: 1, currBusinessId: 1, currBusinessStatus: 40, isInitialLogin: 0, requires2FA: 1 },
});
const passed = loginResult({ ...pending, token: 'tok-passed', kycInfo: { ...pending.kycInfo!, requires2FA: 0 } });

function renderPage() {
  return renderRoutes('/twoFA', {
    '/twoFA': <TwoFactorPage />,
    '/': <div data-testid="home">home</div>,
    '/loginNew': <div data-testid="login">login</div>,
  });
}

function server(overrides: { verify?: () => Response } = {}) {
  return mockFetch((url) => {
    if (url.pathname === '/v3api/kyc/sendCode')
      return envelope({ channel: 'email', sentTo: 'ow***@example.com', expiresInSeconds: 600, resendAfterSeconds: 60 });
    if (url.pathname === '/v3api/kyc/twoFA/verify') return overrides.verify?.() ?? envelope(passed);
    if (url.pathname === '/v3api/admin/logout') return envelope(null);
    return undefined;
  });
}

describe('two-step verification page', () => {
  beforeEach(() => {
    setLanguage('en');
    resetDuplicateSubmitWindow();
    clearCookies();
    storeLoginResult(pending);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
    setLanguage('zhCn');
  });

  it("offers the person's mobile and email, partly hidden", () => {
    server();
    renderPage();
    expect(screen.getByTestId('twofa-channel-sms').textContent).toBe('Mobile +852****4567');
    expect(screen.getByTestId('twofa-channel-email').textContent).toBe('Email ow***@example.com');
  });

  it('sends the code to the chosen channel, verifies it, keeps the new session and goes on', async () => {
    const fetch = server();
    const { location } = renderPage();
    fireEvent.click(screen.getByTestId('twofa-channel-email'));
    fireEvent.click(screen.getByTestId('twofa-send'));
    expect(await screen.findByText('Code sent to ow***@example.com')).toBeTruthy();
    expect(bodyOf(fetch, '/v3api/kyc/sendCode')).toEqual({ purpose: 'twoFA', channel: 'email' });
    expect(headerOf(fetch.mock.calls[0]![1], 'X-Auth-Token')).toBe('tok-pending');

    fireEvent.change(document.getElementById('code')!, { target: { value: ' 123 456 ' } });
    fireEvent.click(screen.getByTestId('twofa-submit'));
    expect(await screen.findByTestId('home')).toBeTruthy();
    expect(location()).toBe('/');
    expect(bodyOf(fetch, '/v3api/kyc/twoFA/verify')).toEqual({ code: '123456' });
    expect(getToken()).toBe('tok-passed');
    expect(getSession().kycInfo?.requires2FA).toBe(0);
    expect(JSON.parse(localStorage.getItem('Admin-Kyc') ?? '{}')).toMatchObject({ requires2FA: 0 });
  });

  it('stays, with the session held, when the code is wrong', async () => {
    server({ verify: () => envelope(null, 1002, 'Incorrect verification code, 4 attempts left') });
    const { location } = renderPage();
    fireEvent.change(document.getElementById('code')!, { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('twofa-submit'));
    expect(await screen.findByText('Incorrect verification code, 4 attempts left')).toBeTruthy();
    expect(location()).toBe('/twoFA');
    expect(getToken()).toBe('tok-pending');
    expect(getSession().kycInfo?.requires2FA).toBe(1);
  });

  it('asks for a 6-digit code before calling the server', async () => {
    const fetch = server();
    renderPage();
    fireEvent.change(document.getElementById('code')!, { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('twofa-submit'));
    expect(await screen.findByText('The verification code is 6 digits')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers only the email when the person has no mobile', () => {
    storeLoginResult({ ...pending, userInfo: { ...pending.userInfo, mobile: '' } });
    server();
    renderPage();
    expect(screen.queryByTestId('twofa-channel-sms')).toBeNull();
    expect(screen.getByTestId('twofa-channel-email')).toBeTruthy();
  });

  it('signs out from the page', async () => {
    const fetch = server();
    renderPage();
    fireEvent.click(screen.getByTestId('prepared-logout'));
    await waitFor(() => expect(getToken()).toBeNull());
    expect(getSession().exitTo).toBe('/loginNew');
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/v3api/admin/logout'))).toBe(true);
  });

  it('sends a session that needs no second step on', async () => {
    storeLoginResult(passed);
    server();
    const { location } = renderPage();
    expect(await screen.findByTestId('home')).toBeTruthy();
    expect(location()).toBe('/');
  });
});
