import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { LIMIT_DEFAULT, PAGE_DEFAULT, PAGE_MAX, PAGE_SIZES } from '@mbo/shared/paging';
import { VIEW_URL_PARAM } from '@mbo/shared/views';

/**
 * A list screen's state lives in the URL (filters, page, page size, an open detail or dialog), so a
 * reload, the back button or a shared link shows the same list. The URL is read with the list's own
 * shared schema: a value the server would refuse falls back to its default instead of failing the
 * page, and only what differs from the defaults is written, so a menu click gives a clean address.
 */

/** Filters as the form and the URL hold them: text, '' meaning "not filtered". */
export type TFilterValues<K extends string = string> = Record<K, string>;

/** The list query schema of packages/shared (filters and paging, with its cross-field rules). */
export type TListSchema = z.ZodObject<z.ZodRawShape>;

export type TListUrlState<K extends string> = {
  filters: TFilterValues<K>;
  page: number;
  limit: number;
  /** Other URL keys the screen keeps (an open detail, an open dialog): null when absent. */
  extras: Record<string, string | null>;
};

/** Date ranges travel as a pair: "from 1 May to today" must keep its end when today is the default. */
const PAIRED = [['from', 'to']] as const;

/** The filters the API takes: blank values left out, text trimmed. */
export function apiFilters<K extends string>(filters: TFilterValues<K>): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const [key, value] of Object.entries(filters) as [K, string][]) if (value.trim() !== '') out[key] = value.trim();
  return out;
}

/**
 * The issues the shared schema finds in a set of filters, as (field, message key) pairs; the message
 * keys are the server catalog's (e.g. `dateRange.tooLong`, `trade.amountReversed`).
 */
export function filterIssues<K extends string>(schema: TListSchema, filters: TFilterValues<K>): { key: K; message: string }[] {
  const result = schema.safeParse(apiFilters(filters));
  if (result.success) return [];
  return result.error.issues
    .filter((issue) => typeof issue.path[0] === 'string' && issue.path[0] in filters)
    .map((issue) => ({ key: issue.path[0] as K, message: issue.message }));
}

export function readListUrl<K extends string>(
  params: URLSearchParams,
  schema: TListSchema,
  defaults: TFilterValues<K>,
  extras: readonly string[] = [],
): TListUrlState<K> {
  const filters = { ...defaults };
  const shape = schema.shape as Record<string, z.ZodType | undefined>;
  for (const key of Object.keys(defaults) as K[]) {
    const raw = params.get(key)?.trim() ?? '';
    if (raw !== '' && shape[key]?.safeParse(raw).success) filters[key] = raw;
  }
  // Cross-field rules (a reversed or too long range, a minimum above the maximum): back to the defaults.
  for (const { key } of filterIssues(schema, filters)) {
    const pair = PAIRED.find((p) => (p as readonly string[]).includes(key));
    for (const k of pair ?? [key]) if (k in defaults) filters[k as K] = defaults[k as K];
  }
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const extraValues: Record<string, string | null> = {};
  for (const name of extras) extraValues[name] = params.get(name)?.trim().slice(0, 200) || null;
  return {
    filters,
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : PAGE_DEFAULT,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : LIMIT_DEFAULT,
    extras: extraValues,
  };
}

export function writeListUrl<K extends string>(state: TListUrlState<K>, defaults: TFilterValues<K>): URLSearchParams {
  const params = new URLSearchParams();
  const differs = (key: string) => key in state.filters && (state.filters[key as K] ?? '').trim() !== (defaults[key as K] ?? '');
  for (const key of Object.keys(defaults) as K[]) {
    const value = state.filters[key].trim();
    const pair = PAIRED.find((p) => (p as readonly string[]).includes(key));
    if (pair ? pair.some(differs) : value !== defaults[key]) {
      if (value !== '') params.set(key, value);
    }
  }
  if (state.page !== PAGE_DEFAULT) params.set('page', String(state.page));
  if (state.limit !== LIMIT_DEFAULT) params.set('limit', String(state.limit));
  for (const [name, value] of Object.entries(state.extras)) if (value) params.set(name, value);
  return params;
}

export type TListUrl<K extends string> = TListUrlState<K> & {
  defaults: TFilterValues<K>;
  schema: TListSchema;
  /** The URL names a filter, a page or a page size: a saved view or the default view is not applied over it. */
  explicit: boolean;
  /** The applied filters as the API takes them (blank ones left out). */
  params: Partial<Record<K, string>>;
  /** New filters from the form: back to page 1. Returns false when the URL stays the same. */
  search: (filters: TFilterValues<K>) => boolean;
  setPage: (page: number, limit: number) => void;
  setExtra: (name: string, value: string | null) => void;
  /** Several URL parts at once (e.g. filters that lead to a case, and the case's drawer); `replace`: no new history entry. */
  update: (next: Partial<TListUrlState<K>>, options?: { replace?: boolean }) => boolean;
};

/** Whether the URL names any of the list's filters, its page or its page size. */
export function namesListState(params: URLSearchParams, defaults: Record<string, string>): boolean {
  return [...Object.keys(defaults), 'page', 'limit'].some((key) => params.has(key));
}

/** The list state of the current URL, parsed with `schema`, and the setters that write it back. */
export function useListUrlState<K extends string>(
  schema: TListSchema,
  defaults: TFilterValues<K>,
  extras: readonly string[] = [],
): TListUrl<K> {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  const defaultsKey = JSON.stringify(defaults);
  // Every list keeps the saved view it shows (list-views.ts) beside the screen's own keys.
  const allExtras = [...extras, VIEW_URL_PARAM];
  const extrasKey = extras.join(',');
  const state = useMemo(
    () => readListUrl(new URLSearchParams(query), schema, defaults, allExtras),
    // defaults and extras are compared by value: screens build them on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [query, schema, defaultsKey, extrasKey],
  );
  const update = (next: Partial<TListUrlState<K>>, options: { replace?: boolean } = {}): boolean => {
    const merged = { ...state, ...next, extras: { ...state.extras, ...next.extras } };
    const written = writeListUrl(merged, defaults);
    if (written.toString() === query) return false;
    setSearchParams(written, options.replace ? { replace: true } : undefined);
    return true;
  };
  return {
    ...state,
    defaults,
    schema,
    explicit: namesListState(new URLSearchParams(query), defaults),
    params: apiFilters(state.filters),
    search: (filters) => update({ filters, page: PAGE_DEFAULT }),
    setPage: (page, limit) => void update({ page, limit }),
    setExtra: (name, value) => void update({ extras: { [name]: value } }),
    update,
  };
}

/**
 * What a list fetcher sends: the list query schema's own field names (a misspelt filter does not
 * compile), as the URL text or numbers.
 */
export type TListParamsOf<S extends z.ZodType> = { [P in keyof z.input<S>]?: string | number };
