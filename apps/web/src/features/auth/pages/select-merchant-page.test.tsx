import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { SelectMerchantPage } from './select-merchant-page';
import { setLanguage } from '../../../platform/i18n';
import { clearSession, getSession, getToken, storeLoginResult } from '../../../platform/session';
import { resetDuplicateSubmitWindow } from '../../../platform/request';
import { loginResult } from '../../../test/factories';
import { bodyOf, renderRoutes } from '../../../test/render';
import { clearCookies, envelope, mockFetch } from '../../../test/utils';

describe('account chooser: create a new business', () => {
  beforeEach(() => {
    setLanguage('en');
    resetDuplicateSubmitWindow();
    clearCookies();
    storeLoginResult(loginResult({ token: 'tok-old' }));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
    setLanguage('zhCn');
  });

  it('creates the business, replaces the session with its own and opens business verification', async () => {
    const created = loginResult({
      token: 'tok-new-business',
      moreBusinessNameList: [],
      kycInfo: { selectedMerAdminId: 30, currBusinessId: 30, currBusinessStatus: 10, isInitialLogin: 1, requires2FA: 0 },
    });
    const fetch = mockFetch((url) => (url.pathname === '/v3api/kyc/createNewBusiness' ? envelope(created) : undefined));
    const { location } = renderRoutes('/selectMerchant', { '/selectMerchant': <SelectMerchantPage />, '/kyc': <div data-testid="kyc" /> });
    fireEvent.click(screen.getByTestId('create-business'));
    fireEvent.change(await screen.findByTestId('create-business-name'), { target: { value: ' Second Shop ' } });
    fireEvent.click(screen.getByTestId('create-business-confirm'));
    expect(await screen.findByTestId('kyc')).toBeTruthy();
    expect(location()).toBe('/kyc');
    expect(bodyOf(fetch, '/v3api/kyc/createNewBusiness')).toEqual({ businessName: 'Second Shop' });
    expect(getToken()).toBe('tok-new-business');
    expect(getSession().kycInfo?.currBusinessId).toBe(30);
    expect(JSON.parse(localStorage.getItem('Admin-Businesses') ?? 'null')).toEqual([]);
  });

  it('is not offered to a login without a person behind it', () => {
    storeLoginResult(loginResult({ kycInfo: null }));
    mockFetch(() => undefined);
    renderRoutes('/selectMerchant', { '/selectMerchant': <SelectMerchantPage /> });
    expect(screen.queryByTestId('create-business')).toBeNull();
  });

  it('words the page for a member with a single account: no "several accounts", no business to create', () => {
    const base = loginResult();
    storeLoginResult(
      loginResult({ userInfo: { ...base.userInfo, accountType: 'member', merchantName: 'Harbourline' }, moreBusinessNameList: [] }),
    );
    mockFetch(() => undefined);
    renderRoutes('/selectMerchant', { '/selectMerchant': <SelectMerchantPage /> });
    const subtitle = screen.getByTestId('select-merchant-subtitle').textContent ?? '';
    expect(subtitle).toBe('Your sign-in opens one merchant account: Harbourline (merchant number 100001).');
    expect(screen.getByTestId('page-title').textContent).toBe('Your account');
    expect(screen.queryByText(/several/)).toBeNull();
    expect(screen.queryByTestId('create-business')).toBeNull();
  });
});
