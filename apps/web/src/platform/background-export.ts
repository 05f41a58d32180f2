import { message } from 'antd';
import { ExportJobPath } from '@mbo/shared/export-job-paths';
import type { TExportJobStart } from '@mbo/shared/export-jobs';
import type { TExportFormat } from '@mbo/shared/list';
import { downloadRequestOf } from './download';
import { t } from './i18n';
import { http } from './request';

/**
 * Starts the export a list's button would make as a background export (apps/server/src/domains/exports):
 * the request the screen's own export posts is captured (as the schedule dialog captures it) and queued
 * with its format. Resolves with the export's id, or null when the screen made no request or it was refused.
 */
export async function startBackgroundExport(
  run: () => Promise<unknown>,
  o: { screen: string; format: TExportFormat; expectedRows?: number | undefined },
): Promise<number | null> {
  const request = await downloadRequestOf(run);
  if (!request) return null;
  const filters: TExportJobStart['filters'] = {};
  for (const [key, value] of Object.entries(request.data as Record<string, unknown>)) {
    if (key === 'format' || value === undefined || value === null || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') filters[key] = value;
  }
  const body: TExportJobStart = {
    exportPath: request.url,
    screen: o.screen,
    filters,
    format: o.format,
    ...(o.expectedRows !== undefined ? { expectedRows: o.expectedRows } : {}),
  };
  try {
    const { id } = await http.post<{ id: number }>(ExportJobPath.start, body);
    void message.success(t('exportJobs.started'));
    return id;
  } catch {
    // Refusals were shown by the request client.
    return null;
  }
}
