import { FundsPath, type TBatch, type ZBatchListQuery } from '@mbo/shared/funds';
import type { TListPage } from '@mbo/shared/list';
import type { TListParamsOf } from '../../../platform/list-url-state';
import { http } from '../../../platform/request';
import { fundsKey } from './get-funds-summary';

export const batchesKey = [...fundsKey, 'batches'] as const;

export function getBatches(params: TListParamsOf<typeof ZBatchListQuery>): Promise<TListPage<TBatch>> {
  return http.get<TListPage<TBatch>>(FundsPath.batchList, params);
}
