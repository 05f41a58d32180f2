import type { TLoginResult } from '@mbo/shared/auth';

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

/** The refund list's filters as the screen opens them on `today`: the list kit's tests start from them. */
export function refundListDefaults(today: string) {
  return { timeType: 'refundApply', from: today, to: today, gatewayNo: '', tradeNo: '', refundNo: '', status: '', method: '', source: '' };
}
