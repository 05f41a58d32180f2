import { describe, expect, it } from 'vitest';
import type { TKycInfo } from '@mbo/shared/auth';
import { decideNavigation, deriveUpgradeRequired, normalizePath, type TGuardState } from './guard-decision';

const activeKyc: TKycInfo = { selectedMerAdminId: 7, currBusinessId: 3, currBusinessStatus: 40, isInitialLogin: 0, requires2FA: 0 };

function state(overrides: Partial<TGuardState> = {}): TGuardState {
  return { hasToken: true, userLoaded: true, forceChangePwd: false, kycInfo: activeKyc, moreBusinessCount: 0, ...overrides };
}

function kyc(overrides: Partial<TKycInfo>): TKycInfo {
  return { ...activeKyc, ...overrides };
}

const at = (pathname: string, search = '') => ({ pathname, search });
const allow = { kind: 'allow' };
const to = (target: string) => ({ kind: 'redirect', to: target });

describe('guard step 1: no token', () => {
  const signedOut = state({ hasToken: false, userLoaded: false, kycInfo: null });

  it('lets the sign-in and sign-up pages through', () => {
    expect(decideNavigation(at('/loginNew'), signedOut)).toEqual(allow);
    expect(decideNavigation(at('/loginNew', '?redirect=%2Findex'), signedOut)).toEqual(allow);
    expect(decideNavigation(at('/register'), signedOut)).toEqual(allow);
  });

  it('sends a deliberate sign-out to plain sign-in', () => {
    const exited = { ...signedOut, exitTo: '/loginNew' };
    expect(decideNavigation(at('/index'), exited)).toEqual(to('/loginNew'));
    expect(decideNavigation(at('/loginNew'), exited)).toEqual(allow);
    expect(decideNavigation(at('/register'), exited)).toEqual(allow);
  });

  it('always lets /result and /sso through', () => {
    expect(decideNavigation(at('/result', '?status=success'), signedOut)).toEqual(allow);
    expect(decideNavigation(at('/sso'), signedOut)).toEqual(allow);
  });

  it('lets the forgot-password page and the mail-link pages through like sign-in and sign-up', () => {
    expect(decideNavigation(at('/forgotPassword'), signedOut)).toEqual(allow);
    expect(decideNavigation(at('/verifyEmail', '?token=abc'), signedOut)).toEqual(allow);
    expect(decideNavigation(at('/resetPassword', '?token=abc'), signedOut)).toEqual(allow);
    expect(decideNavigation(at('/acceptInvitation', '?token=abc'), signedOut)).toEqual(allow);
    expect(decideNavigation(at('/verifyEmail/'), { ...signedOut, exitTo: '/loginNew' })).toEqual(allow);
  });

  it('does not open the signed-in onboarding pages to a signed-out visitor', () => {
    expect(decideNavigation(at('/accountUpgrade'), signedOut)).toEqual(to('/loginNew?redirect=%2FaccountUpgrade'));
    expect(decideNavigation(at('/setting'), signedOut)).toEqual(to('/loginNew?redirect=%2Fsetting'));
  });

  it('sends everything else to sign-in with the full requested path, query included', () => {
    expect(decideNavigation(at('/index'), signedOut)).toEqual(to('/loginNew?redirect=%2Findex'));
    expect(decideNavigation(at('/log/forwardLoginLogList', '?page=2&success=false'), signedOut)).toEqual(
      to(`/loginNew?redirect=${encodeURIComponent('/log/forwardLoginLogList?page=2&success=false')}`),
    );
    expect(decideNavigation(at('/'), signedOut)).toEqual(to('/loginNew?redirect=%2F'));
    expect(decideNavigation(at('/twoFA'), signedOut)).toEqual(to('/loginNew?redirect=%2FtwoFA'));
    expect(decideNavigation(at('/selectMerchant'), signedOut)).toEqual(to('/loginNew?redirect=%2FselectMerchant'));
  });
});

describe('guard step 2: token without loaded user info', () => {
  it('asks for user info before deciding anything else', () => {
    const reloaded = state({ userLoaded: false, kycInfo: null });
    expect(decideNavigation(at('/index'), reloaded)).toEqual({ kind: 'loadUser' });
    expect(decideNavigation(at('/loginNew'), reloaded)).toEqual({ kind: 'loadUser' });
    expect(decideNavigation(at('/setting'), reloaded)).toEqual({ kind: 'loadUser' });
  });

  it('still lets /result, /sso and the mail-link pages through', () => {
    expect(decideNavigation(at('/sso'), state({ userLoaded: false }))).toEqual(allow);
    expect(decideNavigation(at('/result'), state({ userLoaded: false }))).toEqual(allow);
    expect(decideNavigation(at('/verifyEmail', '?token=abc'), state({ userLoaded: false }))).toEqual(allow);
    expect(decideNavigation(at('/resetPassword', '?token=abc'), state({ userLoaded: false }))).toEqual(allow);
    expect(decideNavigation(at('/acceptInvitation', '?token=abc'), state({ userLoaded: false }))).toEqual(allow);
    expect(decideNavigation(at('/forgotPassword'), state({ userLoaded: false }))).toEqual({ kind: 'loadUser' });
  });
});

describe('guard step 3: with verification info', () => {
  it('allows an active, fully set-up business anywhere but the sign-in pages', () => {
    expect(decideNavigation(at('/index'), state())).toEqual(allow);
    expect(decideNavigation(at('/log/forwardLoginLogList'), state())).toEqual(allow);
    expect(decideNavigation(at('/setting/uploadAdditional/3'), state())).toEqual(allow);
  });

  it('3.1 sends a session that needs two-step verification to /twoFA, and lets it stay there', () => {
    const s = state({ kycInfo: kyc({ requires2FA: 1 }) });
    expect(decideNavigation(at('/index'), s)).toEqual(to('/twoFA'));
    expect(decideNavigation(at('/setting'), s)).toEqual(to('/twoFA'));
    expect(decideNavigation(at('/selectMerchant'), s)).toEqual(to('/twoFA'));
    expect(decideNavigation(at('/loginNew'), s)).toEqual(to('/twoFA'));
    expect(decideNavigation(at('/twoFA'), s)).toEqual(allow);
  });

  it('3.1 comes before every later step', () => {
    const s = state({
      forceChangePwd: true,
      moreBusinessCount: 2,
      kycInfo: kyc({ requires2FA: 1, selectedMerAdminId: null, currBusinessId: null, currBusinessStatus: 20, isInitialLogin: 1 }),
    });
    expect(decideNavigation(at('/activate'), s)).toEqual(to('/twoFA'));
  });

  it('3.2 lets the setting pages and the chooser through before the account, activation and password steps', () => {
    const s = state({
      forceChangePwd: true,
      moreBusinessCount: 2,
      kycInfo: kyc({ selectedMerAdminId: null, currBusinessId: null, currBusinessStatus: 20, isInitialLogin: 1 }),
    });
    expect(decideNavigation(at('/setting'), s)).toEqual(allow);
    expect(decideNavigation(at('/setting/'), s)).toEqual(allow);
    expect(decideNavigation(at('/setting/uploadAdditional/12'), s)).toEqual(allow);
    expect(decideNavigation(at('/selectMerchant'), s)).toEqual(allow);
    expect(decideNavigation(at('/settings'), s)).toEqual(to('/selectMerchant'));
  });

  it('3.3 sends a person with linked businesses and none chosen to the chooser', () => {
    const s = state({ moreBusinessCount: 2, kycInfo: kyc({ selectedMerAdminId: null, currBusinessId: null }) });
    expect(decideNavigation(at('/index'), s)).toEqual(to('/selectMerchant'));
    expect(decideNavigation(at('/activate'), s)).toEqual(to('/selectMerchant'));
    expect(decideNavigation(at('/loginNew'), s)).toEqual(to('/selectMerchant'));
  });

  it('3.3 needs both ids missing and a non-empty business list', () => {
    expect(
      decideNavigation(at('/index'), state({ moreBusinessCount: 0, kycInfo: kyc({ selectedMerAdminId: null, currBusinessId: null }) })),
    ).toEqual(allow);
    expect(decideNavigation(at('/index'), state({ moreBusinessCount: 2, kycInfo: kyc({ selectedMerAdminId: null }) }))).toEqual(allow);
    expect(decideNavigation(at('/index'), state({ moreBusinessCount: 2, kycInfo: kyc({ currBusinessId: null }) }))).toEqual(allow);
  });

  it('3.4 sends a business that is not active (status 40) to /activate, allowing /kyc and /activate', () => {
    for (const status of [null, 0, 10, 20, 30, 41]) {
      const s = state({ kycInfo: kyc({ currBusinessStatus: status }) });
      expect(decideNavigation(at('/index'), s)).toEqual(to('/activate'));
      expect(decideNavigation(at('/kyc'), s)).toEqual(allow);
      expect(decideNavigation(at('/activate'), s)).toEqual(allow);
    }
  });

  it('3.4 also applies on the first login of an active business', () => {
    const s = state({ kycInfo: kyc({ isInitialLogin: 1 }) });
    expect(decideNavigation(at('/log/forwardLoginLogList'), s)).toEqual(to('/activate'));
    expect(decideNavigation(at('/merchant/showUpdatePassword'), s)).toEqual(to('/activate'));
    expect(decideNavigation(at('/kyc'), s)).toEqual(allow);
  });

  it('3.4 comes before the forced password change', () => {
    const s = state({ forceChangePwd: true, kycInfo: kyc({ currBusinessStatus: 20 }) });
    expect(decideNavigation(at('/index'), s)).toEqual(to('/activate'));
  });

  it('3.5 sends a forced password change to the password page, and lets it stay there', () => {
    const s = state({ forceChangePwd: true });
    expect(decideNavigation(at('/index'), s)).toEqual(to('/merchant/showUpdatePassword'));
    expect(decideNavigation(at('/loginNew'), s)).toEqual(to('/merchant/showUpdatePassword'));
    expect(decideNavigation(at('/merchant/showUpdatePassword'), s)).toEqual(allow);
    expect(decideNavigation(at('/setting'), s)).toEqual(allow);
  });

  it('3.6 sends a signed-in person away from sign-in, sign-up and forgot password', () => {
    expect(decideNavigation(at('/loginNew'), state())).toEqual(to('/'));
    expect(decideNavigation(at('/register'), state())).toEqual(to('/'));
    expect(decideNavigation(at('/forgotPassword'), state())).toEqual(to('/'));
  });

  it('3.6 decides the sign-in page as the page the sign-in was asked for, so an allowed target is kept', () => {
    const inactive = state({ kycInfo: kyc({ currBusinessStatus: 10, isInitialLogin: 1 }) });
    expect(decideNavigation(at('/loginNew', '?redirect=%2Fkyc'), inactive)).toEqual(to('/kyc'));
    expect(decideNavigation(at('/loginNew', '?redirect=%2Fsetting'), inactive)).toEqual(to('/setting'));
    expect(decideNavigation(at('/loginNew', '?redirect=%2Findex'), inactive)).toEqual(to('/activate'));
    expect(decideNavigation(at('/loginNew'), inactive)).toEqual(to('/activate'));
    expect(decideNavigation(at('/register'), inactive)).toEqual(to('/activate'));
  });

  it('3.6 still lets the earlier steps win over the target', () => {
    expect(decideNavigation(at('/loginNew', '?redirect=%2Fsetting'), state({ kycInfo: kyc({ requires2FA: 1 }) }))).toEqual(to('/twoFA'));
    expect(decideNavigation(at('/loginNew', '?redirect=%2Findex'), state({ forceChangePwd: true }))).toEqual(
      to('/merchant/showUpdatePassword'),
    );
    const choosing = state({ moreBusinessCount: 2, kycInfo: kyc({ selectedMerAdminId: null, currBusinessId: null }) });
    expect(decideNavigation(at('/loginNew', '?redirect=%2Flog%2FforwardLoginLogList'), choosing)).toEqual(to('/selectMerchant'));
    expect(decideNavigation(at('/loginNew', '?redirect=%2Fregister'), state())).toEqual(to('/'));
  });

  it('lets the mail-link pages through whatever the session still has to do', () => {
    const pending = state({ forceChangePwd: true, kycInfo: kyc({ requires2FA: 1, currBusinessStatus: 20, isInitialLogin: 1 }) });
    for (const path of ['/verifyEmail', '/resetPassword', '/acceptInvitation', '/sso', '/result']) {
      expect(decideNavigation(at(path, '?token=abc'), pending), path).toEqual(allow);
      expect(decideNavigation(at(path, '?token=abc'), state()), path).toEqual(allow);
    }
  });

  it('sends a session that has verification info away from the upgrade page', () => {
    expect(decideNavigation(at('/accountUpgrade'), state())).toEqual(to('/'));
    expect(decideNavigation(at('/accountUpgrade'), state({ upgradeRequired: true }))).toEqual(to('/'));
    expect(decideNavigation(at('/accountUpgrade'), state({ kycInfo: kyc({ requires2FA: 1 }) }))).toEqual(to('/twoFA'));
  });

  it('3.6 follows a same-site redirect parameter of the sign-in page', () => {
    expect(decideNavigation(at('/loginNew', '?redirect=%2Flog%2FforwardLoginLogList%3Fpage%3D2'), state())).toEqual(
      to('/log/forwardLoginLogList?page=2'),
    );
    expect(decideNavigation(at('/loginNew', '?redirect=https%3A%2F%2Fevil.example%2F'), state())).toEqual(to('/'));
    expect(decideNavigation(at('/loginNew', '?redirect=%2F%2Fevil.example'), state())).toEqual(to('/'));
    expect(decideNavigation(at('/loginNew', '?redirect=%2FloginNew'), state())).toEqual(to('/'));
  });
});

describe('guard step 4: without verification info', () => {
  it('applies only the forced password change and the sign-in page redirect', () => {
    const s = state({ kycInfo: null, moreBusinessCount: 3 });
    expect(decideNavigation(at('/index'), s)).toEqual(allow);
    expect(decideNavigation(at('/activate'), s)).toEqual(allow);
    expect(decideNavigation(at('/loginNew'), s)).toEqual(to('/'));
    expect(decideNavigation(at('/register'), s)).toEqual(to('/'));
    expect(decideNavigation(at('/loginNew', '?redirect=%2Fkyc'), s)).toEqual(to('/kyc'));
  });

  it('sends a forced password change to the password page', () => {
    const s = state({ kycInfo: null, forceChangePwd: true });
    expect(decideNavigation(at('/index'), s)).toEqual(to('/merchant/showUpdatePassword'));
    expect(decideNavigation(at('/setting'), s)).toEqual(to('/merchant/showUpdatePassword'));
    expect(decideNavigation(at('/merchant/showUpdatePassword'), s)).toEqual(allow);
  });

  it('4.2 sends an account that must be upgraded to the upgrade page, and lets it stay there', () => {
    const s = state({ kycInfo: null, upgradeRequired: true });
    expect(decideNavigation(at('/index'), s)).toEqual(to('/accountUpgrade'));
    expect(decideNavigation(at('/'), s)).toEqual(to('/accountUpgrade'));
    expect(decideNavigation(at('/setting'), s)).toEqual(to('/accountUpgrade'));
    expect(decideNavigation(at('/selectMerchant'), s)).toEqual(to('/accountUpgrade'));
    expect(decideNavigation(at('/loginNew', '?redirect=%2Fkyc'), s)).toEqual(to('/accountUpgrade'));
    expect(decideNavigation(at('/merchant/showUpdatePassword'), s)).toEqual(to('/accountUpgrade'));
    expect(decideNavigation(at('/accountUpgrade'), s)).toEqual(allow);
    expect(decideNavigation(at('/verifyEmail', '?token=abc'), s)).toEqual(allow);
  });

  it('4.2 comes after the forced password change', () => {
    const s = state({ kycInfo: null, upgradeRequired: true, forceChangePwd: true });
    expect(decideNavigation(at('/accountUpgrade'), s)).toEqual(to('/merchant/showUpdatePassword'));
    expect(decideNavigation(at('/merchant/showUpdatePassword'), s)).toEqual(allow);
  });

  it('without the upgrade (a system administrator session) the upgrade page is left for home', () => {
    const s = state({ kycInfo: null, upgradeRequired: false });
    expect(decideNavigation(at('/index'), s)).toEqual(allow);
    expect(decideNavigation(at('/accountUpgrade'), s)).toEqual(to('/'));
  });
});

describe('deriveUpgradeRequired', () => {
  const user = (sysAdmin: boolean) => ({ sysAdmin });

  it('is true for a loaded session without verification info that is not a system administrator', () => {
    expect(deriveUpgradeRequired({ loaded: true, kycInfo: null, userInfo: user(false) })).toBe(true);
  });

  it('is false with verification info, for SSO sessions and before user info is loaded', () => {
    expect(deriveUpgradeRequired({ loaded: true, kycInfo: activeKyc, userInfo: user(false) })).toBe(false);
    expect(deriveUpgradeRequired({ loaded: true, kycInfo: null, userInfo: user(true) })).toBe(false);
    expect(deriveUpgradeRequired({ loaded: false, kycInfo: null, userInfo: null })).toBe(false);
  });
});

describe('normalizePath', () => {
  it('drops trailing slashes but keeps the root', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/setting/')).toBe('/setting');
    expect(normalizePath('')).toBe('/');
  });
});
