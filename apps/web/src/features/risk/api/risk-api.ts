import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RiskControlPath, RiskPath, type TBlacklistAdd, type TBlacklistUploadResult, type TRiskControlSummary } from '@mbo/shared/risk';
import { http } from '../../../platform/request';

/** Key of every blacklist query: adding, removing or importing invalidates it (and the risk summary). */
export const blacklistKey = ['blacklist'] as const;
export const riskSummaryKey = ['riskControl'] as const;

function useInvalidate() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: blacklistKey }), client.invalidateQueries({ queryKey: riskSummaryKey })]);
}

export function useAddBlacklistEntry() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TBlacklistAdd) => http.post<{ id: number; created: boolean }>(RiskPath.blacklistAdd, body),
    onSuccess: invalidate,
  });
}

export function useRemoveBlacklistEntry() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => http.post<null>(RiskPath.blacklistRemove, { id }), onSuccess: invalidate });
}

export function useImportBlacklist() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (csv: string) => http.post<TBlacklistUploadResult>(RiskPath.blacklistImport, { csv }),
    onSuccess: invalidate,
  });
}

export function useRiskSummary(q: { from: string; to: string }) {
  return useQuery({
    queryKey: [...riskSummaryKey, q.from, q.to],
    queryFn: () => http.get<TRiskControlSummary>(RiskControlPath.summary, q),
  });
}
