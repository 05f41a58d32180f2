/**
 * Lets code outside React (the request client) navigate through the router once the app has
 * registered it; before that it falls back to a full page load.
 */
type TNavigate = (to: string, options?: { replace?: boolean }) => void;

let routerNavigate: TNavigate | null = null;

export function registerNavigator(fn: TNavigate | null): void {
  routerNavigate = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (routerNavigate) routerNavigate(to, options);
  else if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}

let routePreloader: ((to: string) => void) | null = null;

/** The app's router registers how a location's code and first data are started (app/route-preload.ts). */
export function registerRoutePreloader(fn: ((to: string) => void) | null): void {
  routePreloader = fn;
}

/** Starts a location's code and first data before it is opened (a menu link hovered or focused). */
export function preloadLocation(to: string): void {
  routePreloader?.(to);
}

export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export const LOGIN_PATH = '/loginNew';

export function loginPathWithRedirect(redirect: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(redirect)}`;
}

/**
 * Only same-site absolute paths are followed after sign-in (no //host, no scheme, not the sign-in
 * page itself); anything else gives '/'. Pure: it does not read window.location.
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  try {
    const base = 'http://same-site.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return '/';
    if (url.pathname === LOGIN_PATH) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
