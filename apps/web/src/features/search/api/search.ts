import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { SearchPath, type TSearchAnswer } from '@mbo/shared/search';
import { http } from '../../../platform/request';

/** Key of every search answer; a text is asked once while its answer is fresh. */
export const searchKey = ['search'] as const;

export function getSearch(q: string): Promise<TSearchAnswer> {
  // The box shows "nothing found" itself: a refusal (an overlong text) is not toasted.
  return http.get<TSearchAnswer>(SearchPath.search, { q }, { noToast: true });
}

export function getSearchQueryOptions(q: string) {
  return queryOptions({ queryKey: [...searchKey, q], queryFn: () => getSearch(q), staleTime: 30_000 });
}

/** The answer for `q` (nothing asked for an empty text); the previous answer stays shown while the next one comes. */
export function useSearch(q: string) {
  return useQuery({ ...getSearchQueryOptions(q), enabled: q !== '', placeholderData: keepPreviousData });
}
