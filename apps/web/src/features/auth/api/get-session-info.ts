import { ApiPath } from '@mbo/shared/api-paths';
import type { TSessionInfo } from '@mbo/shared/auth';
import { http } from '../../../platform/request';

export function getSessionInfo(): Promise<TSessionInfo> {
  // Silent: the guard turns any failure into "sign in again" and reports it itself.
  return http.get<TSessionInfo>(ApiPath.getInfo, undefined, { silent: true });
}

let pending: Promise<TSessionInfo> | null = null;

/**
 * The guard's step-2 fetch. Not a cached query: the session store is its home. Concurrent callers
 * (StrictMode re-running the effect, quick navigations) share one request.
 */
export function loadSessionInfo(): Promise<TSessionInfo> {
  pending ??= getSessionInfo().finally(() => {
    pending = null;
  });
  return pending;
}
