import { useEffect } from 'react';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { i18n } from './i18n';
import './progress.css';

// nprogress finds its bar by the role of its own template; ours has a valid role, so by class.
NProgress.configure({ showSpinner: false, barSelector: '.bar' });

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** nprogress's own template gives the bar role="bar" (not an ARIA role) and no name: a named progressbar instead. */
function barTemplate(): string {
  return `<div class="bar" role="progressbar" aria-label="${escapeHtml(i18n.t('common.loading'))}"><div class="peg"></div></div>`;
}

let active = 0;

/** Reference-counted so overlapping waits (a lazy page and a user-info fetch) share one bar. */
export function startProgress(): void {
  active += 1;
  if (active === 1) {
    NProgress.configure({ template: barTemplate() });
    NProgress.start();
  }
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
