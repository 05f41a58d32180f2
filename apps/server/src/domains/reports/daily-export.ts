import { DAILY_COLUMNS, DAILY_REPORT, ReportPath, ZDailyReportDownload } from '@mbo/shared/reports';
import { defineExport } from '../../platform/export-route';
import { dayCell, type FieldRow } from '../../platform/list-fields';
import * as service from './service';

/**
 * The daily report's file: the screen's columns (the declaration's, under the screen's titles), every
 * row of the range and then the totals per currency, headed "Total". Its rows are sums and ratios
 * worked out from the rollups, not a walk of a statement, so they are written from the rows.
 */
export const dailyExport = defineExport({
  path: ReportPath.dailyDownload,
  permission: 'TradeDailyReport:Downloads',
  list: DAILY_REPORT,
  body: ZDailyReportDownload,
  file: { name: 'trade-daily', sheet: 'report.sheet.daily' },
  columns: (c) => ({
    columns: DAILY_COLUMNS,
    fromRows: true,
    // A totals row is headed "Total" in the file's language.
    special: { day: { value: (r) => (r.total === true ? c.text('report.total') : dayCell(r.day)) } },
  }),
  batches: (b, { db, scope }) =>
    (async function* () {
      // The scope is already narrowed to the body's gateway number (registerExport).
      const { rows, totals } = await service.dailyReport(db, scope, { ...b, gatewayNo: undefined });
      yield [...rows, ...totals.map((t) => ({ ...t, day: '', merchantNo: '', total: true }))] as unknown as FieldRow<
        typeof DAILY_REPORT.fields
      >[];
    })(),
});
