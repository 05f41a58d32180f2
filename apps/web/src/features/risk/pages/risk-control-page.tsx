import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isRangeWithinLimit } from '@mbo/shared/date-range';
import { DateRangeFilter } from '../../../platform/date-range-filter';
import { todayIn } from '../../../platform/zone-clock';
import { dayjs } from '../../../platform/dayjs';
import { useTimezone } from '../../../platform/timezone';
import { useRiskSummary } from '../api/risk-api';
import { TableCard } from '../../../platform/table-card';
import { Page } from '../../../platform/page';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Risk control (Risk menu): the rules applied to every payment, how often each declined one in the range, and the blacklist's part. */
export function RiskControlPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const today = todayIn(tz.timezone);
  const [params, setParams] = useSearchParams();
  const from0 = params.get('from') ?? '';
  const to0 = params.get('to') ?? '';
  const valid = DATE_RE.test(from0) && DATE_RE.test(to0) && from0 <= to0 && to0 <= today && isRangeWithinLimit(from0, to0);
  const from = valid ? from0 : dayjs(today).subtract(29, 'day').format('YYYY-MM-DD');
  const to = valid ? to0 : today;
  const summary = useRiskSummary({ from, to });
  const data = summary.data;

  return (
    <Page title={t('menu.riskControl')}>
      <Card>
        <DateRangeFilter
          timezone={tz.timezone}
          from={from}
          to={to}
          testId="risk-range"
          ariaLabel={t('risk.control.range')}
          onChange={(f, tt) => setParams(new URLSearchParams({ from: f, to: tt }))}
        />
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col xs={24} sm={12}>
            <Statistic title={t('risk.control.declined')} value={data?.declined ?? 0} loading={summary.isLoading} />
          </Col>
          <Col xs={24} sm={12}>
            <Statistic title={t('risk.control.blacklistDeclines')} value={data?.blacklist.declines ?? 0} loading={summary.isLoading} />
          </Col>
        </Row>
      </Card>
      <TableCard
        title={t('risk.control.rules')}
        cardStyle={{ marginTop: 16 }}
        data-testid="risk-rules"
        rowKey="code"
        size="middle"
        loading={summary.isLoading}
        dataSource={data?.rules ?? []}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('risk.control.code'), dataIndex: 'code', key: 'code' },
          {
            title: t('risk.control.rule'),
            key: 'label',
            render: (_: unknown, r: { code: string }) => t(`tradeEnum.riskRule.${r.code}`),
          },
          {
            title: t('risk.control.how'),
            key: 'how',
            render: (_: unknown, r: { code: string }) => t(`risk.control.explain.${r.code}`),
          },
          { title: t('risk.control.declines'), dataIndex: 'declines', key: 'declines', align: 'right' },
        ]}
      />
      <TableCard
        title={t('risk.control.blacklist')}
        cardStyle={{ marginTop: 16 }}
        data-testid="risk-blacklist-types"
        rowKey="type"
        size="small"
        dataSource={data?.blacklist.entries ?? []}
        columns={[
          { title: t('risk.blacklist.type'), dataIndex: 'type', key: 'type', render: (v: string) => t(`risk.blacklist.typeCode.${v}`) },
          { title: t('risk.control.entries'), dataIndex: 'count', key: 'count', align: 'right' },
        ]}
      />
    </Page>
  );
}
