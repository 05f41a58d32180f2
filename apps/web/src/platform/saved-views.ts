import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VIEW_SCREENS, ViewPath, type TSavedViewList, type TViewCreate, type TViewScreen, type TViewUpdate } from '@mbo/shared/views';
import { http } from './request';

/**
 * Saved views of a list screen (apps/server/src/domains/views/README.md): the caller's own and the
 * shared ones, and the writes that change them. Keyed by the screen's menu url.
 */

export const savedViewsKey = (screen: string) => ['savedViews', screen] as const;

/** The screen's menu url when it keeps views, else null (a list that is not a menu screen of its own). */
export function viewScreenOf(pathname: string): TViewScreen | null {
  return (VIEW_SCREENS as readonly string[]).includes(pathname) ? (pathname as TViewScreen) : null;
}

export function useSavedViews(screen: TViewScreen | null) {
  return useQuery(
    queryOptions({
      queryKey: savedViewsKey(screen ?? ''),
      queryFn: () => http.get<TSavedViewList>(ViewPath.list, { screen }),
      enabled: screen !== null,
      // The menu of views changes when someone shares one: asked again on each visit of the screen, not on every focus.
      staleTime: 30_000,
    }),
  );
}

/** The writes of the Views menu; each reloads the screen's views. */
export function useSavedViewWrites(screen: TViewScreen | null) {
  const client = useQueryClient();
  const reload = () => client.invalidateQueries({ queryKey: savedViewsKey(screen ?? '') });
  return {
    create: useMutation({ mutationFn: (body: TViewCreate) => http.post<{ id: number }>(ViewPath.create, body), onSuccess: reload }),
    update: useMutation({ mutationFn: (body: TViewUpdate) => http.post<null>(ViewPath.update, body), onSuccess: reload }),
    remove: useMutation({ mutationFn: (id: number) => http.post<null>(ViewPath.delete, { id }), onSuccess: reload }),
    setDefault: useMutation({
      mutationFn: (id: number | null) => http.post<null>(ViewPath.setDefault, { screen, id }),
      onSuccess: reload,
    }),
  };
}
