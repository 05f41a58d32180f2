import type { TLoginResult } from '@mbo/shared/auth';
import type { TMonitoring } from '@mbo/shared/reports';

/** A sign-in answer as the server gives it; tests override what they care about. */
export function loginResult(overrides: Partial<TLoginResult> = {}): TLoginResult {
  return {
    token: 'tok-1',
    userInfo: {
      adminId: 1,
      loginName: 'admin',
      name: 'Administrator',
      avatar: '',
      timeZone: 'Asia/Shanghai',
      forceChangePwd: true,
      merchantNo: '100001',
      merchantName: 'Merchant',
      accountType: 'owner',
      email: 'a@example.com',
      mobile: '',
      permissions: [],
      sysAdmin: false,
    },
    kycInfo: { selectedMerAdminId: 1, currBusinessId: 1, currBusinessStatus: 40, isInitialLogin: 0, requires2FA: 0 },
    moduleList: [{ moduleId: 7, key: 'system', menuList: ['/log/forwardLoginLogList'] }],
    currencyList: [{ code: 'USD', name: 'US Dollar', minorUnits: 2 }],
    moreBusinessNameList: [{ businessId: 2, merchantNo: '100002', businessName: 'Second', status: 40, isCreator: true, current: false }],
    ...overrides,
  };
}

type TProgram = TMonitoring['programs'][number];

/** Card-scheme monitoring as the server gives it for mid-May 2026: VAMP over its excessive level, ECP as the test says. */
export function monitoringFigures(ecp: Pick<TProgram, 'parts' | 'mtd' | 'projected' | 'thresholds'>): TMonitoring {
  return {
    month: '2026-05',
    daysElapsed: 15,
    daysInMonth: 31,
    programs: [
      {
        program: 'vamp',
        parts: { fraudReports: 6, chargebacks: 10, rdrExcluded: 50 },
        mtd: { count: 16, base: 1000, ratioBp: 160, level: 'excessive' },
        projected: { count: 33, base: 2067, ratioBp: 160, level: 'excessive' },
        thresholds: [{ level: 'excessive', ratioBp: 150, minCount: 0 }],
      },
      { program: 'ecp', ...ecp },
    ],
  };
}
