import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPath } from '@mbo/shared/api-paths';
import type { TPage, TPageQuery } from '@mbo/shared/paging';
import type { TAnnouncement } from '@mbo/shared/system';
import { http } from '../../../platform/request';

export function getAnnouncements(query: TPageQuery): Promise<TPage<TAnnouncement>> {
  return http.get<TPage<TAnnouncement>>(ApiPath.announcements, query);
}

export function getAnnouncementsQueryOptions(query: TPageQuery) {
  return queryOptions({ queryKey: ['announcements', query], queryFn: () => getAnnouncements(query) });
}

export function useAnnouncements(query: TPageQuery) {
  return useQuery(getAnnouncementsQueryOptions(query));
}

/** Newest first, whatever order the server sends. */
export function sortNewestFirst(list: readonly TAnnouncement[]): TAnnouncement[] {
  return [...list].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
}
