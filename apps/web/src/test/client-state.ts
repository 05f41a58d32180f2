import { afterEach, beforeEach, vi } from 'vitest';
import { setLanguage } from '../platform/i18n';
import { resetDuplicateSubmitWindow } from '../platform/request';
import { clearSession } from '../platform/session';
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
