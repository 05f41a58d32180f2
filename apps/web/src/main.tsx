import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { getLanguage, loadAllTexts, loadLanguage } from './platform/i18n';
import { applyThemeVariables } from './platform/settings';
import { getToken } from './platform/session';
import { startSessionInfo } from './features/auth/api/get-session-info';
import { decideNavigation } from './app/guard-decision';
import { preloadRoute } from './app/route-preload';
// antd's styles before ours, so ours override them as they did when antd injected its own first.
import 'antd/dist/antd.css';
import './app/styles.css';

applyThemeVariables();

function render(): void {
  const container = document.getElementById('root');
  if (!container) return;
  const root = createRoot(container);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A transition: React renders the first screen in slices of a few ms, yielding to the browser
  // between them, rather than in one long task that blocks input (total blocking time).
  startTransition(() => root.render(app));
}

// The current language's sign-in texts first (platform/i18n.ts), so no screen shows a bare key. If
// they cannot be fetched the app still starts; the request client reports the network problem on
// the first call. Any other first page needs the rest too: fetched alongside, not after the render.
if (window.location.pathname !== '/loginNew') void loadAllTexts().catch(() => undefined);
const texts = loadLanguage(getLanguage()).catch(() => undefined);

/**
 * How long a signed-in first page waits for its route's code and first data before it renders
 * without them (the layout with a progress bar, then the screen as it arrives).
 */
const ROUTE_WAIT_MS = 1500;

// A signed-in first page: the session request, the screen's chunks and its first data start now,
// side by side with the texts, rather than one after the other as the guard, layout and screen render.
const { pathname, search } = window.location;
const start = decideNavigation(
  { pathname, search },
  { hasToken: Boolean(getToken()), userLoaded: false, forceChangePwd: false, kycInfo: null, moreBusinessCount: 0 },
);
if (start.kind === 'loadUser') {
  startSessionInfo();
  // A task later, so the texts' imports above (each issued a microtask after its call) are on the
  // wire first: the route's chunks are many, the browser opens six connections to one host, and
  // nothing renders before the texts. Issued in the same tick, the texts waited behind the route's
  // chunks (about 350 ms on a cold load of the transaction list).
  const route = new Promise<void>((resolve) => setTimeout(() => void preloadRoute(`${pathname}${search}`).then(resolve), 0));
  // The first render waits for the route's code and the screen's first data too (up to
  // ROUTE_WAIT_MS), so that it draws the screen with its rows rather than the layout with a progress
  // bar: a lazy level whose code is here does not suspend (platform/lazy-page.ts), and React reveals a
  // screen that replaces a fallback no sooner than 300 ms after the fallback appeared, whatever the
  // screen's own readiness.
  const waited = new Promise<void>((resolve) => setTimeout(resolve, ROUTE_WAIT_MS));
  void Promise.all([texts, Promise.race([route, waited])]).then(render);
} else void texts.then(render);
