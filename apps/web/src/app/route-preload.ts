import { isValidElement, type ReactNode } from 'react';
import { matchRoutes } from 'react-router';
import { MenuGate } from './menu-gate';
import { routes } from './routes';

import type { TPreloadable, TScreen } from './route-prefetch';

function isPreloadable(type: unknown): type is TPreloadable {
  return (typeof type === 'object' || typeof type === 'function') && type !== null && typeof (type as TPreloadable).preload === 'function';
}

/** The lazy screens in a route's element (a menu screen sits inside its MenuGate). */
function lazyScreensIn(node: ReactNode, found: TScreen[], menuUrl?: string): void {
  if (Array.isArray(node)) {
    for (const child of node as ReactNode[]) lazyScreensIn(child, found, menuUrl);
    return;
  }
  if (!isValidElement<Record<string, unknown>>(node)) return;
  const url = node.type === MenuGate && typeof node.props.url === 'string' ? node.props.url : menuUrl;
  if (isPreloadable(node.type)) found.push({ page: node.type, props: node.props, menuUrl: url });
  lazyScreensIn(node.props.children as ReactNode, found, url);
}

/**
 * Starts everything a location needs at once, instead of one after the other as each level renders:
 * the chunks of every lazy level of the matched routes (data layer, layout, screen) and the screen's
 * first data requests (its module's `prefetch` export, with the same query keys the screen uses).
 * Called as the app starts (main.tsx), on each navigation and when a menu link is hovered or
 * focused; chunks are fetched once and queries are deduplicated by the query client. Resolves once
 * every lazy level's chunks and texts are here and the screen's first data is answered (never
 * rejects: a chunk that fails is fetched again as the route renders, which shows the error).
 */
export function preloadRoute(to: string): Promise<void> {
  const url = new URL(to, window.location.origin);
  const found: TScreen[] = [];
  for (const match of matchRoutes(routes, url.pathname) ?? []) lazyScreensIn(match.route.element, found);
  const screen = found[found.length - 1];
  // The screen's first-data module is asked for before the levels' chunks: its requests wait for it,
  // and the browser fetches the many chunks of a screen over six connections, in the order asked.
  void screen?.page.firstData?.().catch(() => undefined);
  const levels = Promise.all(found.map((level) => level.page.preload())).then(
    () => undefined,
    () => undefined,
  );
  // The data part needs the query client, which the sign-in page's first script does not carry.
  const data = screen ? import('./route-prefetch').then((m) => m.prefetchData(screen, url.searchParams)).catch(() => undefined) : undefined;
  return Promise.all([levels, data]).then(() => undefined);
}
