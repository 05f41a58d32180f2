import { afterEach, beforeEach, vi } from 'vitest';
import { setLanguage } from '../platform/i18n';
import { resetDuplicateSubmitWindow } from '../platform/request';
import { clearSession, storeLoginResult } from '../platform/session';
import { loginResult } from './factories';
import { clearCookies } from './utils';

/**
 * Registers hooks that start every test of the surrounding describe signed out, in English, with an
 * empty duplicate-submit window, and put the defaults back afterwards.
 */
export function useSignedOutEnglishClient(): void {
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
}

/**
 * Registers hooks that start every test of the surrounding describe signed in (token `abc`), in
 * English, with no cookies and an empty duplicate-submit window, and put mocks and stubs back afterwards.
 */
export function signedInEnglishClientForFile(): void {
  beforeEach(() => {
    setLanguage('en');
    clearCookies();
    resetDuplicateSubmitWindow();
    storeLoginResult(loginResult({ token: 'abc' }));
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}

/**
 * Stores the session of an administrator past the first-password change, with `permissions`, whose
 * menu holds the one screen at `path` in `module`: how a screen's test signs in before rendering it.
 */
export function signInToScreen(path: string, module: { moduleId: number; key: string }, permissions: string[] = []): void {
  storeLoginResult(
    loginResult({
      userInfo: { ...loginResult().userInfo, forceChangePwd: false, permissions },
      moduleList: [{ ...module, menuList: [path] }],
    }),
  );
}
