import { ApiPath } from '@mbo/shared/api-paths';
import { http, pathWith } from '../../../platform/request';

export function markReminderRead(id: number): Promise<null> {
  return http.put<null>(pathWith(ApiPath.readReminder, { id }), undefined, { repeatSubmit: false });
}
