import { FundsPath, type TEntry, type ZEntryListQuery } from '@mbo/shared/funds';
import type { TListPage } from '@mbo/shared/list';
import type { TListParamsOf } from '../../../platform/list-url-state';
import { http } from '../../../platform/request';
import { fundsKey } from './get-funds-summary';

export const entriesKey = [...fundsKey, 'entries'] as const;

export function getEntries(params: TListParamsOf<typeof ZEntryListQuery>): Promise<TListPage<TEntry>> {
  return http.get<TListPage<TEntry>>(FundsPath.entryList, params);
}
