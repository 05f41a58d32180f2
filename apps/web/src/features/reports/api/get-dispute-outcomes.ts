import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DisputeEvidencePath, type TOutcomes } from '@mbo/shared/dispute-evidence';
import { http } from '../../../platform/request';

/** Appeals won and lost by reason code per month (the statistics screen's month range). */
export function getDisputeOutcomes(query: { from: string; to: string }): Promise<TOutcomes> {
  return http.get<TOutcomes>(DisputeEvidencePath.outcomes, query);
}

export function useDisputeOutcomes(query: { from: string; to: string }) {
  return useQuery(
    queryOptions({
      queryKey: ['reports', 'disputeOutcomes', query],
      queryFn: () => getDisputeOutcomes(query),
      placeholderData: keepPreviousData,
    }),
  );
}
