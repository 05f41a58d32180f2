import { Button, Descriptions, Drawer, Empty, List, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TScheduleRun } from '@mbo/shared/report-schedules';
import { parseTime } from '../../../platform/format';
import { useTimezone } from '../../../platform/timezone';
import { downloadRunFile, useScheduleDetail } from '../api/report-schedules';
import { scheduleList, scheduleWhen } from './schedule-texts';

export const RUN_COLOR: Record<TScheduleRun['status'], string> = { sent: 'success', failed: 'error', running: 'processing' };

/** One schedule's page: what it sends, when and to whom, then its runs (sent, failed with why, the file again). */
export function ScheduleRunsDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const tz = useTimezone();
  const detail = useScheduleDetail(id);
  const s = detail.data?.schedule;
  return (
    <Drawer open={id !== null} onClose={onClose} title={s?.name ?? ''} width="min(680px, 100vw)" data-testid="schedule-drawer">
      {detail.isLoading && <Spin />}
      {s && (
        <Descriptions column={1} size="small" bordered className="mbo-schedule-facts">
          <Descriptions.Item label={t('reportSchedules.list')}>{scheduleList(t, s.screen)}</Descriptions.Item>
          <Descriptions.Item label={t('reportSchedules.when')}>{scheduleWhen(t, s)}</Descriptions.Item>
          <Descriptions.Item label={t('reportSchedules.recipients')}>{s.recipients.join(', ')}</Descriptions.Item>
          <Descriptions.Item label={t('reportSchedules.filters')}>
            {Object.entries(s.filters)
              .map(([k, v]) => `${k}=${String(v)}`)
              .join(', ') || '-'}
          </Descriptions.Item>
          {s.stopReason ? <Descriptions.Item label={t('reportSchedules.stopReason')}>{s.stopReason}</Descriptions.Item> : null}
        </Descriptions>
      )}
      <h3 className="mbo-schedule-runs-title">{t('reportSchedules.runsTitle')}</h3>
      {detail.data && detail.data.runs.length === 0 && <Empty description={t('reportSchedules.noRuns')} />}
      <List
        dataSource={detail.data?.runs ?? []}
        rowKey="id"
        data-testid="schedule-runs"
        renderItem={(r) => (
          <List.Item
            actions={
              r.hasFile
                ? [
                    <Button key="file" size="small" type="link" data-testid="schedule-run-file" onClick={() => void downloadRunFile(r)}>
                      {t('reportSchedules.download')}
                    </Button>,
                  ]
                : []
            }
          >
            <div className="mbo-schedule-run">
              <div>
                <Tag color={RUN_COLOR[r.status]} data-testid="schedule-run-status">
                  {t(`reportSchedules.runStatuses.${r.status}`)}
                </Tag>
                {parseTime(r.dueAt, undefined, tz.timezone)}
                {r.manual && <span className="mbo-schedule-run-note"> · {t('reportSchedules.manual')}</span>}
              </div>
              {r.status === 'sent' && r.delivery && (
                <div className="mbo-schedule-run-note">
                  {t(`reportSchedules.delivery.${r.delivery}`)} · {r.fileName}
                </div>
              )}
              {r.error && <div className="mbo-schedule-run-error">{r.error}</div>}
            </div>
          </List.Item>
        )}
      />
    </Drawer>
  );
}
