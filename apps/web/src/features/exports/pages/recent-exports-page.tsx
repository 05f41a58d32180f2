import { Button, Card, Empty, List, Popconfirm, Progress, Space, Tag, Typography } from 'antd';
import { CloseCircleOutlined, DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { findMenu } from '@mbo/shared/permissions';
import type { TExportJob, TExportJobStatus } from '@mbo/shared/export-jobs';
import { formatCount, parseTime } from '../../../platform/format';
import { Page } from '../../../platform/page';
import { downloadExportJob, useCancelExportJob, useExportJobs } from '../api';

const STATUS_COLORS: Record<TExportJobStatus, string> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'warning',
  expired: 'default',
};

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Rows so far against the list's total when the screen knew it; the bar moves while the page is open. */
function JobProgress({ job }: { job: TExportJob }) {
  const { t } = useTranslation();
  const rows = job.rowsWritten;
  const text =
    rows === null
      ? t('exportJobs.written', { size: sizeText(job.size) })
      : job.expectedRows !== null
        ? t('exportJobs.rowsOf', { rows: formatCount(rows), total: formatCount(job.expectedRows) })
        : t('exportJobs.rows', { rows: formatCount(rows) });
  const percent = rows !== null && job.expectedRows ? Math.min(99, Math.floor((rows / job.expectedRows) * 100)) : null;
  return (
    <div data-testid={`export-job-progress-${job.id}`}>
      {percent !== null && <Progress percent={percent} size="small" status="active" />}
      <Typography.Text type="secondary">{text}</Typography.Text>
    </div>
  );
}

/** Recent exports (issue 46 §5): the caller's background exports with progress, cancel and download. */
export function RecentExportsPage() {
  const { t } = useTranslation();
  const jobs = useExportJobs();
  const cancel = useCancelExportJob();
  const list = jobs.data?.list ?? [];
  return (
    <Page title={t('exportJobs.title')}>
      <Card>
        <Typography.Paragraph type="secondary">{t('exportJobs.intro')}</Typography.Paragraph>
        <List
          loading={jobs.isLoading}
          dataSource={list}
          locale={{ emptyText: <Empty description={t('exportJobs.empty')} /> }}
          renderItem={(job) => {
            const menu = findMenu(job.screen);
            const active = job.status === 'queued' || job.status === 'running';
            return (
              <List.Item
                data-testid={`export-job-${job.id}`}
                data-status={job.status}
                actions={[
                  job.status === 'done' && (
                    <Button
                      key="download"
                      type="primary"
                      icon={<DownloadOutlined />}
                      data-testid={`export-job-download-${job.id}`}
                      onClick={() => void downloadExportJob(job.id, job.fileName || `export.${job.format}`)}
                    >
                      {t('exportJobs.download')}
                    </Button>
                  ),
                  active && (
                    <Popconfirm key="cancel" title={t('exportJobs.cancelConfirm')} onConfirm={() => cancel.mutate(job.id)}>
                      <Button icon={<CloseCircleOutlined />} data-testid={`export-job-cancel-${job.id}`}>
                        {t('exportJobs.cancel')}
                      </Button>
                    </Popconfirm>
                  ),
                ].filter(Boolean)}
              >
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <span>{menu ? t(menu.titleKey) : job.screen}</span>
                      <Tag>{job.format.toUpperCase()}</Tag>
                      <Tag color={STATUS_COLORS[job.status]} data-testid={`export-job-status-${job.id}`}>
                        {t(`exportJobs.status.${job.status}`)}
                      </Tag>
                    </Space>
                  }
                  description={
                    <Space direction="vertical" size={2} style={{ width: '100%' }}>
                      {active ? (
                        <JobProgress job={job} />
                      ) : job.status === 'done' ? (
                        <Typography.Text type="secondary">
                          {job.rowsWritten !== null ? `${t('exportJobs.rows', { rows: formatCount(job.rowsWritten) })} · ` : ''}
                          {sizeText(job.size)} · {t('exportJobs.keptUntil', { time: parseTime(job.expiresAt) })}
                        </Typography.Text>
                      ) : (
                        job.error && <Typography.Text type="danger">{job.error}</Typography.Text>
                      )}
                      <Typography.Text type="secondary">
                        {t('exportJobs.createdAt', { time: parseTime(job.createdAt) })}
                        {job.finishedAt !== null ? ` · ${t('exportJobs.finishedAt', { time: parseTime(job.finishedAt) })}` : ''}
                      </Typography.Text>
                    </Space>
                  }
                />
              </List.Item>
            );
          }}
        />
      </Card>
    </Page>
  );
}
