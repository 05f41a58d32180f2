import { useState } from 'react';
import { Button, Dropdown, Space } from 'antd';
import { ClockCircleOutlined, DownloadOutlined, ScheduleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { EXPORT_BACKGROUND_ROWS, EXPORT_JOBS_PAGE } from '@mbo/shared/export-job-paths';
import type { TExportFormat } from '@mbo/shared/list';
import { findMenu } from '@mbo/shared/permissions';
import { startBackgroundExport } from './background-export';
import { downloadRequestOf } from './download';
import { DeferredPart } from './deferred-part';
import { lazyPage } from './lazy-page';
import type { TScheduleTarget } from './schedule-dialog';
import { useHasPermission } from './session';

/** The schedule form (antd's form, selects and time fields) comes when it first opens, or at the first idle moment. */
const ScheduleDialog = lazyPage(() => import('./schedule-dialog'), 'ScheduleDialog');

type TExportButtonsProps = {
  /** Downloads the file (platform/download.ts); resolves when it is saved or refused. */
  onExport: (format: TExportFormat) => Promise<unknown>;
  csvLabel: string;
  xlsxLabel: string;
  /** Buttons get `${testIdPrefix}-csv` and `${testIdPrefix}-xlsx` (and `${testIdPrefix}-schedule`). */
  testIdPrefix: string;
  /**
   * A third download as JSON Lines (`${testIdPrefix}-jsonl`), for an export whose route offers it (the
   * operation log, read by a SIEM). Not scheduled: a schedule mails the list's own formats.
   */
  jsonl?: { label: string; run: () => Promise<unknown> };
  /** The list's count as shown: a large one (or "more than N") puts the background export first. */
  rows?: { total: number; capped: boolean } | undefined;
};

type TButtonFormat = TExportFormat | 'jsonl';

/**
 * The CSV and Excel buttons of a list, and Schedule (with ReportSchedule:Edit): the same export mailed
 * daily, weekly or monthly with the filters the list has now. Each download spins while its file is
 * prepared, and neither starts a second download of the same list meanwhile (a million-row file takes seconds).
 */
export function ExportButtons({ onExport, csvLabel, xlsxLabel, testIdPrefix, jsonl, rows }: TExportButtonsProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menu = findMenu(pathname);
  const maySchedule = useHasPermission('ReportSchedule:Edit');
  const [exporting, setExporting] = useState<TButtonFormat | null>(null);
  const [target, setTarget] = useState<TScheduleTarget | null>(null);
  const run = async (format: TButtonFormat) => {
    setExporting(format);
    try {
      await (format === 'jsonl' ? jsonl?.run() : onExport(format));
    } finally {
      setExporting(null);
    }
  };
  // The schedule keeps what this screen's export would post, exactly, without downloading it.
  const schedule = async () => {
    const request = await downloadRequestOf(() => onExport('csv'));
    if (!request) return;
    const filters: TScheduleTarget['filters'] = {};
    for (const [key, value] of Object.entries(request.data as Record<string, unknown>)) {
      if (key === 'format' || value === undefined || value === null || value === '') continue;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') filters[key] = value;
    }
    setTarget({ exportPath: request.url, screen: pathname, filters });
  };
  // Background: the same export made by the server while the merchant goes on working (Recent exports).
  const large = rows !== undefined && (rows.capped || rows.total > EXPORT_BACKGROUND_ROWS);
  const background = (format: TExportFormat) =>
    void startBackgroundExport(() => onExport(format), {
      screen: pathname,
      format,
      expectedRows: rows && !rows.capped ? rows.total : undefined,
    });
  const button = (format: TButtonFormat, label: string) => (
    <Button
      icon={<DownloadOutlined />}
      data-testid={`${testIdPrefix}-${format}`}
      loading={exporting === format}
      disabled={exporting !== null && exporting !== format}
      onClick={() => void run(format)}
    >
      {label}
    </Button>
  );
  return (
    <Space wrap>
      {button('csv', csvLabel)}
      {button('xlsx', xlsxLabel)}
      {jsonl && button('jsonl', jsonl.label)}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'csv', label: <span data-testid={`${testIdPrefix}-background-csv`}>{csvLabel}</span> },
            { key: 'xlsx', label: <span data-testid={`${testIdPrefix}-background-xlsx`}>{xlsxLabel}</span> },
            { type: 'divider' },
            { key: 'recent', label: <Link to={EXPORT_JOBS_PAGE}>{t('exportJobs.title')}</Link> },
          ],
          onClick: ({ key }) => {
            if (key === 'csv' || key === 'xlsx') background(key);
          },
        }}
      >
        <Button icon={<ClockCircleOutlined />} type={large ? 'primary' : 'default'} data-testid={`${testIdPrefix}-background`}>
          {t('exportJobs.background')}
        </Button>
      </Dropdown>
      {maySchedule && (
        <Button icon={<ScheduleOutlined />} data-testid={`${testIdPrefix}-schedule`} onClick={() => void schedule()}>
          {t('reportSchedules.scheduleButton')}
        </Button>
      )}
      {maySchedule && (
        <DeferredPart open={target !== null} preload={ScheduleDialog.preload}>
          <ScheduleDialog
            open={target !== null}
            onClose={() => setTarget(null)}
            target={target ?? undefined}
            name={menu ? t(menu.titleKey) : ''}
          />
        </DeferredPart>
      )}
    </Space>
  );
}
