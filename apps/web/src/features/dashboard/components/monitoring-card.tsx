import { Card, Empty, Progress, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBp } from '@mbo/shared/ratios';
import type { TProgrammeStatus } from '@mbo/shared/programmes';
import { formatCount } from '../../../platform/format';
import { useMonitoringStatus } from '../api/get-monitoring-status';

const TIER_COLORS: Record<string, string> = { excessive: 'error', cmm: 'warning', ecm: 'error', hecm: 'magenta' };

/** The mildest line not reached yet that more events this month can still reach, or null. */
function nextLine(p: TProgrammeStatus) {
  return p.lines.find((l) => !l.mtdReached && l.eventsLeft !== null) ?? null;
}

function Row({ p }: { p: TProgrammeStatus }) {
  const { t } = useTranslation();
  const name = t(`programme.name.${p.programme}`);
  const first = Math.min(...p.lines.map((l) => l.ratioBp));
  const scale = Math.max(first * 2, p.projected.ratioBp ?? 0, 1);
  const next = nextLine(p);
  return (
    <div className="mbo-monitoring-row" data-testid={`dashboard-monitoring-${p.programme}`}>
      <div className="mbo-monitoring-row__head">
        <span>{name}</span>
        <Tag color={p.mtd.tier ? TIER_COLORS[p.mtd.tier] : 'success'}>{t(`programme.tier.${p.mtd.tier ?? 'none'}`)}</Tag>
      </div>
      <Progress
        percent={Math.min(100, ((p.mtd.ratioBp ?? 0) * 100) / scale)}
        showInfo={false}
        status={p.mtd.tier ? 'exception' : 'normal'}
        aria-label={`${name} ${t('programme.mtd')}`}
      />
      <div className="mbo-muted">
        {t('programme.mtd')} {formatBp(p.mtd.ratioBp)} · {t('programme.projected')} {formatBp(p.projected.ratioBp)}
        {next && (
          <>
            {' '}
            · {t(`programme.tier.${next.line}`)} {formatBp(next.ratioBp)}:{' '}
            {t('programme.eventsLeft', { count: next.eventsLeft ?? 0, shown: formatCount(next.eventsLeft ?? 0) })}
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The card-scheme programmes in short, as the statistics screen judges them (the rules in force with
 * their count gates): the tier reached to date, the ratio to date and projected, and the events left
 * before the next line.
 */
export function MonitoringCard() {
  const { t } = useTranslation();
  const status = useMonitoringStatus();
  return (
    <Card title={t('programme.title')} data-testid="dashboard-monitoring">
      {status.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {status.isError && <Empty description={t('common.loadFailed')} />}
      {status.data?.programmes.length === 0 && <Empty description={t('programme.empty')} />}
      {status.data?.programmes.map((p) => (
        <Row key={p.programme} p={p} />
      ))}
    </Card>
  );
}
