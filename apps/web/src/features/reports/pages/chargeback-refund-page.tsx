import { lazy, Suspense, useMemo } from 'react';
import { Card, Skeleton, Space, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TChargebackRefundRow } from '@mbo/shared/reports';
import { CARD_SCHEMES } from '@mbo/shared/trade-enums';
import { MonthFilters } from '../components/month-filters';
import { useChargebackRefundStats, type TStatsFilter } from '../api/get-chargeback-refund-stats';
import { ProgrammePanel } from '../components/programme-panel';
import { DisputeOutcomesCard } from '../components/dispute-outcomes-card';
import { renderCell } from '../components/report-cells';
import { readMonthRange, useMonthQuery } from '../utils/month-query';
import { Page } from '../../../platform/page';
import '../components/reports.css';
import { TableRegion } from '../../../platform/table-region';

const RatesChart = lazy(() => import('../components/rates-chart'));

const COLUMNS = [
  'month',
  'cardScheme',
  'txCount',
  'successCount',
  'chargebackCount',
  'refundCount',
  'chargebackRateBp',
  'refundRateBp',
] as const;

/** Months and card scheme in the URL; a missing or out-of-window range falls back to the last six months. */
export function readStatsQuery(params: URLSearchParams, currentMonth: string): TStatsFilter {
  const scheme = params.get('cardScheme') ?? '';
  return {
    ...readMonthRange(params, currentMonth, 6),
    ...((CARD_SCHEMES as readonly string[]).includes(scheme) ? { cardScheme: scheme } : {}),
  };
}

/** Basis points to percent for the chart (display only; the table shows exact text). */
const toPercent = (bp: number | null) => (bp === null ? null : bp / 100);

export function ChargebackRefundPage() {
  const { t } = useTranslation();
  const months = useMonthQuery(readStatsQuery, 'cardScheme');
  const query = months.query;
  const stats = useChargebackRefundStats(query);
  const list = useMemo(() => stats.data?.list ?? [], [stats.data]);

  const chart = useMemo(() => {
    const months = [...new Set(list.map((r) => r.month))].sort();
    const schemes = [...new Set(list.map((r) => r.cardScheme))].sort();
    const series = schemes.flatMap((s) => {
      const label = t(`tradeEnum.cardScheme.${s}`);
      const at = (m: string) => list.find((r) => r.month === m && r.cardScheme === s);
      return [
        { name: `${label} ${t('statistics.chargebackRate')}`, values: months.map((m) => toPercent(at(m)?.chargebackRateBp ?? null)) },
        { name: `${label} ${t('statistics.refundRate')}`, values: months.map((m) => toPercent(at(m)?.refundRateBp ?? null)) },
      ];
    });
    return { months, series };
  }, [list, t]);

  const columns: TableColumnsType<TChargebackRefundRow> = COLUMNS.map((key) => ({
    key,
    dataIndex: key,
    title: t(`statistics.col.${key}`),
    align: key === 'month' || key === 'cardScheme' ? 'left' : 'right',
    render: (value: unknown) => (key === 'cardScheme' ? t(`tradeEnum.cardScheme.${String(value)}`) : renderCell(key, value, '')),
  }));

  return (
    <Page title={t('menu.chargebackRefund')}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <ProgrammePanel />
        <Card title={t('statistics.title')}>
          <MonthFilters
            months={months}
            rangeTestId="stats-range"
            choice={{
              label: t('statistics.cardScheme'),
              value: query.cardScheme,
              options: CARD_SCHEMES.map((s) => ({ value: s, label: t(`tradeEnum.cardScheme.${s}`) })),
              testId: 'stats-scheme',
            }}
          />
          {chart.months.length > 0 && (
            <Suspense fallback={<Skeleton active />}>
              <RatesChart months={chart.months} series={chart.series} />
            </Suspense>
          )}
          <TableRegion label={t('menu.chargebackRefund')}>
            <Table<TChargebackRefundRow>
              rowKey={(r) => `${r.month}-${r.cardScheme}`}
              size="middle"
              columns={columns}
              dataSource={list}
              loading={stats.isFetching}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid="stats-table"
            />
          </TableRegion>
          <p className="mbo-report-note">{t('statistics.note')}</p>
        </Card>
        <DisputeOutcomesCard from={query.from} to={query.to} />
      </Space>
    </Page>
  );
}
