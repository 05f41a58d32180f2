import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, getSession, getToken, storeLoginResult, updateUserInfo } from './session';
import { clearCookies } from '../test/utils';
import { loginResult } from '../test/factories';

const SESSION_KEYS = ['Admin-Info', 'Admin-Kyc', 'Admin-Modules', 'Admin-Currencies', 'Admin-Businesses'];

describe('stored session (spec §3)', () => {
  beforeEach(() => {
    clearSession();
    clearCookies();
    localStorage.clear();
  });

  it('keeps the token in the Admin-Token cookie and the rest in localStorage', () => {
    storeLoginResult(loginResult());
    expect(document.cookie).toContain('Admin-Token=tok-1');
    expect(getToken()).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('Admin-Info') ?? '{}')).toMatchObject({ name: 'Administrator', forceChangePwd: true });
    for (const key of SESSION_KEYS) expect(localStorage.getItem(key), key).not.toBeNull();
    const session = getSession();
    expect(session.loaded).toBe(true);
    expect(session.permittedUrls.has('/log/forwardLoginLogList')).toBe(true);
    expect(session.permittedUrls.has('/merchant/showUpdatePassword')).toBe(true);
    expect(session.permittedUrls.has('/admin/findManagers')).toBe(false);
  });

  it('clears every session key and the cookie on logout, and keeps preferences', () => {
    localStorage.setItem('language', 'en');
    localStorage.setItem('timezone', '2');
    storeLoginResult(loginResult());
    clearSession();
    expect(getToken()).toBeNull();
    for (const key of SESSION_KEYS) expect(localStorage.getItem(key), key).toBeNull();
    expect(getSession().loaded).toBe(false);
    expect(localStorage.getItem('language')).toBe('en');
    expect(localStorage.getItem('timezone')).toBe('2');
  });

  it('replaces the old session entirely on a new one (account switch)', () => {
    storeLoginResult(loginResult());
    storeLoginResult(loginResult({ token: 'tok-2', kycInfo: null, moreBusinessNameList: [] }));
    expect(getToken()).toBe('tok-2');
    expect(localStorage.getItem('Admin-Kyc')).toBeNull();
    expect(JSON.parse(localStorage.getItem('Admin-Businesses') ?? 'null')).toEqual([]);
    expect(getSession().kycInfo).toBeNull();
  });

  it('keeps the token cookie from requests over plain HTTP and from other sites when the app is served over HTTPS', () => {
    // The cookie as the browser stores it: Vitest's jsdom instance, moved to an https:// address (not
    // localhost, which a browser counts as secure even over http://).
    type TStoredCookie = { key: string; value: string; secure: boolean; sameSite: string; httpOnly: boolean };
    const dom = (
      window as unknown as {
        jsdom: { reconfigure(o: { url: string }): void; cookieJar: { getCookiesSync(url: string): TStoredCookie[] } };
      }
    ).jsdom;
    const jar = dom.cookieJar;
    const testUrl = window.location.href;
    const httpsUrl = 'https://merchant.example/dashboard';
    const stored = (url: string) => jar.getCookiesSync(url).find((c) => c.key === 'Admin-Token');
    try {
      dom.reconfigure({ url: httpsUrl });
      storeLoginResult(loginResult());
      expect(stored(httpsUrl)).toMatchObject({ value: 'tok-1', secure: true, sameSite: 'strict' });
      // Not sent to the same host over plain HTTP.
      expect(stored('http://merchant.example/dashboard')).toBeUndefined();
      expect(getToken()).toBe('tok-1');
      clearSession();
      expect(stored(httpsUrl)).toBeUndefined();
    } finally {
      dom.reconfigure({ url: testUrl });
    }
    // Over plain HTTP (a development server) the browser would refuse a Secure cookie: none is asked for.
    storeLoginResult(loginResult());
    expect(stored(testUrl)).toMatchObject({ value: 'tok-1', secure: false, sameSite: 'strict' });
  });

  it('updates stored user info (forced password change done)', () => {
    storeLoginResult(loginResult());
    updateUserInfo({ forceChangePwd: false });
    expect(getSession().userInfo?.forceChangePwd).toBe(false);
    expect(JSON.parse(localStorage.getItem('Admin-Info') ?? '{}')).toMatchObject({ forceChangePwd: false });
  });
});
