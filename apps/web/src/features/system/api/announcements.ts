import { queryOptions, useQuery } from '@tanstack/react-query';
import { newsDetailPath, NewsPath, newsReadPath, type TAnnouncementDetail, type TUnreadCount } from '@mbo/shared/announcements';
import { useRefetchingMutation } from '../../../platform/refetching-mutation';
import { http } from '../../../platform/request';

/** Announcements of the management screen, the one open, and the unread count of the top bar. */
export const announcementsKey = ['newsManage'] as const;
export const unreadCountKey = ['newsUnread'] as const;

export function getAnnouncement(id: number): Promise<TAnnouncementDetail> {
  return http.get<TAnnouncementDetail>(newsDetailPath(id));
}

export function useAnnouncement(id: number | null) {
  return useQuery(queryOptions({ queryKey: ['newsDetail', id], queryFn: () => getAnnouncement(id ?? 0), enabled: id !== null }));
}

/** The top bar asks again every minute and when the window regains focus. */
export function useUnreadCount() {
  return useQuery(
    queryOptions({
      queryKey: unreadCountKey,
      // No toast when it fails, but an ended session still opens the dialog: that is how an open page learns it.
      queryFn: () => http.get<TUnreadCount>(NewsPath.unreadCount, undefined, { noToast: true }),
      refetchInterval: 60_000,
    }),
  );
}

export const useMarkAnnouncementRead = () =>
  useRefetchingMutation(
    (id: number) => http.put<null>(newsReadPath(id), undefined, { repeatSubmit: false }),
    unreadCountKey,
    announcementsKey,
  );
