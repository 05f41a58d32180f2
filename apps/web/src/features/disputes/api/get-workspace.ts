import { queryOptions, useQuery } from '@tanstack/react-query';
import { workspacePath, type TWorkspace } from '@mbo/shared/dispute-evidence';
import { http } from '../../../platform/request';

/** A case's evidence workspace: reason, facts, CE 3.0 and the saved draft. */
export const workspaceKey = (caseNo: string) => ['dispute', caseNo, 'workspace'] as const;

export function getWorkspaceQueryOptions(caseNo: string) {
  return queryOptions({ queryKey: workspaceKey(caseNo), queryFn: () => http.get<TWorkspace>(workspacePath(caseNo)) });
}

export function useWorkspace(caseNo: string | null) {
  return useQuery({ ...getWorkspaceQueryOptions(caseNo ?? ''), enabled: caseNo !== null });
}
