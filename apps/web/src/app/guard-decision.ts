import type { TKycInfo } from '@mbo/shared/auth';
import type { BUSINESS_STATUS_ACTIVE } from '@mbo/shared/limits';
import { safeRedirect } from '../platform/navigation';

/** Value of limits.ts BUSINESS_STATUS_ACTIVE, tied to it at compile time. */
const ACTIVE: typeof BUSINESS_STATUS_ACTIVE = 40;

export const GuardPath = {
  login: '/loginNew',
  register: '/register',
  result: '/result',
  sso: '/sso',
  twoFA: '/twoFA',
  selectMerchant: '/selectMerchant',
  setting: '/setting',
  activate: '/activate',
  kyc: '/kyc',
  updatePassword: '/merchant/showUpdatePassword',
  home: '/',
} as const;

export type TGuardState = {
  hasToken: boolean;
  /** User info is in memory for this page (not merely stored from an earlier visit). */
  userLoaded: boolean;
  forceChangePwd: boolean;
  kycInfo: TKycInfo | null;
  moreBusinessCount: number;
  /** Set right after a deliberate sign-out: the page it goes to, instead of sign-in with a redirect. */
  exitTo?: string | null;
};

export type TGuardDecision = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'loadUser' };

const ALLOW: TGuardDecision = { kind: 'allow' };

function redirect(to: string): TGuardDecision {
  return { kind: 'redirect', to };
}

/** '/setting/' and '/setting' are the same page for the rules below. */
export function normalizePath(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.replace(/\/+$/, '') || '/';
  return pathname || '/';
}

function isLoginOrRegister(path: string): boolean {
  return path === GuardPath.login || path === GuardPath.register;
}

/**
 * Where a signed-in person on the sign-in or sign-up page goes: home, or the page the sign-in was
 * asked for (`?redirect=`, same-site paths only), so signing in lands where the person was headed.
 */
function leaveLoginPage(path: string, search: string | undefined): TGuardDecision {
  if (path === GuardPath.login && search) return redirect(safeRedirect(new URLSearchParams(search).get('redirect')));
  return redirect(GuardPath.home);
}

/**
 * The navigation guard's decision (spec §4), in its order:
 * 1. no token: /loginNew and /register open, /result and /sso always pass, else sign in with redirect
 *    (plain sign-in right after a deliberate sign-out);
 * 2. token without loaded user info: load it first;
 * 3. with verification (KYC) info: 2FA, setting/chooser pages, account choice, activation,
 *    forced password change, then away from login/register;
 * 4. without it: only the forced password change and away from login/register.
 * The version check of step 3 is a side effect the guard component runs; it never blocks.
 */
export function decideNavigation(location: { pathname: string; search?: string }, state: TGuardState): TGuardDecision {
  const path = normalizePath(location.pathname);

  if (path === GuardPath.result || path === GuardPath.sso) return ALLOW;

  // Step 1
  if (!state.hasToken) {
    if (isLoginOrRegister(path)) return ALLOW;
    if (state.exitTo) return redirect(state.exitTo);
    const full = `${location.pathname}${location.search ?? ''}`;
    return redirect(`${GuardPath.login}?redirect=${encodeURIComponent(full)}`);
  }

  // Step 2
  if (!state.userLoaded) return { kind: 'loadUser' };

  const kyc = state.kycInfo;
  if (kyc) {
    // 3.1
    if (kyc.requires2FA === 1) return path === GuardPath.twoFA ? ALLOW : redirect(GuardPath.twoFA);
    // 3.2
    if (path === GuardPath.setting || path.startsWith(`${GuardPath.setting}/`) || path === GuardPath.selectMerchant) return ALLOW;
    // 3.3
    if (kyc.selectedMerAdminId == null && kyc.currBusinessId == null && state.moreBusinessCount > 0)
      return redirect(GuardPath.selectMerchant);
    // 3.4
    if (kyc.currBusinessStatus !== ACTIVE || kyc.isInitialLogin === 1) {
      return path === GuardPath.kyc || path === GuardPath.activate ? ALLOW : redirect(GuardPath.activate);
    }
    // 3.5
    if (state.forceChangePwd) return path === GuardPath.updatePassword ? ALLOW : redirect(GuardPath.updatePassword);
    // 3.6
    if (isLoginOrRegister(path)) return leaveLoginPage(path, location.search);
    return ALLOW;
  }

  // Step 4
  if (state.forceChangePwd) return path === GuardPath.updatePassword ? ALLOW : redirect(GuardPath.updatePassword);
  if (isLoginOrRegister(path)) return leaveLoginPage(path, location.search);
  return ALLOW;
}
