import { queryOptions, useQuery } from '@tanstack/react-query';
import { disputeDetailPath, type TDisputeDetail } from '@mbo/shared/disputes';
import { http } from '../../../platform/request';

export function getDisputeDetail(caseNo: string): Promise<TDisputeDetail> {
  return http.get<TDisputeDetail>(disputeDetailPath(caseNo));
}

export function getDisputeDetailQueryOptions(caseNo: string) {
  return queryOptions({ queryKey: ['dispute', caseNo], queryFn: () => getDisputeDetail(caseNo) });
}

export function useDisputeDetail(caseNo: string | null) {
  return useQuery({ ...getDisputeDetailQueryOptions(caseNo ?? ''), enabled: caseNo !== null });
}
