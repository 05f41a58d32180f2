import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReportSchedulePath, type TReportSchedule, type TReportScheduleDetail, type TScheduleRun } from '@mbo/shared/report-schedules';
import { downloadFile } from '../../../platform/download';
import { useRefetchingMutation } from '../../../platform/refetching-mutation';
import { http } from '../../../platform/request';
import { REPORT_SCHEDULES_KEY } from '../../../platform/schedule-dialog';

/** The merchant's scheduled reports, one schedule's runs, and the owner's changes (each reads the list again). */
export const reportSchedulesQuery = () =>
  queryOptions({ queryKey: REPORT_SCHEDULES_KEY, queryFn: () => http.get<{ list: TReportSchedule[] }>(ReportSchedulePath.list) });

export const useReportSchedules = () => useQuery(reportSchedulesQuery());

export const useScheduleDetail = (id: number | null) =>
  useQuery({
    queryKey: [...REPORT_SCHEDULES_KEY, 'detail', id],
    queryFn: () => http.get<TReportScheduleDetail>(ReportSchedulePath.detail, { id: String(id) }),
    enabled: id !== null,
  });

function useScheduleMutation<V, R>(fn: (v: V) => Promise<R>) {
  return useRefetchingMutation(fn, REPORT_SCHEDULES_KEY);
}

export const useEnableSchedule = () =>
  useScheduleMutation((v: { id: number; active: boolean }) => http.post<null>(ReportSchedulePath.enable, v));
export const useDeleteSchedule = () => useScheduleMutation((id: number) => http.post<null>(ReportSchedulePath.delete, { id }));
/** The report is made and mailed while the request waits (a large list takes a while). */
export const useRunScheduleNow = () =>
  useScheduleMutation((id: number) => http.post<TScheduleRun>(ReportSchedulePath.runNow, { id }, { timeout: 120_000 }));

export const downloadRunFile = (run: TScheduleRun) => downloadFile(ReportSchedulePath.runFile, { id: run.id }, run.fileName);
