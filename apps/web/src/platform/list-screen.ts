import type { z } from 'zod';
import { listCountPath, type TExportFormat, type TListCount, type TListPage } from '@mbo/shared/list';
import type { TPermission } from '@mbo/shared/permissions';
import { downloadFile } from './download';
import { http } from './request';
import { todayIn } from './zone-clock';
import type { TFilterField } from './filter-fields';
import { apiFilters, readListUrl, useListUrlState, type TFilterValues, type TListSchema, type TListUrl } from './list-url-state';
import type { TPrefetchContext } from './query-client';
import { getTimezoneName, useTimezone } from './timezone';
import { listQueryOptions, useKeysetList, type TKeysetList, type TListCounter, type TListFetcher } from './use-keyset-list';

/**
 * A list screen, declared once: where its rows come from, how they are filtered and exported. The
 * page adds its columns and actions. `fields` may depend on the signed-in merchant (its currencies),
 * hence a function.
 */
export type TListScreen<Page extends TListPage<unknown>, K extends string> = {
  /** Locale key of the title. */
  title: string;
  /** The list's own query key: mutations invalidate by it. */
  key: readonly unknown[];
  fetch: TListFetcher<Page>;
  /** The exact count, asked when a page says "more than N" (absent: the page's count stays). */
  count?: TListCounter;
  /** The shared list query schema the URL and the form are checked with. */
  schema: TListSchema;
  /** The filters a plain visit shows, given today in the chosen timezone. */
  defaults: (today: string) => TFilterValues<K>;
  fields: readonly TFilterField<K>[];
  rowKey: string | ((row: Page['list'][number]) => string);
  /** data-testid of the table. */
  testId: string;
  /** URL keys besides the filters (an open detail, an open dialog). */
  extras?: readonly string[];
  /** `permission`: the operation that allows the export; absent, whoever may open the screen may export it. */
  export?: {
    permission?: TPermission;
    run: (filters: Partial<Record<K, string>>, format: TExportFormat) => Promise<unknown>;
    /** The same export as JSON Lines, where the route offers it (export-buttons.tsx `jsonl`). */
    jsonl?: (filters: Partial<Record<K, string>>) => Promise<unknown>;
  };
};

/** What a screen takes from a list declared in packages/shared (list-fields.ts defineList). */
type TDeclaredList<K extends string, Page> = { query: TListSchema; defaults: (today: string) => TFilterValues<K>; page?: z.ZodType<Page> };

/**
 * Where a declared screen reads its rows and writes its file, when that is all its fetcher and export
 * would say: `path` the list's GET route (instead of `fetch`), `export.path` its export's POST route
 * and `export.file` the name the file is saved under before the server's own name arrives.
 */
type TScreenPaths<Page extends TListPage<unknown>, K extends string> = Omit<
  TListScreen<Page, K>,
  'schema' | 'defaults' | 'fetch' | 'count' | 'export' | 'rowKey'
> &
  ({ fetch: TListFetcher<Page>; path?: never } | { path: string; fetch?: never }) & {
    /** The list's GET route when the screen has its own `fetch`: its exact count is asked at `<countPath>/count`. */
    countPath?: string;
    /** false: the list's route has no exact count (`<path>/count`) to ask. */
    count?: false;
    /** The rows' key: absent, their `id`. */
    rowKey?: TListScreen<Page, K>['rowKey'];
    export?: TListScreen<Page, K>['export'] | { permission?: TPermission; path: string; file: string };
  };

/**
 * A list screen of a declared list: the query schema, the filter keys and their defaults come from the
 * declaration; the rows from `path` (or the screen's own `fetch`), the file from `export.path`.
 */
export function declaredScreen<K extends string, Page extends TListPage<unknown>>(
  list: TDeclaredList<K, Page>,
  screen: TScreenPaths<Page, NoInfer<K>>,
): TListScreen<Page, K> {
  const { path, fetch, export: file, countPath, count, rowKey = 'id', ...rest } = screen;
  const counted = countPath ?? (count === false ? undefined : path);
  const exported =
    file && 'path' in file
      ? {
          permission: file.permission,
          run: (filters: Partial<Record<K, string>>, format: TExportFormat) =>
            downloadFile(file.path, { ...filters, format }, `${file.file}.${format}`),
        }
      : file;
  return {
    ...rest,
    rowKey,
    fetch: fetch ?? ((params) => http.get<Page>(path ?? '', params)),
    // Silent: a count that fails leaves "more than N" on screen, which is still true.
    ...(counted ? { count: (params, signal) => http.get<TListCount>(listCountPath(counted), params, { signal, silent: true }) } : {}),
    ...(exported ? { export: exported } : {}),
    schema: list.query,
    defaults: list.defaults,
  };
}

export type TListScreenState<Page extends TListPage<unknown>, K extends string> = {
  def: TListScreen<Page, K>;
  url: TListUrl<K>;
  list: TKeysetList<Page['list'][number], Page>;
};

/** The screen's URL state and its list, in the chosen timezone. */
export function useListScreen<Page extends TListPage<unknown>, K extends string>(def: TListScreen<Page, K>): TListScreenState<Page, K> {
  const tz = useTimezone();
  const url = useListUrlState(def.schema, def.defaults(todayIn(tz.timezone)), def.extras);
  const list = useKeysetList(def.key, def.fetch, url, def.count);
  return { def, url, list };
}

/** What the first page of a list needs: where it comes from and how its URL is read. */
export type TListSource = Pick<TListScreen<TListPage<unknown>, string>, 'key' | 'fetch' | 'schema' | 'defaults' | 'extras'>;

/**
 * A list page module's `prefetch` export (app/route-preload.ts): the page of the list the URL being
 * opened shows, read from the URL the way useListScreen reads it, under the same query key, so the
 * screen finds it fetched (or in flight) when it mounts. `sourceOf` picks the list from the route
 * element's props (one page for several views).
 */
export function listPrefetch<P = Record<string, unknown>>(sourceOf: TListSource | ((props: P) => TListSource)) {
  return ({ client, props, search }: TPrefetchContext<P>): Promise<void> => {
    const source = typeof sourceOf === 'function' ? sourceOf(props) : sourceOf;
    const state = readListUrl(search, source.schema, source.defaults(todayIn(getTimezoneName())), source.extras);
    const params = { ...apiFilters(state.filters), page: state.page, limit: state.limit };
    return client.prefetchQuery(listQueryOptions(source.key, source.fetch, params));
  };
}
