import type { TListPage } from '@mbo/shared/list';
import { RefundPath, type TRefund, type ZRefundListQuery } from '@mbo/shared/refunds';
import type { TListParamsOf } from '../../../platform/list-url-state';
import { http } from '../../../platform/request';

/** Key of every refund list query: a refund application invalidates it. */
export const refundsKey = ['refunds'] as const;

export function getRefunds(params: TListParamsOf<typeof ZRefundListQuery>): Promise<TListPage<TRefund>> {
  return http.get<TListPage<TRefund>>(RefundPath.list, params);
}
