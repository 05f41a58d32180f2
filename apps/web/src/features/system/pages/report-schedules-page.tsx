import { useState } from 'react';
import { Button, Card, Empty, Modal, Table, Tag, message, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TReportSchedule } from '@mbo/shared/report-schedules';
import { parseTime } from '../../../platform/format';
import { Page } from '../../../platform/page';
import { ScheduleDialog } from '../../../platform/schedule-dialog';
import { useHasPermission } from '../../../platform/session';
import { TableRegion } from '../../../platform/table-region';
import { useTimezone } from '../../../platform/timezone';
import { useIsMobile } from '../../../platform/use-is-mobile';
import { useDeleteSchedule, useEnableSchedule, useReportSchedules, useRunScheduleNow } from '../api/report-schedules';
import { RUN_COLOR, ScheduleRunsDrawer } from '../components/schedule-runs-drawer';
import { scheduleList, scheduleWhen } from '../components/schedule-texts';
import '../system.css';

const STATUS_COLOR: Record<TReportSchedule['status'], string> = { active: 'success', paused: 'default', stopped: 'error' };

/** System › Scheduled reports (issue 48 §3): the merchant's schedules; their owner pauses, resumes, changes, sends now or deletes each. */
export function ReportSchedulesPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const mobile = useIsMobile();
  const mayEdit = useHasPermission('ReportSchedule:Edit');
  const schedules = useReportSchedules();
  const enable = useEnableSchedule();
  const remove = useDeleteSchedule();
  const runNow = useRunScheduleNow();
  const [open, setOpen] = useState<number | null>(null);
  const [editing, setEditing] = useState<TReportSchedule | null>(null);

  const sendNow = async (s: TReportSchedule) => {
    try {
      const run = await runNow.mutateAsync(s.id);
      if (run.status === 'sent') void message.success(t('reportSchedules.sentNow'));
      else void message.error(run.error || t('reportSchedules.runStatuses.failed'));
    } catch {
      // The request client already showed the server's message.
    }
  };

  // Deleting takes the schedule's runs and files with it: asked first.
  const confirmDelete = (s: TReportSchedule) =>
    Modal.confirm({
      title: t('reportSchedules.deleteConfirm'),
      content: s.name,
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(s.id).catch(() => undefined),
    });

  const columns: TableColumnsType<TReportSchedule> = [
    {
      title: t('reportSchedules.name'),
      key: 'name',
      render: (_, s) => (
        <Button type="link" size="small" className="mbo-schedule-name" data-testid="schedule-open" onClick={() => setOpen(s.id)}>
          {s.name}
        </Button>
      ),
    },
    { title: t('reportSchedules.list'), key: 'list', render: (_, s) => scheduleList(t, s.screen) },
    { title: t('reportSchedules.when'), key: 'when', render: (_, s) => scheduleWhen(t, s) },
    { title: t('reportSchedules.recipients'), key: 'recipients', render: (_, s) => s.recipients.join(', ') },
    {
      title: t('reportSchedules.status'),
      key: 'status',
      render: (_, s) => (
        <>
          <Tag color={STATUS_COLOR[s.status]} data-testid="schedule-status">
            {t(`reportSchedules.statuses.${s.status}`)}
          </Tag>
          {s.stopReason && <div className="mbo-schedule-run-error">{s.stopReason}</div>}
        </>
      ),
    },
    {
      title: t('reportSchedules.nextRun'),
      key: 'next',
      render: (_, s) => (s.nextRunAt ? parseTime(s.nextRunAt, 'YYYY-MM-DD HH:mm', tz.timezone) : ''),
    },
    {
      title: t('reportSchedules.lastRun'),
      key: 'last',
      render: (_, s) =>
        s.lastRun && (
          <>
            <Tag color={RUN_COLOR[s.lastRun.status]}>{t(`reportSchedules.runStatuses.${s.lastRun.status}`)}</Tag>
            {parseTime(s.lastRun.at, 'YYYY-MM-DD HH:mm', tz.timezone)}
          </>
        ),
    },
    { title: t('reportSchedules.owner'), key: 'owner', dataIndex: 'ownerLoginName' },
  ];
  if (mayEdit)
    columns.push({
      title: t('reportSchedules.actions'),
      key: 'actions',
      fixed: mobile ? undefined : 'right',
      render: (_, s) =>
        s.mine && (
          <span className="mbo-webhook-row-actions">
            <Button
              size="small"
              type="link"
              data-testid="schedule-run-now"
              loading={runNow.isPending && runNow.variables === s.id}
              onClick={() => void sendNow(s)}
            >
              {t('reportSchedules.runNow')}
            </Button>
            <Button size="small" type="link" data-testid="schedule-edit" onClick={() => setEditing(s)}>
              {t('reportSchedules.edit')}
            </Button>
            <Button
              size="small"
              type="link"
              data-testid="schedule-toggle"
              onClick={() => void enable.mutateAsync({ id: s.id, active: s.status !== 'active' }).catch(() => undefined)}
            >
              {t(s.status === 'active' ? 'reportSchedules.pause' : 'reportSchedules.resume')}
            </Button>
            <Button size="small" type="link" danger data-testid="schedule-delete" onClick={() => confirmDelete(s)}>
              {t('reportSchedules.delete')}
            </Button>
          </span>
        ),
    });

  return (
    <Page title={t('menu.reportSchedules')}>
      <Card>
        <p className="mbo-schedule-intro">{t('reportSchedules.intro')}</p>
        <TableRegion label={t('menu.reportSchedules')}>
          <Table<TReportSchedule>
            size="middle"
            rowKey="id"
            loading={schedules.isLoading}
            dataSource={schedules.data?.list ?? []}
            columns={columns}
            scroll={{ x: 'max-content' }}
            pagination={false}
            locale={{ emptyText: <Empty description={t('reportSchedules.empty')} /> }}
            data-testid="schedule-table"
          />
        </TableRegion>
      </Card>
      <ScheduleRunsDrawer id={open} onClose={() => setOpen(null)} />
      <ScheduleDialog open={editing !== null} onClose={() => setEditing(null)} editing={editing ?? undefined} />
    </Page>
  );
}
