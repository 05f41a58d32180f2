import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExportJobPath } from '@mbo/shared/export-job-paths';
import type { TExportJobList } from '@mbo/shared/export-jobs';
import { downloadFile } from '../../platform/download';
import { http } from '../../platform/request';

/** Recent exports (apps/server/src/domains/exports/README.md): the caller's own, newest first. */
const listKey = ['exportJobs'] as const;

/** While one is queued or running the list is asked again every 2 s, so its progress moves while the page is open. */
export function useExportJobs() {
  return useQuery(
    queryOptions({
      queryKey: listKey,
      queryFn: () => http.get<TExportJobList>(ExportJobPath.list),
      refetchInterval: (query) => (query.state.data?.list.some((j) => j.status === 'queued' || j.status === 'running') ? 2_000 : false),
      refetchOnWindowFocus: true,
    }),
  );
}

export function useCancelExportJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<null>(ExportJobPath.cancel, { id }),
    onSettled: () => client.invalidateQueries({ queryKey: listKey }),
  });
}

export function downloadExportJob(id: number, fallbackName: string): Promise<boolean> {
  return downloadFile(ExportJobPath.download, { id }, fallbackName);
}
