import {
  SHARE_VIEW_PERMISSION,
  VIEWS_PER_SCREEN_MAX,
  type TSavedView,
  type TViewCreate,
  type TViewScreen,
  type TViewUpdate,
} from '@mbo/shared/views';
import type { z } from 'zod';
import type { TLanguage } from '@mbo/shared/i18n';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/in-transaction';
import { type AppError, businessError, forbiddenError, notFoundError } from '../../platform/errors';
import { fieldLabel } from '../../platform/i18n';
import { narrowToGateway, type AdminScope } from '../../platform/scope';
import { toIso } from '../../platform/time';
import * as repo from './repository';
import { filterKeysOf, VIEW_SCREEN_QUERIES } from './screens';

/** Saved views (README.md): who may do what, and how a view's filters are checked against its list. */

/** Filters kept as a pair: a view holds both or neither (the web writes both when either differs from today's default). */
const PAIRS: readonly (readonly [string, string])[] = [['from', 'to']];

/** The keys of `filters` the screen's list would refuse: not one of its filters, a value it does not take, a broken pair. */
export function refusedFilters(screen: TViewScreen, filters: Record<string, string>): string[] {
  const schema = VIEW_SCREEN_QUERIES[screen];
  const shape = schema.shape as Record<string, z.ZodType>;
  const keys = new Set(filterKeysOf(screen));
  const bad = new Set<string>();
  for (const [key, value] of Object.entries(filters)) if (!keys.has(key) || !shape[key]!.safeParse(value).success) bad.add(key);
  for (const pair of PAIRS) if (pair.filter((k) => k in filters).length === 1) for (const k of pair) if (k in filters) bad.add(k);
  // The list's cross-field rules (a reversed or too long range, a minimum above the maximum), on the keys the view holds.
  const parsed = schema.safeParse(filters);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key !== 'string' || !(key in filters)) continue;
      for (const k of PAIRS.find((p) => p.includes(key)) ?? [key]) if (k in filters) bad.add(k);
    }
  return [...bad];
}

function badFiltersError(lang: TLanguage, keys: readonly string[]): AppError {
  return businessError('views.badFilters', { fields: keys.map((k) => fieldLabel(lang, k)).join(', ') });
}

type Caller = { scope: AdminScope; permissions: ReadonlySet<string>; lang: TLanguage };

/** The screen's menu opens its views: whoever may not open the screen may not keep views of it. */
export function requireScreen(caller: Caller, screen: string): void {
  if (!caller.permissions.has(screen)) throw forbiddenError();
}

const mayShare = (caller: Caller) => caller.permissions.has(SHARE_VIEW_PERMISSION);

function contentOf(caller: Caller, screen: TViewScreen, body: Omit<TViewCreate, 'screen'>): repo.ViewContent {
  const refused = refusedFilters(screen, body.filters);
  if (refused.length > 0) throw badFiltersError(caller.lang, refused);
  if (body.shared && !mayShare(caller)) throw forbiddenError('views.shareForbidden');
  const hidden = [...new Set(body.hiddenColumns)];
  return {
    title: body.title,
    filters: JSON.stringify(body.filters),
    hidden_columns: JSON.stringify(hidden),
    page_size: body.limit,
    shared: body.shared ? 1 : 0,
  };
}

export async function createView(db: Db, caller: Caller, body: TViewCreate, now: number): Promise<number> {
  requireScreen(caller, body.screen);
  const content = contentOf(caller, body.screen, body);
  return inTransaction(db, async (trx) => {
    if ((await repo.countOwnViews(trx, caller.scope, body.screen)) >= VIEWS_PER_SCREEN_MAX)
      throw businessError('views.tooMany', { max: VIEWS_PER_SCREEN_MAX });
    if (await repo.titleTaken(trx, caller.scope, body.screen, content.title)) throw businessError('views.titleTaken');
    return repo.insertView(trx, caller.scope, body.screen, content, now);
  });
}

/** An own view (changing or deleting another's is "not found" unless the rule below allows it). */
async function ownView(db: Db, caller: Caller, id: number): Promise<repo.ViewRow> {
  const view = await repo.findVisibleView(db, caller.scope, id);
  if (!view || view.admin_id !== caller.scope.adminId) throw notFoundError();
  requireScreen(caller, view.screen);
  return view;
}

export async function updateView(db: Db, caller: Caller, body: TViewUpdate, now: number): Promise<void> {
  const view = await ownView(db, caller, body.id);
  const screen = view.screen as TViewScreen;
  // Keeping a view shared as it was needs no permission; sharing or unsharing it does.
  if (body.shared !== (view.shared === 1) && !mayShare(caller)) throw forbiddenError('views.shareForbidden');
  const content = contentOf({ ...caller, permissions: new Set([...caller.permissions, SHARE_VIEW_PERMISSION]) }, screen, body);
  await inTransaction(db, async (trx) => {
    if (await repo.titleTaken(trx, caller.scope, screen, content.title, view.id)) throw businessError('views.titleTaken');
    await repo.updateView(trx, caller.scope, view.id, content, now);
    if (content.shared === 0) await repo.dropOthersDefaults(trx, view.id, caller.scope.adminId);
  });
}

/**
 * Deletes a view: its owner may; so may an administrator holding SavedView:Share, for a shared view of
 * someone else (sharing puts a view in every administrator's menu, so whoever may share may also take
 * one out). Anyone else gets "not found" for another's view and "forbidden" for a shared one.
 */
export async function deleteView(db: Db, caller: Caller, id: number): Promise<void> {
  const view = await repo.findVisibleView(db, caller.scope, id);
  if (!view) throw notFoundError();
  requireScreen(caller, view.screen);
  if (view.admin_id !== caller.scope.adminId && !mayShare(caller)) throw forbiddenError('views.deleteForbidden');
  await inTransaction(db, (trx) => repo.deleteView(trx, caller.scope, view.id));
}

export async function setDefault(db: Db, caller: Caller, screen: TViewScreen, id: number | null): Promise<void> {
  requireScreen(caller, screen);
  if (id !== null) {
    const view = await repo.findVisibleView(db, caller.scope, id);
    if (!view || view.screen !== screen) throw notFoundError();
  }
  await repo.setDefault(db, caller.scope, screen, id);
}

/**
 * What of a stored view still applies for the caller now: a filter the list no longer takes (the
 * product changed) or a gateway outside the caller's scope (an assignment taken away, a gateway of
 * another merchant) is left out and named in `dropped`.
 */
async function applicable(db: Db, scope: AdminScope, screen: TViewScreen, stored: Record<string, string>) {
  const dropped = new Set(refusedFilters(screen, stored));
  const gatewayNo = stored.gatewayNo;
  if (gatewayNo !== undefined && !dropped.has('gatewayNo') && (await narrowToGateway(db, scope, gatewayNo)) === null)
    dropped.add('gatewayNo');
  const filters = Object.fromEntries(Object.entries(stored).filter(([k]) => !dropped.has(k)));
  return { filters, dropped: [...dropped] };
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export async function listViews(db: Db, caller: Caller, screen: TViewScreen): Promise<{ list: TSavedView[]; mayShare: boolean }> {
  requireScreen(caller, screen);
  const [rows, defaultId] = await Promise.all([repo.listViews(db, caller.scope, screen), repo.findDefault(db, caller.scope, screen)]);
  const own = (r: repo.ViewRow) => r.admin_id === caller.scope.adminId;
  const list: TSavedView[] = [];
  for (const r of [...rows.filter(own), ...rows.filter((r) => !own(r))]) {
    const stored = parseJson<Record<string, string>>(r.filters, {});
    const { filters, dropped } = await applicable(db, caller.scope, screen, stored);
    list.push({
      id: r.id,
      screen: r.screen,
      title: r.title,
      filters,
      dropped,
      hiddenColumns: parseJson<string[]>(r.hidden_columns, []),
      limit: r.page_size,
      shared: r.shared === 1,
      mine: own(r),
      owner: r.owner,
      isDefault: r.id === defaultId,
      updatedAt: toIso(r.updated_at),
    });
  }
  return { list, mayShare: mayShare(caller) };
}
