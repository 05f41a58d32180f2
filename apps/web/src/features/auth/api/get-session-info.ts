import { ApiPath } from '@mbo/shared/api-paths';
import type { TSessionInfo } from '@mbo/shared/auth';
import { http } from '../../../platform/request';
import { storeSessionInfo } from '../../../platform/session';

export function getSessionInfo(): Promise<TSessionInfo> {
  // Silent: the guard turns any failure into "sign in again" and reports it itself.
  return http.get<TSessionInfo>(ApiPath.getInfo, undefined, { silent: true });
}

let pending: Promise<TSessionInfo> | null = null;
let early: Promise<TSessionInfo> | null = null;

/**
 * Sent by main.tsx as the app starts, when the guard is going to need it: the request then runs
 * beside the download of the screen's code and texts instead of after the first render, and its
 * answer is stored as soon as it arrives (the guard then lets the screen render, and the router's
 * prefetch knows the person's timezone and menus). The guard's next loadSessionInfo() takes it
 * (once): on a failure, the guard signs out as it does for its own request.
 */
export function startSessionInfo(): void {
  const started = (early ??= getSessionInfo());
  started.then(
    (info) => {
      storeSessionInfo(info);
      // Stored: a later loadSessionInfo() (another account, a new sign-in) asks the server again.
      if (early === started) early = null;
    },
    () => undefined,
  );
}

/**
 * The guard's step-2 fetch. Not a cached query: the session store is its home. Concurrent callers
 * (StrictMode re-running the effect, quick navigations) share one request.
 */
export function loadSessionInfo(): Promise<TSessionInfo> {
  if (early) {
    const started = early;
    early = null;
    return started;
  }
  pending ??= getSessionInfo().finally(() => {
    pending = null;
  });
  return pending;
}
