import { queryClient, type TPrefetchContext } from '../platform/query-client';
import { getSession, getToken, subscribeSession } from '../platform/session';

/** A lazy page (platform/lazy-page.ts) as the router preloads it. */
export type TPreloadable = { preload: () => Promise<unknown>; firstData?: () => Promise<{ prefetch?: unknown }> };

/** A lazy screen found in a route's element: its props and the menu url that grants it. */
export type TScreen = { page: TPreloadable; props: Record<string, unknown>; menuUrl?: string };

/** Resolves once the session info is stored (false when there is no session). */
function sessionLoaded(): Promise<boolean> {
  if (getSession().loaded) return Promise.resolve(true);
  if (!getToken()) return Promise.resolve(false);
  return new Promise((resolve) => {
    const stop = subscribeSession(() => {
      const session = getSession();
      if (session.loaded || !getToken()) {
        stop();
        resolve(session.loaded);
      }
    });
  });
}

/**
 * A screen's first data requests (the `prefetch` export of its first-data module, TLazyPage), once
 * that module is here and the session is known: its timezone sets the default dates, and a screen
 * whose menu is not granted fetches nothing. The data waits neither for the page's own chunks nor for
 * the feature's texts (they come side by side; the page renders once all are here).
 */
export async function prefetchData(screen: TScreen, search: URLSearchParams): Promise<void> {
  const module = await screen.page.firstData?.();
  if (typeof module?.prefetch !== 'function') return;
  if (!(await sessionLoaded())) return;
  if (screen.menuUrl && !getSession().permittedUrls.has(screen.menuUrl)) return;
  const context: TPrefetchContext = { client: queryClient, props: screen.props, search };
  await (module.prefetch as (context: TPrefetchContext) => unknown)(context);
}
