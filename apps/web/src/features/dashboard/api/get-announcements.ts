import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@mbo/shared/api-paths';
import type { TListPage, TListPaging } from '@mbo/shared/list';
import type { TAnnouncement } from '@mbo/shared/system';
import { http } from '../../../platform/request';

/** The dashboard card's page of announcements (also its first data request, pages/dashboard-page-prefetch.ts). */
export const ANNOUNCEMENTS_QUERY = { page: 1, limit: 10 };

export function getAnnouncements(query: TListPaging): Promise<TListPage<TAnnouncement>> {
  return http.get<TListPage<TAnnouncement>>(ApiPath.announcements, query);
}

export function getAnnouncementsQueryOptions(query: TListPaging) {
  return queryOptions({ queryKey: ['announcements', query], queryFn: () => getAnnouncements(query) });
}

export function useAnnouncements(query: TListPaging) {
  return useQuery(getAnnouncementsQueryOptions(query));
}

/** Newest first, whatever order the server sends. */
export function sortNewestFirst(list: readonly TAnnouncement[]): TAnnouncement[] {
  return [...list].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
}
