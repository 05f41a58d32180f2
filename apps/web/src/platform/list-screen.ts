import type { TExportFormat, TListPage } from '@mbo/shared/list';
import type { TPermission } from '@mbo/shared/permissions';
import { todayIn } from './date-range-filter';
import type { TFilterField } from './filter-form';
import { useListUrlState, type TFilterValues, type TListSchema, type TListUrl } from './list-url-state';
import { useTimezone } from './timezone';
import { useKeysetList, type TKeysetList, type TListFetcher } from './use-keyset-list';

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
  export?: { permission?: TPermission; run: (filters: Partial<Record<K, string>>, format: TExportFormat) => Promise<unknown> };
};

export type TListScreenState<Page extends TListPage<unknown>, K extends string> = {
  def: TListScreen<Page, K>;
  url: TListUrl<K>;
  list: TKeysetList<Page['list'][number], Page>;
};

/** The screen's URL state and its list, in the chosen timezone. */
export function useListScreen<Page extends TListPage<unknown>, K extends string>(def: TListScreen<Page, K>): TListScreenState<Page, K> {
  const tz = useTimezone();
  const url = useListUrlState(def.schema, def.defaults(todayIn(tz.timezone)), def.extras);
  const list = useKeysetList(def.key, def.fetch, url);
  return { def, url, list };
}
