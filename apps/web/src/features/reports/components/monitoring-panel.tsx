import { Card, Empty, Progress, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBp, type TMonitoringProgramStatus } from '@mbo/shared/reports';
import { formatCount } from '../../../platform/format';
import { useMonitoring } from '../api/get-monitoring';

const LEVEL_COLORS: Record<string, string> = { warning: 'warning', excessive: 'error', highExcessive: 'magenta' };

/** The scale of a gauge: twice the strictest threshold, or the ratio itself when above that. */
function scaleOf(p: TMonitoringProgramStatus): number {
  const top = Math.max(0, ...p.thresholds.map((x) => x.ratioBp));
  return Math.max(top * 2, p.mtd.ratioBp ?? 0, p.projected.ratioBp ?? 0, 1);
}

export function LevelTag({ level }: { level: string | null }) {
  const { t } = useTranslation();
  return level ? (
    <Tag color={LEVEL_COLORS[level]} data-testid="monitoring-level">
      {t(`monitoring.level.${level}`)}
    </Tag>
  ) : (
    <Tag color="success" data-testid="monitoring-level">
      {t('monitoring.level.none')}
    </Tag>
  );
}

/** Min distance, in % of the gauge, between two threshold labels on one line (a label is about "1.50%" wide). */
const LABEL_GAP_PCT = 16;

/**
 * The line each threshold label goes on: a label too close to the previous one on a line moves to the
 * next line, so "1.00%" and "1.50%" never overlap on a narrow screen.
 */
export function labelRows(positionsPct: readonly number[], widthPx: number): number[] {
  const gap = Math.max(LABEL_GAP_PCT, (42 / Math.max(widthPx, 1)) * 100);
  const lastOnRow: number[] = [];
  return positionsPct.map((left) => {
    let row = lastOnRow.findIndex((prev) => left - prev >= gap);
    if (row === -1) row = lastOnRow.length;
    lastOnRow[row] = left;
    return row;
  });
}

function ProgramCard({ p }: { p: TMonitoringProgramStatus }) {
  const { t } = useTranslation();
  const scale = scaleOf(p);
  const pct = (bp: number | null) => Math.min(100, ((bp ?? 0) * 100) / scale);
  const marks = [...p.thresholds].sort((a, b) => a.ratioBp - b.ratioBp);
  // A gauge is at most about 320 px wide in its card; on a phone less. Rows are decided for the narrower case.
  const rows = labelRows(
    marks.map((x) => (x.ratioBp * 100) / scale),
    280,
  );
  const rowCount = Math.max(1, ...rows.map((r) => r + 1));
  return (
    <Card
      size="small"
      title={t(`monitoring.program.${p.program}`)}
      extra={<LevelTag level={p.mtd.level} />}
      data-testid={`monitoring-${p.program}`}
    >
      <div className="mbo-monitoring__figures">{t(`monitoring.formula.${p.program}`)}</div>
      {(['mtd', 'projected'] as const).map((which) => (
        <div key={which}>
          <div className="mbo-monitoring__figures">
            {t(`monitoring.${which}`)}: <strong data-testid={`monitoring-${p.program}-${which}`}>{formatBp(p[which].ratioBp)}</strong> (
            {formatCount(p[which].count)} / {formatCount(p[which].base)}) {which === 'projected' && <LevelTag level={p.projected.level} />}
          </div>
          <div className="mbo-monitoring__gauge" style={{ marginBottom: 6 + rowCount * 14 }}>
            <Progress
              percent={pct(p[which].ratioBp)}
              showInfo={false}
              status={p[which].level ? 'exception' : 'normal'}
              aria-label={`${t(`monitoring.program.${p.program}`)} ${t(`monitoring.${which}`)}`}
            />
            {marks.map((x, i) => (
              <span key={x.level} className="mbo-monitoring__mark" style={{ left: `${(x.ratioBp * 100) / scale}%` }}>
                <span className="mbo-monitoring__mark-label" style={{ top: 14 + (rows[i] ?? 0) * 14 }} data-testid="threshold-label">
                  {formatBp(x.ratioBp)}
                </span>
              </span>
            ))}
          </div>
        </div>
      ))}
      <div className="mbo-monitoring__figures">
        {p.thresholds.map((x) => (
          <div key={x.level}>
            {t(`monitoring.level.${x.level}`)}: ≥ {formatBp(x.ratioBp)}
            {x.minCount > 0 ? `, ${t('monitoring.minCount', { count: formatCount(x.minCount) })}` : ''}
          </div>
        ))}
        {p.program === 'vamp' && <div>{t('monitoring.rdrExcluded', { count: formatCount(p.parts.rdrExcluded ?? 0) })}</div>}
      </div>
    </Card>
  );
}

export function MonitoringPanel() {
  const { t } = useTranslation();
  const status = useMonitoring();
  return (
    <Card title={t('monitoring.title')} data-testid="monitoring-panel">
      {status.isPending && <Skeleton active />}
      {status.isError && <Empty description={t('common.loadFailed')} />}
      {status.data && (
        <>
          <p className="mbo-report-note">
            {t('monitoring.period', { month: status.data.month, elapsed: status.data.daysElapsed, days: status.data.daysInMonth })}
          </p>
          <div className="mbo-monitoring">
            {status.data.programs.map((p) => (
              <ProgramCard key={p.program} p={p} />
            ))}
          </div>
        </>
      )}
    </Card>
  );
}
