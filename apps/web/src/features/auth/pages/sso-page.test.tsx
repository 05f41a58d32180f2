import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { SsoPage } from './sso-page';
import { getSession, getToken } from '../../../platform/session';
import { loginResult } from '../../../test/factories';
import { bodyOf, renderRoutes } from '../../../test/render';
import { envelope, headerOf, mockFetch } from '../../../test/utils';
import { useSignedOutEnglishClient } from '../../../test/client-state';

function renderPage(search: string) {
  return renderRoutes(`/sso${search}`, { '/sso': <SsoPage />, '/': <div data-testid="home" />, '/loginNew': <div data-testid="login" /> });
}

describe('single sign-on page', () => {
  useSignedOutEnglishClient();

  it('exchanges the ticket once, stores the session and opens the back office', async () => {
    const result = loginResult({ token: 'tok-sso', kycInfo: null, userInfo: { ...loginResult().userInfo, sysAdmin: true } });
    const fetch = mockFetch((url) => (url.pathname === '/v3api/admin/login_by_sysadmin' ? envelope(result) : undefined));
    const { location } = renderPage('?ticket=t-1');
    expect(await screen.findByTestId('home')).toBeTruthy();
    expect(location()).toBe('/');
    expect(bodyOf(fetch, '/v3api/admin/login_by_sysadmin')).toEqual({ ticket: 't-1' });
    expect(headerOf(fetch.mock.calls[0]![1], 'X-Auth-Token')).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe('tok-sso');
    expect(getSession().userInfo?.sysAdmin).toBe(true);
  });

  it("shows the server's message for a used or expired ticket, with a way to sign in", async () => {
    mockFetch(() => envelope(null, 1002, 'The sign-in ticket is invalid, used or expired'));
    renderPage('?ticket=t-used');
    expect((await screen.findByTestId('sso-error')).textContent).toBe('The sign-in ticket is invalid, used or expired');
    expect(screen.getByTestId('sso-login').textContent).toBe('Back to sign-in');
    expect(getToken()).toBeNull();
  });

  it('says so when the link has no ticket', async () => {
    const fetch = mockFetch(() => undefined);
    renderPage('');
    expect((await screen.findByTestId('sso-error')).textContent).toContain('The sign-in ticket is missing');
    expect(fetch).not.toHaveBeenCalled();
  });
});
