import type { TKycInfo } from '@mbo/shared/auth';
import type { BUSINESS_STATUS_ACTIVE } from '@mbo/shared/limits';
import { OnboardingLink } from '@mbo/shared/onboarding-paths';
import { safeRedirect } from '../platform/navigation';

/** Value of limits.ts BUSINESS_STATUS_ACTIVE, tied to it at compile time. */
const ACTIVE: typeof BUSINESS_STATUS_ACTIVE = 40;

export const GuardPath = {
  login: '/loginNew',
  register: '/register',
  forgotPassword: '/forgotPassword',
  result: '/result',
  sso: OnboardingLink.sso.path,
  verifyEmail: OnboardingLink.verifyEmail.path,
  resetPassword: OnboardingLink.resetPassword.path,
  acceptInvitation: OnboardingLink.acceptInvitation.path,
  accountUpgrade: '/accountUpgrade',
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
  /**
   * An old merchant-number account with no person behind it: it must add and verify an email and a
   * mobile before going on. The session payload has no flag for it; the guard derives it the way the
   * server derives accountInfo.upgradeRequired: no kycInfo, and not a system administrator's (SSO)
   * session. See deriveUpgradeRequired.
   */
  upgradeRequired?: boolean;
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

/**
 * Pages opened from a link in a mail (or the SSO ticket), and the result page: they always pass,
 * signed in or not, before user info is loaded and whatever the session still has to do, because
 * the link is the whole point of the visit. A person who is signed in and has not finished
 * activation must still be able to verify their email from the mail, for instance.
 */
const ALWAYS_OPEN: ReadonlySet<string> = new Set([
  GuardPath.result,
  GuardPath.sso,
  GuardPath.verifyEmail,
  GuardPath.resetPassword,
  GuardPath.acceptInvitation,
]);

/** Pages for signed-out visitors (step 1 lets them through); a signed-in person is sent on (3.6, 4). */
function isSignedOutPage(path: string): boolean {
  return path === GuardPath.login || path === GuardPath.register || path === GuardPath.forgotPassword;
}

/** See TGuardState.upgradeRequired. */
export function deriveUpgradeRequired(session: {
  loaded: boolean;
  kycInfo: TKycInfo | null;
  userInfo: { sysAdmin: boolean } | null;
}): boolean {
  return session.loaded && session.kycInfo === null && session.userInfo !== null && !session.userInfo.sysAdmin;
}

/**
 * Where a signed-in person on a signed-out page is headed: the page the sign-in was asked for
 * (`?redirect=` of /loginNew, same-site paths only), else home.
 */
function signedOutPageTarget(path: string, search: string | undefined): string {
  if (path === GuardPath.login && search) return safeRedirect(new URLSearchParams(search).get('redirect'));
  return GuardPath.home;
}

/**
 * 3.6 / 4.3 "on a login or register page: go on", decided as if the person were already on the
 * target page: the rest of the guard applied to the target, in one hop. The outcome is the spec's
 * (2FA, chooser, activation and forced change still win), but a target the guard allows is kept:
 * a business that is not active yet, sent to sign in from /kyc or /setting, returns there rather
 * than to /activate. It also agrees with the sign-in page's own navigation to the target: the router
 * applies that navigation in a transition, after the guard has already re-rendered the sign-in page
 * with the new session, so a different answer here would override it.
 */
function leaveSignedOutPage(path: string, search: string | undefined, state: TGuardState): TGuardDecision {
  const target = signedOutPageTarget(path, search);
  const url = new URL(target, 'http://same-site.invalid');
  const onward = decideNavigation({ pathname: url.pathname, search: url.search }, state);
  return onward.kind === 'redirect' ? onward : redirect(target);
}

/**
 * The navigation guard's decision (spec §4), in its order:
 * 0. always pass: /result, /sso and the mail-link pages (email verification, password reset,
 *    invitation acceptance), see ALWAYS_OPEN;
 * 1. no token: the signed-out pages (/loginNew, /register, forgot password) open, else sign in with
 *    redirect (plain sign-in right after a deliberate sign-out);
 * 2. token without loaded user info: load it first;
 * 3. with verification (KYC) info: 2FA, setting/chooser pages, account choice, activation,
 *    forced password change, then away from the signed-out pages (and from the upgrade page, which
 *    such a session no longer needs);
 * 4. without it: the forced password change, then the account upgrade, then away from the
 *    signed-out pages.
 * Leaving a signed-out page (3.6, 4.3) is checked right after step 2 by running steps 3 and 4 on the
 * page being left for, see leaveSignedOutPage.
 *
 * The account upgrade (4.2) sits in step 4 because only sessions without verification info need
 * it: kycInfo is absent exactly when no person is linked, and linking one is what the upgrade does
 * (afterwards kycInfo is present and step 3 takes over, so 2FA, activation and the forced change
 * still apply to the upgraded session). It comes after the forced password change so that an
 * account an operator created with a temporary password first replaces that password, as the spec's
 * step 4 already demands, and before the sign-in page redirect so a half-set-up account cannot reach
 * the back office from /loginNew either.
 * The version check of step 3 is a side effect the guard component runs; it never blocks.
 */
export function decideNavigation(location: { pathname: string; search?: string }, state: TGuardState): TGuardDecision {
  const path = normalizePath(location.pathname);

  if (ALWAYS_OPEN.has(path)) return ALLOW;

  // Step 1
  if (!state.hasToken) {
    if (isSignedOutPage(path)) return ALLOW;
    if (state.exitTo) return redirect(state.exitTo);
    const full = `${location.pathname}${location.search ?? ''}`;
    return redirect(`${GuardPath.login}?redirect=${encodeURIComponent(full)}`);
  }

  // Step 2
  if (!state.userLoaded) return { kind: 'loadUser' };

  // 3.6 / 4.3, applied to the page being left for.
  if (isSignedOutPage(path)) return leaveSignedOutPage(path, location.search, state);

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
    // The upgrade page is for sessions without verification info only.
    if (path === GuardPath.accountUpgrade) return redirect(GuardPath.home);
    return ALLOW;
  }

  // Step 4
  // 4.1
  if (state.forceChangePwd) return path === GuardPath.updatePassword ? ALLOW : redirect(GuardPath.updatePassword);
  // 4.2
  if (state.upgradeRequired) return path === GuardPath.accountUpgrade ? ALLOW : redirect(GuardPath.accountUpgrade);
  if (path === GuardPath.accountUpgrade) return redirect(GuardPath.home);
  return ALLOW;
}
