import { Card, Empty, Progress, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBp } from '@mbo/shared/ratios';
import type { TMonitoringProgramStatus } from '@mbo/shared/reports';
import { useMonitoringStatus } from '../api/get-monitoring-status';

const LEVEL_COLORS: Record<string, string> = { warning: 'warning', excessive: 'error', highExcessive: 'magenta' };

function Row({ p }: { p: TMonitoringProgramStatus }) {
  const { t } = useTranslation();
  const first = p.thresholds[0]?.ratioBp ?? 0;
  const scale = Math.max(first * 2, p.projected.ratioBp ?? 0, 1);
  return (
    <div className="mbo-monitoring-row" data-testid={`dashboard-monitoring-${p.program}`}>
      <div className="mbo-monitoring-row__head">
        <span>{t(`monitoring.program.${p.program}`)}</span>
        <Tag color={p.mtd.level ? LEVEL_COLORS[p.mtd.level] : 'success'}>{t(`monitoring.level.${p.mtd.level ?? 'none'}`)}</Tag>
      </div>
      <Progress
        percent={Math.min(100, ((p.mtd.ratioBp ?? 0) * 100) / scale)}
        showInfo={false}
        status={p.mtd.level ? 'exception' : 'normal'}
        aria-label={`${t(`monitoring.program.${p.program}`)} ${t('monitoring.mtd')}`}
      />
      <div className="mbo-muted">
        {t('monitoring.mtd')} {formatBp(p.mtd.ratioBp)} · {t('monitoring.projected')} {formatBp(p.projected.ratioBp)} ·{' '}
        {t('monitoring.threshold')} {formatBp(first || null)}
      </div>
    </div>
  );
}

/** The card-scheme monitoring status in short: level, ratio to date and projected, first threshold. */
export function MonitoringCard() {
  const { t } = useTranslation();
  const status = useMonitoringStatus();
  return (
    <Card title={t('monitoring.title')} data-testid="dashboard-monitoring">
      {status.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {status.isError && <Empty description={t('common.loadFailed')} />}
      {status.data?.programs.map((p) => (
        <Row key={p.program} p={p} />
      ))}
    </Card>
  );
}
