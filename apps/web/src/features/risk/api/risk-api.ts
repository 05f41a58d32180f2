import { useQuery } from '@tanstack/react-query';
import { RiskControlPath, RiskPath, type TBlacklistAdd, type TBlacklistUploadResult, type TRiskControlSummary } from '@mbo/shared/risk';
import { useRefetchingMutation } from '../../../platform/refetching-mutation';
import { http } from '../../../platform/request';

/** Key of every blacklist query: adding, removing or importing invalidates it (and the risk summary). */
export const blacklistKey = ['blacklist'] as const;
export const riskSummaryKey = ['riskControl'] as const;

export const useAddBlacklistEntry = () =>
  useRefetchingMutation(
    (body: TBlacklistAdd) => http.post<{ id: number; created: boolean }>(RiskPath.blacklistAdd, body),
    blacklistKey,
    riskSummaryKey,
  );

export const useRemoveBlacklistEntry = () =>
  useRefetchingMutation((id: number) => http.post<null>(RiskPath.blacklistRemove, { id }), blacklistKey, riskSummaryKey);

export const useImportBlacklist = () =>
  useRefetchingMutation(
    (csv: string) => http.post<TBlacklistUploadResult>(RiskPath.blacklistImport, { csv }),
    blacklistKey,
    riskSummaryKey,
  );

export function useRiskSummary(q: { from: string; to: string }) {
  return useQuery({
    queryKey: [...riskSummaryKey, q.from, q.to],
    queryFn: () => http.get<TRiskControlSummary>(RiskControlPath.summary, q),
  });
}
