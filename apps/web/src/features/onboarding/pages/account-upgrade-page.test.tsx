import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { AccountUpgradePage } from './account-upgrade-page';
import { setLanguage } from '../../../platform/i18n';
import { clearSession, getSession, getToken, storeLoginResult } from '../../../platform/session';
import { resetDuplicateSubmitWindow } from '../../../platform/request';
import { loginResult } from '../../../test/factories';
import { bodyOf, renderRoutes } from '../../../test/render';
import { clearCookies, envelope, mockFetch } from '../../../test/utils';

const oldAccount = loginResult({
  token: 'tok-old',
  kycInfo: null,
  moreBusinessNameList: [],
  userInfo: { ...loginResult().userInfo, forceChangePwd: false, loginName: 'operator', email: 'support@example.com', mobile: '' },
});
const { token: _token, ...upgraded } = loginResult({
  kycInfo: { selectedMerAdminId: 5, currBusinessId: 1, currBusinessStatus: 40, isInitialLogin: 0, requires2FA: 0 },
});

const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });

describe('account upgrade page', () => {
  beforeEach(() => {
    setLanguage('en');
    resetDuplicateSubmitWindow();
    clearCookies();
    storeLoginResult(oldAccount);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
    setLanguage('zhCn');
  });

  it('proves the email and the mobile with a code each, then keeps the same session with verification info', async () => {
    const fetch = mockFetch((url, init) => {
      if (url.pathname === '/v3api/kyc/upgrade/sendCode') {
        const body = JSON.parse(String(init?.body)) as { channel: string };
        return envelope({
          channel: body.channel,
          sentTo: body.channel === 'sms' ? '+852****4567' : 'su***@example.com',
          expiresInSeconds: 600,
          resendAfterSeconds: 60,
        });
      }
      if (url.pathname === '/v3api/kyc/upgrade/verify') return envelope(upgraded);
      return undefined;
    });
    const { location } = renderRoutes('/accountUpgrade', { '/accountUpgrade': <AccountUpgradePage />, '/': <div data-testid="home" /> });
    expect(screen.getByTestId('upgrade-notice').textContent).toContain('The login operator of merchant 100001');
    expect((document.getElementById('email') as HTMLInputElement).value).toBe('support@example.com');

    fireEvent.click(screen.getByTestId('upgrade-send-email'));
    expect(await screen.findByText('Code sent to su***@example.com')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('+852 Hong Kong'));
    type('mobile', '91234567');
    fireEvent.click(screen.getByTestId('upgrade-send-sms'));
    expect(await screen.findByText('Code sent to +852****4567')).toBeTruthy();
    type('emailCode', '111111');
    type('smsCode', '222222');
    fireEvent.click(screen.getByTestId('upgrade-submit'));

    expect(await screen.findByTestId('home')).toBeTruthy();
    expect(location()).toBe('/');
    expect(bodyOf(fetch, '/v3api/kyc/upgrade/verify')).toEqual({
      email: 'support@example.com',
      emailCode: '111111',
      mobile: '+85291234567',
      smsCode: '222222',
    });
    const sends = fetch.mock.calls
      .filter(([url]) => String(url).endsWith('/kyc/upgrade/sendCode'))
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(sends).toEqual([
      { channel: 'email', target: 'support@example.com' },
      { channel: 'sms', target: '+85291234567' },
    ]);
    expect(getToken()).toBe('tok-old');
    expect(getSession().kycInfo?.selectedMerAdminId).toBe(5);
  });
});
