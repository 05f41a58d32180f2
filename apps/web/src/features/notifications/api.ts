import { queryOptions, useQuery } from '@tanstack/react-query';
import { NotificationPath, type TNotificationList, type TNotificationPreferences } from '@mbo/shared/notifications';
import { useRefetchingMutation } from '../../platform/refetching-mutation';
import { http } from '../../platform/request';

/** The notification centre's calls (apps/server/src/domains/notifications/README.md). */
export const unreadKey = ['notificationUnread'] as const;
const listKey = ['notificationList'] as const;
const preferencesKey = ['notificationPreferences'] as const;

/** The bell's count: a cheap call (one index range), every minute and when the window regains focus. */
export function useNotificationUnread() {
  return useQuery(
    queryOptions({
      queryKey: unreadKey,
      queryFn: () => http.get<{ unread: number }>(NotificationPath.unreadCount, undefined, { noToast: true }),
      refetchInterval: 60_000,
      refetchOnWindowFocus: true,
    }),
  );
}

export function useNotificationList(enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: listKey, queryFn: () => http.get<TNotificationList>(NotificationPath.list, { limit: 50 }), enabled }),
  );
}

export const useMarkRead = () => useRefetchingMutation((id: number) => http.post<null>(NotificationPath.read, { id }), unreadKey, listKey);

export const useMarkAllRead = () => useRefetchingMutation(() => http.post<null>(NotificationPath.readAll, {}), unreadKey, listKey);

export function useNotificationPreferences(enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: preferencesKey, queryFn: () => http.get<TNotificationPreferences>(NotificationPath.preferences), enabled }),
  );
}

export const useSavePreferences = () =>
  useRefetchingMutation((body: TNotificationPreferences) => http.post<null>(NotificationPath.savePreferences, body), preferencesKey);
