import { Suspense, use, useEffect } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient } from '../platform/query-client';
import { Outlet } from 'react-router';
import { ScreenFallback } from './screen-fallback';
import { useRouteMatches } from './route-handle';
import { getLanguage, hasLanguage, i18n, loadAllTexts } from '../platform/i18n';
import { getSession, subscribeSession } from '../platform/session';
import { subscribeTimezone } from '../platform/timezone';

/**
 * Server answers depend on the `lang` and `timezone` headers and on who is signed in, so cached
 * data is refetched when either header changes and dropped when the session ends.
 */
function useCacheFollowsContext(client: QueryClient): void {
  useEffect(() => {
    const refetch = () => void client.invalidateQueries();
    i18n.on('languageChanged', refetch);
    const stopTimezone = subscribeTimezone(refetch);
    const stopSession = subscribeSession(() => {
      if (!getSession().loaded) client.clear();
    });
    return () => {
      i18n.off('languageChanged', refetch);
      stopTimezone();
      stopSession();
    };
  }, [client]);
}

/**
 * The shell's texts beyond the sign-in page's (platform/i18n.ts): every screen in this scope may
 * show them, so it waits (Suspense) until the current language's are here. A feature's own texts
 * come with its page modules.
 */
function useAllTexts(): void {
  if (!hasLanguage(getLanguage(), ['signIn', 'shell'])) use(loadAllTexts());
}

/**
 * The data layer of every screen but sign-in. It sits in its own lazily loaded route so the
 * sign-in page does not download it (nor the texts only the other screens show).
 */
export function QueryScope({ client = queryClient }: { client?: QueryClient }) {
  useAllTexts();
  useCacheFollowsContext(client);
  const matches = useRouteMatches();
  // A fresh boundary per screen outside the layout (and one for the whole layout), so a lazy
  // screen shows the progress bar while it loads and the layout stays mounted between its pages.
  const group = matches.some((match) => match.route.id === 'layout') ? 'layout' : (matches[matches.length - 1]?.route.id ?? 'none');
  return (
    <QueryClientProvider client={client}>
      <Suspense key={group} fallback={<ScreenFallback />}>
        <Outlet />
      </Suspense>
    </QueryClientProvider>
  );
}
