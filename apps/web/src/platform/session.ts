import { useSyncExternalStore } from 'react';
import type { TBusinessLink, TCurrency, TKycInfo, TLoginResult, TModule, TSessionInfo, TUserInfo } from '@mbo/shared/auth';
import { ALWAYS_ALLOWED_MENUS, type TPermission } from '@mbo/shared/permissions';
import { getCookie, removeCookie, setCookie } from './cookies';
import { CookieKey, SESSION_STORAGE_KEYS, StorageKey, localStore } from './storage-keys';
import { syncUserTimezone } from './timezone';

/**
 * The signed-in session (spec §3 "Stored session"). The token lives in the Admin-Token cookie and
 * the rest in localStorage, but `loaded` only becomes true once user info is in memory for this
 * page: after a full reload the guard fetches it again before deciding anything (spec §4 step 2).
 */
export type TSessionState = {
  loaded: boolean;
  userInfo: TUserInfo | null;
  kycInfo: TKycInfo | null;
  moduleList: readonly TModule[];
  currencyList: readonly TCurrency[];
  moreBusinessNameList: readonly TBusinessLink[];
  /** Menu urls this session may open: the module list plus menus everybody may open. */
  permittedUrls: ReadonlySet<string>;
  /**
   * Where a deliberate sign-out goes (e.g. '/loginNew'). Without it the guard sends a signed-out
   * visitor to sign-in with a redirect back to the page they were on.
   */
  exitTo: string | null;
};

const EMPTY: TSessionState = {
  loaded: false,
  userInfo: null,
  kycInfo: null,
  moduleList: [],
  currencyList: [],
  moreBusinessNameList: [],
  permittedUrls: new Set(),
  exitTo: null,
};

let state: TSessionState = EMPTY;
const listeners = new Set<() => void>();

function setState(next: TSessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return getCookie(CookieKey.token) || null;
}

export function getSession(): TSessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): TSessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function buildPermittedUrls(moduleList: readonly TModule[]): Set<string> {
  const urls = new Set<string>(ALWAYS_ALLOWED_MENUS);
  for (const module of moduleList) for (const url of module.menuList) urls.add(url);
  return urls;
}

function writeJson(key: string, value: unknown): void {
  if (value === null || value === undefined) localStore.remove(key);
  else localStore.set(key, JSON.stringify(value));
}

/** Keeps user info and the rest of the session (after login or the guard's getInfo call). */
export function storeSessionInfo(info: TSessionInfo): void {
  writeJson(StorageKey.userInfo, info.userInfo);
  writeJson(StorageKey.kycInfo, info.kycInfo);
  writeJson(StorageKey.moduleList, info.moduleList);
  writeJson(StorageKey.currencyList, info.currencyList);
  writeJson(StorageKey.businessList, info.moreBusinessNameList);
  syncUserTimezone(info.userInfo.timeZone);
  setState({
    loaded: true,
    userInfo: info.userInfo,
    kycInfo: info.kycInfo,
    moduleList: info.moduleList,
    currencyList: info.currencyList,
    moreBusinessNameList: info.moreBusinessNameList,
    permittedUrls: buildPermittedUrls(info.moduleList),
    exitTo: null,
  });
}

/** A new session (login or account switch): whatever the old one held goes first. */
export function storeLoginResult(result: TLoginResult): void {
  clearSession();
  setCookie(CookieKey.token, result.token);
  storeSessionInfo(result);
}

export function updateUserInfo(patch: Partial<TUserInfo>): void {
  if (!state.userInfo) return;
  const userInfo = { ...state.userInfo, ...patch };
  writeJson(StorageKey.userInfo, userInfo);
  setState({ ...state, userInfo });
}

/** Ends the session; `exitTo` names the page a deliberate sign-out goes to. */
export function clearSession(exitTo: string | null = null): void {
  removeCookie(CookieKey.token);
  for (const key of SESSION_STORAGE_KEYS) localStore.remove(key);
  setState(exitTo ? { ...EMPTY, exitTo } : EMPTY);
}

/**
 * Whether the signed-in person holds an operation (typed: a misspelt name does not compile). The
 * server checks the same permission on its route; this only decides which buttons to show.
 */
export function useHasPermission(...anyOf: TPermission[]): boolean {
  const permissions = useSession().userInfo?.permissions ?? [];
  return anyOf.some((p) => permissions.includes(p));
}
