import { QueryClient } from '@tanstack/react-query';

/**
 * The data layer's client, the same in the app and in its tests: a test of a list must see the
 * stale time the product has (a second Search of the same filters within it would otherwise pass
 * in a test and fail for a person).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The request client already told the person what went wrong; retrying would repeat the toast.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * What a page module's optional `prefetch` export receives (app/route-preload.ts calls it when the
 * route is chosen, before the page renders): the query client, the route element's props and the
 * URL query. It starts the page's first requests with the keys the page's hooks use.
 */
export type TPrefetchContext<P = Record<string, unknown>> = { client: QueryClient; props: P; search: URLSearchParams };

/** The app's one client: the data layer (app/query-scope.tsx) provides it, the router prefetches into it. */
export const queryClient = createQueryClient();
