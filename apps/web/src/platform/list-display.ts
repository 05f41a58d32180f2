import type { TableColumnType } from 'antd';
import type { TSavedView } from '@mbo/shared/views';
import { readListUrl, type TFilterValues, type TListSchema } from './list-url-state';
import { localStore, StorageKey } from './storage-keys';

/**
 * How a list is shown apart from its rows: which columns, how dense, and what a saved view puts on the
 * screen. A view holds the columns it hides; without a chosen view the hidden columns of each screen
 * and the density are kept per administrator in this browser.
 */

export type TDensity = 'default' | 'compact';

/** A column's key as the chooser and a view name it: its key, else its data field. */
export function columnKey<Row>(column: TableColumnType<Row>): string | null {
  if (column.key !== undefined && column.key !== null) return String(column.key);
  return typeof column.dataIndex === 'string' && column.dataIndex !== '' ? column.dataIndex : null;
}

/** The columns a person may hide: those with a key and a text title (an actions column without one always shows). */
export function columnChoices<Row>(columns: readonly TableColumnType<Row>[]): { key: string; title: string }[] {
  const out: { key: string; title: string }[] = [];
  for (const c of columns) {
    const key = columnKey(c);
    if (key !== null && typeof c.title === 'string' && c.title !== '') out.push({ key, title: c.title });
  }
  return out;
}

/** The columns left after hiding `hidden`; at least one column that may be hidden stays. */
export function shownColumns<Row>(columns: readonly TableColumnType<Row>[], hidden: readonly string[]): TableColumnType<Row>[] {
  const choosable = new Set(columnChoices(columns).map((c) => c.key));
  const gone = new Set(hidden.filter((k) => choosable.has(k)));
  if (gone.size >= choosable.size) return [...columns];
  return columns.filter((c) => !gone.has(columnKey(c) ?? ''));
}

/**
 * A view's filters on the screen: the screen's defaults with the view's values, each read as the URL is
 * read (readListUrl). `dropped`: the keys the server left out (a gateway the caller lost) and those the
 * screen cannot take (not one of its filters, a value its schema refuses).
 */
export function viewFilters<K extends string>(
  view: Pick<TSavedView, 'filters' | 'dropped'>,
  defaults: TFilterValues<K>,
  schema: TListSchema,
): { filters: TFilterValues<K>; dropped: string[] } {
  const state = readListUrl(new URLSearchParams(view.filters), schema, defaults);
  const dropped = new Set(view.dropped);
  for (const [key, value] of Object.entries(view.filters)) if (state.filters[key as K] !== value.trim()) dropped.add(key);
  return { filters: state.filters, dropped: [...dropped] };
}

/** The filters a view keeps: those that differ from the screen's plain visit (a default range stays "up to today"). */
export function filtersToKeep<K extends string>(params: URLSearchParams, defaults: TFilterValues<K>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of Object.keys(defaults)) {
    const value = params.get(key);
    if (value !== null && value.trim() !== '') out[key] = value.trim();
  }
  return out;
}

type TStored = { density?: TDensity; hidden?: Record<string, string[]> };
type TAll = Record<string, TStored>;

function readAll(): TAll {
  try {
    const parsed: unknown = JSON.parse(localStore.get(StorageKey.listDisplay) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as TAll) : {};
  } catch {
    return {};
  }
}

/** This browser's display choices of one administrator (`who`: merchant number and admin id). */
export function readDisplay(who: string): { density: TDensity; hidden: Record<string, string[]> } {
  const mine = readAll()[who] ?? {};
  const hidden: Record<string, string[]> = {};
  for (const [screen, keys] of Object.entries(mine.hidden ?? {}))
    if (Array.isArray(keys)) hidden[screen] = keys.filter((k) => typeof k === 'string');
  return { density: mine.density === 'compact' ? 'compact' : 'default', hidden };
}

export function writeDisplay(who: string, patch: { density?: TDensity; screen?: string; hidden?: string[] }): void {
  const all = readAll();
  const mine = all[who] ?? {};
  if (patch.density) mine.density = patch.density;
  if (patch.screen !== undefined && patch.hidden) mine.hidden = { ...mine.hidden, [patch.screen]: patch.hidden };
  localStore.set(StorageKey.listDisplay, JSON.stringify({ ...all, [who]: mine }));
}
