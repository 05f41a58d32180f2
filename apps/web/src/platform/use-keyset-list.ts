import { useRef } from 'react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TListCount, TListPage } from '@mbo/shared/list';
import type { TFilterValues, TListUrl } from './list-url-state';

/** What a list fetcher receives: the applied filters, the page, the page size and (for "next") the cursor. */
export type TListParams = Record<string, string | number>;

/** A list's fetcher: the list route with the applied filters, the page, the page size and the cursor. */
export type TListFetcher<Page> = (params: TListParams) => Promise<Page>;

/**
 * A list's exact count (GET `<list path>/count` with the applied filters), asked after a page whose
 * count is "more than N"; the signal cancels it when the filters change.
 */
export type TListCounter = (filters: TListParams, signal: AbortSignal) => Promise<TListCount>;

/** The query options of one page of a list, keyed `[...key, params]`, keeping the previous page on screen while the next loads. */
export function listQueryOptions<Page>(key: readonly unknown[], fetcher: TListFetcher<Page>, params: TListParams) {
  return queryOptions({ queryKey: [...key, params], queryFn: () => fetcher(params), placeholderData: keepPreviousData });
}

/** How long an exact count is shown again without asking (paging back and forth under the same filters). */
const COUNT_STALE_MS = 60_000;

export type TKeysetList<Row, Page extends TListPage<Row> = TListPage<Row>> = {
  /** The whole answer of the page on screen (a report's totals ride along with its rows). */
  data: Page | undefined;
  rows: Row[];
  /** The page's count, or the exact count once it has arrived. */
  total: number;
  capped: boolean;
  /** The exact count is being asked (the page said "more than N"). */
  counting: boolean;
  loading: boolean;
  /** Runs Search: new filters load page 1; the same filters load again (a new payment must show up). */
  search: (filters: TFilterValues) => void;
  refetch: () => void;
};

/**
 * One list on screen, paged by keyset where it can: "next page" sends the cursor the previous page
 * returned (an index seek, whatever the depth); any other jump, a reload or a shared link sends the
 * page number. The cursors are kept per set of filters and page size.
 *
 * A page whose count is "more than N" shows at once; with a `counter`, the exact count is then asked
 * beside it (its own query, keyed by the filters only: paging does not ask again) and replaces N when
 * it arrives. Other filters drop the old count's query, which cancels its request.
 */
export function useKeysetList<Page extends TListPage<unknown>, K extends string>(
  /** The list's own query key (`['refunds']`, `['transactions', view]`): mutations invalidate by it. */
  key: readonly unknown[],
  fetcher: TListFetcher<Page>,
  url: TListUrl<K>,
  counter?: TListCounter,
): TKeysetList<Page['list'][number], Page> {
  const client = useQueryClient();
  const cursorKey = `${JSON.stringify(url.params)}|${url.limit}`;
  const cursors = useRef<{ key: string; byPage: Map<number, string> }>({ key: '', byPage: new Map() });
  if (cursors.current.key !== cursorKey) cursors.current = { key: cursorKey, byPage: new Map() };
  const after = cursors.current.byPage.get(url.page);
  const params: TListParams = { ...url.params, page: url.page, limit: url.limit, ...(after ? { after } : {}) };
  const query = useQuery(listQueryOptions(key, fetcher, params));
  const data = query.data;
  const countKey = [...key, 'count', url.params];
  // Asked once the page of these filters (not a previous one kept on screen) said "more than N".
  const wantCount = counter !== undefined && data !== undefined && !query.isPlaceholderData && data.capped;
  const count = useQuery({
    queryKey: countKey,
    queryFn: ({ signal }) => counter!({ ...url.params } as TListParams, signal),
    enabled: wantCount,
    retry: false,
    staleTime: COUNT_STALE_MS,
  });
  const exact = wantCount && count.data && !count.isPlaceholderData ? count.data : undefined;
  // Only the page on screen (not a previous page kept while the next loads) leads to the next one.
  if (data && !query.isPlaceholderData && data.page === url.page && data.nextCursor) {
    cursors.current.byPage.set(url.page + 1, data.nextCursor);
  }
  return {
    data,
    rows: (data?.list ?? []) as Page['list'],
    total: exact ? Math.max(exact.total, exact.capped ? (data?.total ?? 0) : 0) : (data?.total ?? 0),
    capped: exact ? exact.capped : (data?.capped ?? false),
    counting: wantCount && count.isFetching,
    loading: query.isFetching,
    search: (filters) => {
      // Pages fetched for other filters are not shown again from the cache after a Search.
      client.removeQueries({ queryKey: [...key], type: 'inactive' });
      if (!url.search(filters as TFilterValues<K>)) {
        void query.refetch();
        // The same filters again: new payments may have come, so the count is asked again too.
        void client.refetchQueries({ queryKey: countKey, type: 'active' });
      }
    },
    refetch: () => void query.refetch(),
  };
}
