import { ApiPath } from '@mbo/shared/api-paths';
import type { TReminder } from '@mbo/shared/reminders';
import { http } from '../../../platform/request';

/** Fetched once, 2 s after the layout mounts (spec §7); not a cached query. */
export function getReminders(): Promise<TReminder[]> {
  return http.get<TReminder[]>(ApiPath.reminders);
}
