import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { PAGE_DEFAULT } from '@mbo/shared/paging';
import { VIEW_URL_PARAM, type TSavedView } from '@mbo/shared/views';
import { keysOf, type TFilterField } from './filter-fields';
import { filtersToKeep, readDisplay, viewFilters, writeDisplay, type TDensity } from './list-display';
import { writeListUrl, type TListUrl } from './list-url-state';
import { useSavedViews, useSavedViewWrites, viewScreenOf } from './saved-views';
import { useSession } from './session';

/**
 * What the list kit shows around a list's rows (ListPage): the saved views of the screen, the view
 * chosen (kept in the URL as `savedView`), the hidden columns and the density. A screen opened with no
 * filters in its URL opens with the caller's default view; a URL naming a view and no filters opens that
 * view. A view whose filters no longer all apply opens with the rest, and `notice` names the others.
 */
export function useListViews<K extends string>(url: TListUrl<K>, fields: readonly TFilterField<K>[]) {
  const { pathname } = useLocation();
  const screen = viewScreenOf(pathname);
  const { userInfo } = useSession();
  const who = userInfo ? `${userInfo.merchantNo}/${userInfo.adminId}` : '';
  const views = useSavedViews(userInfo ? screen : null);
  const writes = useSavedViewWrites(screen);
  const list = views.data?.list ?? [];
  const chosenId = url.extras[VIEW_URL_PARAM] ?? null;
  const current = list.find((v) => String(v.id) === chosenId) ?? null;

  const [display, setDisplay] = useState(() => readDisplay(who));
  const [draft, setDraft] = useState<{ id: string | null; hidden: string[] } | null>(null);
  const [notice, setNotice] = useState<{ id: string; dropped: string[] } | null>(null);
  const [gone, setGone] = useState(false);

  const open = (view: TSavedView, replace = false) => {
    const { filters, dropped } = viewFilters(view, url.defaults, url.schema);
    url.update({ filters, page: PAGE_DEFAULT, limit: view.limit, extras: { [VIEW_URL_PARAM]: String(view.id) } }, { replace });
    setDraft(null);
    setNotice(dropped.length > 0 ? { id: String(view.id), dropped } : null);
  };

  // Once the views are known, on arriving at the screen: the view the URL names, else the default one,
  // unless the URL already says what to list (a link with filters, the back button).
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current || !views.data) return;
    arrived.current = true;
    const named = chosenId === null ? undefined : views.data.list.find((v) => String(v.id) === chosenId);
    if (chosenId !== null && !named) {
      url.update({ extras: { [VIEW_URL_PARAM]: null } }, { replace: true });
      setGone(true);
    } else if (!url.explicit) {
      const view = named ?? views.data.list.find((v) => v.isDefault);
      if (view) open(view, true);
    }
    // Only the first answer counts: later ones follow what the person does on the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [views.data]);

  const stored = display.hidden[pathname] ?? [];
  const hidden = draft && draft.id === chosenId ? draft.hidden : (current?.hiddenColumns ?? stored);
  const setHidden = (next: string[]) => {
    setDraft({ id: chosenId, hidden: next });
    if (!current) {
      writeDisplay(who, { screen: pathname, hidden: next });
      setDisplay(readDisplay(who));
    }
  };
  const setDensity = (density: TDensity) => {
    writeDisplay(who, { density });
    setDisplay(readDisplay(who));
  };

  /** The filters and page size on screen, as a view keeps them. */
  const content = () => {
    const written = writeListUrl({ filters: url.filters, page: PAGE_DEFAULT, limit: url.limit, extras: {} }, url.defaults);
    return { filters: filtersToKeep(written, url.defaults), hiddenColumns: hidden, limit: url.limit };
  };
  const label = (key: string) => fields.find((f) => (keysOf(f) as string[]).includes(key))?.label;

  return {
    screen,
    views: list,
    mayShare: views.data?.mayShare ?? false,
    current,
    hidden,
    setHidden,
    density: display.density,
    setDensity,
    open,
    /** The dropped filters of the view on screen, by their labels' locale keys (or their keys). */
    notice: notice && notice.id === chosenId ? notice.dropped.map((k) => label(k) ?? k) : null,
    /** The view the URL named is not there any more (deleted, no longer shared). */
    gone,
    dismissNotice: () => {
      setNotice(null);
      setGone(false);
    },
    saveAs: async (title: string, shared: boolean) => {
      if (!screen) return;
      const { id } = await writes.create.mutateAsync({ screen, title, shared, ...content() });
      url.update({ extras: { [VIEW_URL_PARAM]: String(id) } });
      setDraft(null);
    },
    /** Writes what is on screen into the chosen view (its title and sharing as they are unless given). */
    saveCurrent: async (change: { title?: string; shared?: boolean } = {}) => {
      if (!current) return;
      await writes.update.mutateAsync({ id: current.id, title: current.title, shared: current.shared, ...content(), ...change });
      setDraft(null);
    },
    /** Changes only the title or the sharing of the chosen view, not its filters. */
    change: async (change: { title?: string; shared?: boolean }) => {
      if (!current) return;
      const { filters, hiddenColumns, limit, title, shared } = current;
      await writes.update.mutateAsync({ id: current.id, title, shared, filters, hiddenColumns, limit, ...change });
    },
    remove: async () => {
      if (!current) return;
      await writes.remove.mutateAsync(current.id);
      url.update({ extras: { [VIEW_URL_PARAM]: null } });
    },
    toggleDefault: () => (current ? writes.setDefault.mutateAsync(current.isDefault ? null : current.id) : Promise.resolve(null)),
    pending: writes.create.isPending || writes.update.isPending || writes.remove.isPending || writes.setDefault.isPending,
  };
}

export type TListViews = ReturnType<typeof useListViews>;
