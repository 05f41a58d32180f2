/** Every cookie and web-storage key the app reads or writes (spec §3, §9). */
export const CookieKey = {
  token: 'Admin-Token',
  sidebarStatus: 'sidebarStatus',
} as const;

export const StorageKey = {
  language: 'language',
  timezone: 'timezone',
  timezoneUser: 'timezoneUser',
  userInfo: 'Admin-Info',
  kycInfo: 'Admin-Kyc',
  moduleList: 'Admin-Modules',
  currencyList: 'Admin-Currencies',
  businessList: 'Admin-Businesses',
  /** Each administrator's list display in this browser: density and, per list screen, the hidden columns (list-display.ts). */
  listDisplay: 'List-Display',
} as const;

/** Keys that belong to the signed-in session: all of them go on logout and on account switch. */
export const SESSION_STORAGE_KEYS = [
  StorageKey.userInfo,
  StorageKey.kycInfo,
  StorageKey.moduleList,
  StorageKey.currencyList,
  StorageKey.businessList,
] as const;

/** localStorage access that never throws (private mode, disabled storage). */
export const localStore = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage full or disabled: the in-memory state still works for this page.
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // See set().
    }
  },
};
