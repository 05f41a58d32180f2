import { DisputePath, type TDispute, type ZDisputeListQuery } from '@mbo/shared/disputes';
import type { TListPage } from '@mbo/shared/list';
import type { TListParamsOf } from '../../../platform/list-url-state';
import { http } from '../../../platform/request';

/** Key of every dispute list query: an appeal or an alert refund invalidates it. */
export const disputesKey = ['disputes'] as const;

export function getDisputes(params: TListParamsOf<typeof ZDisputeListQuery>): Promise<TListPage<TDispute>> {
  return http.get<TListPage<TDispute>>(DisputePath.list, params);
}
