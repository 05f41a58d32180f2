import { useEffect } from 'react';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './progress.css';

NProgress.configure({ showSpinner: false });

let active = 0;

/** Reference-counted so overlapping waits (a lazy page and a user-info fetch) share one bar. */
export function startProgress(): void {
  active += 1;
  if (active === 1) NProgress.start();
}

export function doneProgress(): void {
  active = Math.max(0, active - 1);
  if (active === 0) NProgress.done();
}

/** Suspense fallback of lazily loaded screens: a progress bar at the top instead of a spinner. */
export function ProgressFallback() {
  useEffect(() => {
    startProgress();
    return doneProgress;
  }, []);
  return null;
}
