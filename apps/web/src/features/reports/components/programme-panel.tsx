import { Alert, Card, Empty, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBp } from '@mbo/shared/ratios';
import type { TProgrammeFigures, TProgrammeLineStatus, TProgrammeStatus } from '@mbo/shared/programmes';
import { formatCount } from '../../../platform/format';
import { useProgrammes } from '../api/get-programmes';
import { ProgrammeGauge } from './programme-gauge';

const TIER_COLORS: Record<string, string> = { excessive: 'error', cmm: 'warning', ecm: 'error', hecm: 'magenta' };

function TierTag({ tier, testId }: { tier: string | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={tier ? TIER_COLORS[tier] : 'success'} data-testid={testId}>
      {t(`programme.tier.${tier ?? 'none'}`)}
    </Tag>
  );
}

/** "≥ 1.50% with at least 1,500 events", or a band "1.50% to 2.99% with 100 to 299 events". */
function RuleText({ l }: { l: TProgrammeLineStatus }) {
  const { t } = useTranslation();
  const banded = l.ratioBelowBp !== null || l.maxCount !== null;
  return (
    <>
      {banded
        ? t('programme.ruleBand', {
            ratio: formatBp(l.ratioBp),
            ratioTop: l.ratioBelowBp === null ? '100.00%' : formatBp(l.ratioBelowBp - 1),
            count: formatCount(l.minCount),
            countTop: l.maxCount === null ? '∞' : formatCount(l.maxCount),
          })
        : t('programme.rule', { ratio: formatBp(l.ratioBp), count: formatCount(l.minCount) })}
    </>
  );
}

function LineRow({ l }: { l: TProgrammeLineStatus }) {
  const { t } = useTranslation();
  const state = l.mtdReached
    ? t('programme.reached')
    : l.eventsLeft === null
      ? t('programme.outOfReach')
      : t('programme.eventsLeft', { count: l.eventsLeft, shown: formatCount(l.eventsLeft) });
  return (
    <li className="mbo-programme__line" data-testid={`programme-line-${l.programme}-${l.line}`}>
      <strong>{t(`programme.line.${l.line}`)}</strong>: <RuleText l={l} />
      <div className="mbo-programme__note">
        {t('programme.from', { date: l.effectiveFrom })}
        {l.own ? ` · ${t('programme.own')}` : ''} · <span data-testid="programme-line-state">{state}</span>
      </div>
    </li>
  );
}

function Figures({ p, which }: { p: TProgrammeStatus; which: 'mtd' | 'projected' }) {
  const { t } = useTranslation();
  const f: TProgrammeFigures = p[which];
  return (
    <div className="mbo-monitoring__figures">
      {t(`programme.${which}`)}: <strong data-testid={`programme-${p.programme}-${which}`}>{formatBp(f.ratioBp)}</strong> (
      {formatCount(f.count)} / {formatCount(f.base)}) <TierTag tier={f.tier} testId={`programme-${p.programme}-${which}-tier`} />
    </div>
  );
}

function WhatIf({ p }: { p: TProgrammeStatus }) {
  const { t } = useTranslation();
  const w = p.whatIf;
  if (!w) return null;
  const text =
    w.openEthoca > 0
      ? t('programme.whatIf', {
          count: w.openEthoca,
          shown: formatCount(w.openEthoca),
          ratio: formatBp(w.ifRefunded.ratioBp),
          tier: t(`programme.tier.${w.ifRefunded.tier ?? 'none'}`),
          projected: formatBp(p.projected.ratioBp),
        })
      : t('programme.whatIfNone');
  return (
    <Alert
      type={w.openEthoca > 0 && w.ifRefunded.tier !== p.projected.tier ? 'warning' : 'info'}
      showIcon
      data-testid={`programme-${p.programme}-whatif`}
      title={
        <>
          {text}
          {w.rdrCounted !== null && <div>{t('programme.rdr', { count: w.rdrCounted, shown: formatCount(w.rdrCounted) })}</div>}
        </>
      }
    />
  );
}

function ProgrammeCard({ p }: { p: TProgrammeStatus }) {
  const { t } = useTranslation();
  const name = t(`programme.name.${p.programme}`);
  return (
    <Card
      size="small"
      className="mbo-programme"
      title={name}
      extra={<TierTag tier={p.mtd.tier} testId={`programme-${p.programme}-tier`} />}
      data-testid={`programme-${p.programme}`}
    >
      <div className="mbo-monitoring__figures">{t(`programme.formula.${p.programme}`)}</div>
      <div className="mbo-programme__note">
        {Object.entries(p.parts)
          .map(([k, v]) => `${t(`programme.parts.${k}`)} ${formatCount(v)}`)
          .join(' · ')}
      </div>
      {(['mtd', 'projected'] as const).map((which) => (
        <div key={which}>
          <Figures p={p} which={which} />
          <ProgrammeGauge
            ratioBp={p[which].ratioBp}
            marksBp={p.lines.map((l) => l.ratioBp)}
            reached={p[which].tier !== null}
            label={`${name} ${t(`programme.${which}`)}`}
          />
        </div>
      ))}
      <WhatIf p={p} />
      <ul className="mbo-programme__lines">
        {p.lines.map((l) => (
          <LineRow key={l.line} l={l} />
        ))}
      </ul>
    </Card>
  );
}

/** The card-scheme programmes of the month: figures, the rules in force with their count gates, the what-if. */
export function ProgrammePanel() {
  const { t } = useTranslation();
  const status = useProgrammes();
  return (
    <Card title={t('programme.title')} data-testid="programme-panel">
      {status.isPending && <Skeleton active />}
      {status.isError && <Empty description={t('common.loadFailed')} />}
      {status.data && (
        <>
          <p className="mbo-report-note">
            {t('programme.period', { month: status.data.month, elapsed: status.data.daysElapsed, days: status.data.daysInMonth })}
          </p>
          {status.data.programmes.length === 0 && <Empty description={t('programme.empty')} />}
          <div className="mbo-monitoring">
            {status.data.programmes.map((p) => (
              <ProgrammeCard key={p.programme} p={p} />
            ))}
          </div>
        </>
      )}
    </Card>
  );
}
