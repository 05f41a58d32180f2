import { useEffect } from 'react';
import { i18n } from './i18n';
import './progress.css';

/**
 * The thin bar at the top while a screen or the user's info loads. Its movement is a CSS animation
 * of `transform` only: the page's script never reads a layout value for it. (The nprogress library
 * this replaces read `offsetWidth` at each of its steps, which made the browser lay out the whole page
 * in the middle of a cold load's first render: 54-61 ms of main thread inside its `set` in two CPU
 * profiles of a cold load of the transaction list on a 2-core machine; issue 13 §3.)
 *
 * While it shows, `#nprogress` is in the document (the accessibility checks wait for it to go), as a
 * named progressbar inside a named region: it is put at the end of the body, outside the page's
 * landmarks, and content outside every landmark is missed by a screen reader's landmark navigation.
 */

let active = 0;
let bar: HTMLElement | null = null;
let removal: number | undefined;

function show(): void {
  window.clearTimeout(removal);
  bar?.remove();
  const root = document.createElement('div');
  root.id = 'nprogress';
  root.setAttribute('role', 'region');
  root.setAttribute('aria-label', i18n.t('common.loading'));
  const inner = document.createElement('div');
  inner.className = 'bar';
  inner.setAttribute('role', 'progressbar');
  inner.setAttribute('aria-label', i18n.t('common.loading'));
  inner.appendChild(document.createElement('div')).className = 'peg';
  root.appendChild(inner);
  document.body.appendChild(root);
  bar = root;
}

function finish(): void {
  const done = bar;
  if (!done) return;
  // Runs to the end, then fades; gone once the fade is over.
  done.classList.add('done');
  removal = window.setTimeout(() => {
    done.remove();
    if (bar === done) bar = null;
  }, 600);
}

/** Reference-counted so overlapping waits (a lazy page and a user-info fetch) share one bar. */
export function startProgress(): void {
  active += 1;
  if (active === 1) show();
}

export function doneProgress(): void {
  active = Math.max(0, active - 1);
  if (active === 0) finish();
}

/** Suspense fallback of lazily loaded screens: a progress bar at the top instead of a spinner. */
export function ProgressFallback() {
  useEffect(() => {
    startProgress();
    return doneProgress;
  }, []);
  return null;
}
