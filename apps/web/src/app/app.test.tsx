import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from './app';
import { BUILT_MENU_PAGES } from './routes';
import { MODULES } from '@mbo/shared/permissions';
import { AppProviders } from './providers';
import { setLanguage } from '../platform/i18n';
import { clearSession, getSession, getToken } from '../platform/session';
import { resetDuplicateSubmitWindow } from '../platform/request';
import { loginResult } from '../test/factories';
import { clearCookies, envelope, mockFetch } from '../test/utils';

let location = '';
function LocationProbe() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
}

function renderApp(path: string) {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
}

const { token: _token, ...sessionInfo } = loginResult({ userInfo: { ...loginResult().userInfo, forceChangePwd: false } });

function serverRoutes(overrides: Record<string, () => Response> = {}) {
  return mockFetch((url) => {
    const key = url.pathname;
    if (overrides[key]) return overrides[key]();
    if (key === '/version.json') return new Response(JSON.stringify({ version: 0 }), { headers: { 'Content-Type': 'application/json' } });
    if (key === '/v3api/admin/getInfo') return envelope(sessionInfo);
    if (key === '/v3api/merchant/summary')
      return envelope({
        merchantNo: '100001',
        name: 'Harbour',
        status: 40,
        contractStart: '2025-01-01',
        contractEnd: '2027-12-31',
        registeredAt: '',
        services: ['visa'],
      });
    if (key === '/v3api/mernews/list')
      return envelope({
        list: [
          { id: 1, title: 'Older', content: 'a', publishedAt: '2026-01-01T00:00:00Z' },
          { id: 2, title: 'Newer', content: 'b', publishedAt: '2026-02-01T12:00:00Z' },
        ],
        total: 2,
        capped: false,
        page: 1,
        limit: 10,
      });
    if (key === '/v3api/messageReminder/remind') return envelope([]);
    if (key === '/v3api/log/loginLogList') return envelope({ list: [], total: 0, capped: false, page: 1, limit: 20 });
    return undefined;
  });
}

beforeEach(() => {
  setLanguage('en');
  clearSession();
  clearCookies();
  localStorage.clear();
  resetDuplicateSubmitWindow();
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  clearCookies();
});

describe('navigation guard in the app', () => {
  it('sends a signed-out visitor to sign-in with the requested path', async () => {
    serverRoutes();
    renderApp('/log/forwardLoginLogList?page=2');
    await screen.findByTestId('login-submit');
    expect(location).toBe(`/loginNew?redirect=${encodeURIComponent('/log/forwardLoginLogList?page=2')}`);
    await waitFor(() => expect(document.title).toBe('Sign in - Merchant Back Office'));
  });

  it('after a reload (token, no user info) loads user info behind an overlay, then shows the page', async () => {
    document.cookie = 'Admin-Token=tok-1; path=/';
    let release: () => void = () => undefined;
    const fetch = serverRoutes({
      '/v3api/admin/getInfo': () => envelope(sessionInfo),
    });
    fetch.mockImplementationOnce(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return envelope(sessionInfo);
    });
    renderApp('/index');
    await waitFor(() => expect(document.querySelector('.ant-spin-fullscreen')).not.toBeNull());
    release();
    expect(await screen.findByText('Hello, Administrator')).toBeTruthy();
    expect(getSession().loaded).toBe(true);
    expect(location).toBe('/index');
    const times = await screen.findAllByTestId('announcement-time');
    expect(times.map((el) => el.textContent)).toEqual(['2026-02-01 20:00:00', '2026-01-01 08:00:00']);
  });

  it('signs out and returns to sign-in when user info cannot be loaded', async () => {
    document.cookie = 'Admin-Token=stale; path=/';
    serverRoutes({ '/v3api/admin/getInfo': () => envelope(null, 401, 'expired', 401) });
    renderApp('/index');
    await screen.findByTestId('login-submit');
    expect(location).toBe('/loginNew');
    expect(getToken()).toBeNull();
    expect(document.querySelector('.session-expired-dialog')).toBeNull();
  });

  it('signs in and lands on the redirect target', async () => {
    serverRoutes({ '/v3api/admin/login': () => envelope(loginResult({ userInfo: { ...loginResult().userInfo, forceChangePwd: false } })) });
    renderApp('/loginNew?redirect=%2Flog%2FforwardLoginLogList');
    fireEvent.change(await screen.findByLabelText('Merchant number'), { target: { value: '100001' } });
    fireEvent.change(screen.getByLabelText('Login name'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Admin@2026' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(location).toBe('/log/forwardLoginLogList'));
    expect(await screen.findByRole('heading', { name: 'Login log' })).toBeTruthy();
    expect(getToken()).toBe('tok-1');
  });

  it('validates the sign-in form with translated messages', async () => {
    serverRoutes();
    renderApp('/loginNew');
    fireEvent.change(await screen.findByLabelText('Merchant number'), { target: { value: '10a' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('The merchant number may contain digits only')).toBeTruthy();
    expect(await screen.findByText('The login name is required')).toBeTruthy();
    expect(await screen.findByText('The password is required')).toBeTruthy();
  });

  it('forces the password change when the session says so', async () => {
    document.cookie = 'Admin-Token=tok-1; path=/';
    serverRoutes({
      '/v3api/admin/getInfo': () => envelope({ ...sessionInfo, userInfo: { ...sessionInfo.userInfo, forceChangePwd: true } }),
    });
    renderApp('/index');
    await waitFor(() => expect(location).toBe('/merchant/showUpdatePassword'));
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeTruthy();
  });

  it('holds an old merchant-number account without verification info on the upgrade page', async () => {
    document.cookie = 'Admin-Token=tok-1; path=/';
    serverRoutes({ '/v3api/admin/getInfo': () => envelope({ ...sessionInfo, kycInfo: null }) });
    renderApp('/index');
    await waitFor(() => expect(location).toBe('/accountUpgrade'));
    expect(await screen.findByTestId('upgrade-notice')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Account upgrade - Merchant Back Office'));
  });

  it("lets a system administrator's single sign-on session (no verification info) into the back office", async () => {
    document.cookie = 'Admin-Token=tok-1; path=/';
    serverRoutes({
      '/v3api/admin/getInfo': () => envelope({ ...sessionInfo, kycInfo: null, userInfo: { ...sessionInfo.userInfo, sysAdmin: true } }),
    });
    renderApp('/index');
    expect(await screen.findByText('Hello, Administrator')).toBeTruthy();
    expect(location).toBe('/index');
  });

  it('opens the email verification link signed out, without a detour to sign-in', async () => {
    serverRoutes({ '/v3api/kyc/isc/verifyEmail': () => envelope({ email: 'new@example.com' }) });
    renderApp('/verifyEmail?token=link-1');
    expect(await screen.findByTestId('verify-email-success')).toBeTruthy();
    expect(location).toBe('/verifyEmail?token=link-1');
  });

  it('shows the no-permission result for a menu outside the module list', async () => {
    document.cookie = 'Admin-Token=tok-1; path=/';
    serverRoutes();
    renderApp('/admin/findManagers');
    expect(await screen.findByRole('heading', { name: 'No access' })).toBeTruthy();
  });

  it('has a screen for every menu of the catalog: none is left "being prepared"', () => {
    const menus = MODULES.flatMap((m) => m.menus.map((menu) => menu.url));
    expect(menus.length).toBeGreaterThanOrEqual(30);
    expect(menus.filter((url) => !(url in BUILT_MENU_PAGES))).toEqual([]);
  });

  it('shows the 404 page for an unknown path', async () => {
    document.cookie = 'Admin-Token=tok-1; path=/';
    serverRoutes();
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});

describe('layout', () => {
  it('builds the sidebar from the module list and offers the user menu entries the session allows', async () => {
    document.cookie = 'Admin-Token=tok-1; path=/';
    serverRoutes();
    renderApp('/index');
    await screen.findByText('Hello, Administrator');
    const sidebar = screen.getByTestId('sidebar');
    expect(sidebar.textContent).toContain('System');
    expect(sidebar.textContent).not.toContain('Transactions');
    expect(screen.getByTestId('breadcrumbs').textContent).toBe('Home');
    fireEvent.click(screen.getByTestId('user-menu'));
    expect(await screen.findByTestId('menu-switch-account')).toBeTruthy();
    expect(screen.getByTestId('menu-settings')).toBeTruthy();
    expect(screen.getByTestId('menu-logout')).toBeTruthy();
  });

  it('remembers the sidebar state in the sidebarStatus cookie', async () => {
    document.cookie = 'Admin-Token=tok-1; path=/';
    serverRoutes();
    renderApp('/index');
    await screen.findByText('Hello, Administrator');
    expect(screen.getByTestId('sidebar').getAttribute('data-state')).toBe('opened');
    fireEvent.click(screen.getByTestId('sidebar-toggle'));
    expect(document.cookie).toContain('sidebarStatus=0');
    expect(screen.getByTestId('sidebar').getAttribute('data-state')).toBe('closed');
    fireEvent.click(screen.getByTestId('sidebar-toggle'));
    expect(document.cookie).toContain('sidebarStatus=1');
  });

  it('switches language without a reload, in the page and the title', async () => {
    document.cookie = 'Admin-Token=tok-1; path=/';
    serverRoutes();
    renderApp('/log/forwardLoginLogList');
    expect(await screen.findByRole('heading', { name: 'Login log' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('lang-switch'));
    fireEvent.click(screen.getByTestId('lang-option-zhHk'));
    expect(await screen.findByRole('heading', { name: '登入日誌' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('登入日誌 - 商戶管理後台'));
    expect(screen.getByTestId('breadcrumbs').textContent).toBe('首頁/系統管理/登入日誌');
    expect(localStorage.getItem('language')).toBe('zhHk');
  });

  it('logs out after a confirmation, ignoring a failing logout call', async () => {
    document.cookie = 'Admin-Token=tok-1; path=/';
    serverRoutes({ '/v3api/admin/logout': () => new Response('', { status: 500 }) });
    renderApp('/index');
    await screen.findByText('Hello, Administrator');
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('menu-logout'));
    fireEvent.click(await screen.findByTestId('logout-confirm'));
    await waitFor(() => expect(location).toBe('/loginNew'));
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('Admin-Info')).toBeNull();
  });
});

describe('account chooser', () => {
  it('lists the linked businesses, marks creator or member and the current one', async () => {
    document.cookie = 'Admin-Token=tok-1; path=/';
    const moreBusinessNameList = [
      { businessId: 1, merchantNo: '100001', businessName: 'First', status: 40, isCreator: true, current: true },
      { businessId: 2, merchantNo: '100002', businessName: 'Second', status: 40, isCreator: false, current: false },
    ];
    serverRoutes({ '/v3api/admin/getInfo': () => envelope({ ...sessionInfo, moreBusinessNameList }) });
    renderApp('/selectMerchant');
    const first = await screen.findByTestId('business-1');
    const second = screen.getByTestId('business-2');
    expect(first.textContent).toContain('Creator');
    expect(first.querySelector('[data-testid="business-current"]')).not.toBeNull();
    expect(second.textContent).toContain('Member');
    expect(second.querySelector('[data-testid="business-current"]')).toBeNull();
  });

  it('switches: a new session replaces the old one and the dashboard opens', async () => {
    document.cookie = 'Admin-Token=tok-1; path=/';
    const switched = loginResult({
      token: 'tok-2',
      userInfo: { ...loginResult().userInfo, name: 'Second Admin', forceChangePwd: false },
      moreBusinessNameList: [],
      kycInfo: { selectedMerAdminId: 12, currBusinessId: 2, currBusinessStatus: 40, isInitialLogin: 0, requires2FA: 0 },
    });
    const fetch = serverRoutes({ '/v3api/kyc/switchBusinessLogIn': () => envelope(switched) });
    renderApp('/selectMerchant');
    const second = await screen.findByTestId('business-2');
    fireEvent.click(second.querySelector('[data-testid="business-choose"]')!);
    expect(await screen.findByText('Hello, Second Admin')).toBeTruthy();
    expect(location).toBe('/');
    expect(getToken()).toBe('tok-2');
    expect(JSON.parse(localStorage.getItem('Admin-Kyc') ?? 'null')).toMatchObject({ currBusinessId: 2, selectedMerAdminId: 12 });
    expect(JSON.parse(localStorage.getItem('Admin-Businesses') ?? 'null')).toEqual([]);
    const call = fetch.mock.calls.find(([url]) => String(url).includes('switchBusinessLogIn'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ businessId: 2 });
  });
});
