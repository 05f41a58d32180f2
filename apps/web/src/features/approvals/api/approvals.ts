import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type APPROVALS,
  ApprovalPath,
  approvalApprovePath,
  approvalDetailPath,
  approvalRejectPath,
  type TApprovalDecided,
  type TApprovalDetail,
  type TApprovalPolicies,
  type TApprovalPolicy,
  type TApprovalRow,
} from '@mbo/shared/approvals';
import type { TListPage } from '@mbo/shared/list';
import type { TListParamsOf } from '../../../platform/list-url-state';
import { http } from '../../../platform/request';

/*
 * The approvals screen's operations (domains/approvals on the server): the list, one request, approve,
 * reject, and the owner's policies. A decision invalidates the list and the request by their keys, and
 * the funds and refund lists, whose rows an approval makes.
 */

export const approvalsKey = ['approvals'] as const;
const policiesKey = ['approvalPolicies'] as const;

export function getApprovals(params: TListParamsOf<typeof APPROVALS.query>): Promise<TListPage<TApprovalRow>> {
  return http.get<TListPage<TApprovalRow>>(ApprovalPath.list, params);
}

const detailOptions = (id: number | null) =>
  queryOptions({
    queryKey: [...approvalsKey, 'detail', id],
    queryFn: () => http.get<TApprovalDetail>(approvalDetailPath(id ?? 0)),
    enabled: id !== null,
  });

export const useApprovalDetail = (id: number | null) => useQuery(detailOptions(id));

function useDecision<V>(fn: (v: V) => Promise<TApprovalDecided>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: approvalsKey }),
        client.invalidateQueries({ queryKey: ['funds'] }),
        client.invalidateQueries({ queryKey: ['refunds'] }),
      ]);
    },
  });
}

export const useApprove = () => useDecision((id: number) => http.post<TApprovalDecided>(approvalApprovePath(id), {}, { idempotent: true }));

export const useReject = () =>
  useDecision((v: { id: number; comment: string }) => http.post<TApprovalDecided>(approvalRejectPath(v.id), { comment: v.comment }));

export const useApprovalPolicies = (enabled: boolean) =>
  useQuery({ queryKey: policiesKey, queryFn: () => http.get<TApprovalPolicies>(ApprovalPath.policies), enabled });

export function useSavePolicies() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (policies: TApprovalPolicy[]) => http.post<TApprovalPolicies>(ApprovalPath.savePolicies, { policies }),
    onSuccess: (data) => client.setQueryData(policiesKey, data),
  });
}
