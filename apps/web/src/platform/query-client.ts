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
