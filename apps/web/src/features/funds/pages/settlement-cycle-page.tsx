import { Alert, Button, Card, Empty, Form, Input, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { TPendingRow } from '@mbo/shared/funds';
import { ExportButtons } from '../../../platform/export-buttons';
import { formatAmount } from '../../../platform/format';
import { useHasPermission } from '../../../platform/session';
import { exportPending } from '../api/export-pending';
import { usePending } from '../api/get-pending';
import { TableRegion } from '../../../platform/table-region';
import { Page } from '../../../platform/page';

const GATEWAY_RE = /^\d{1,20}$/;

/**
 * Settlement cycle (spec §3 Settlement cycle): money not yet settled, by settlement date and gateway,
 * with the transaction settlement cycle, the rolling reserve cycle and the waybill flags; a date drills
 * down to its transactions on the transaction screen.
 */
export function SettlementCyclePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('gatewayNo') ?? '';
  const gatewayNo = GATEWAY_RE.test(raw) ? raw : '';
  const pending = usePending(gatewayNo);
  const mayExport = useHasPermission('NoSettAmount:Downloads');
  const flag = (ok: boolean) => <Tag color={ok ? 'success' : 'warning'}>{t(ok ? 'funds.cycle.yes' : 'funds.cycle.no')}</Tag>;
  const columns: TableColumnsType<TPendingRow> = [
    { title: t('funds.cycle.settleDate'), dataIndex: 'settleDate', key: 'settleDate' },
    { title: t('funds.gatewayNo'), dataIndex: 'gatewayNo', key: 'gatewayNo' },
    {
      title: t('funds.cycle.tradeDay'),
      dataIndex: 'tradeDay',
      key: 'tradeDay',
      render: (day: string, r) => (
        <Link
          to={`/merTradeMgr/initTradeRecordPage?${new URLSearchParams({ from: day, to: day, gatewayNo: r.gatewayNo, payStatus: '1' }).toString()}`}
          data-testid="cycle-drill"
        >
          {day}
        </Link>
      ),
    },
    { title: t('funds.cycle.cycle'), key: 'cycle', render: (_: unknown, r) => t('funds.cycle.cycleValue', { n: r.cycleDays }) },
    {
      title: t('funds.cycle.reserveCycle'),
      key: 'reserve',
      render: (_: unknown, r) => t('funds.cycle.reserveValue', { pct: r.reserveBp / 100, days: r.reserveDays }),
    },
    { title: t('funds.cycle.txCount'), dataIndex: 'txCount', key: 'txCount', align: 'right' },
    { title: t('funds.cycle.amount'), key: 'amount', align: 'right', render: (_: unknown, r) => formatAmount(r.amount, r.currency) },
    { title: t('funds.cycle.held'), dataIndex: 'heldCount', key: 'heldCount', align: 'right' },
    { title: t('funds.cycle.delivered'), key: 'delivered', render: (_: unknown, r) => flag(r.waybillDelivered) },
    { title: t('funds.cycle.uploaded'), key: 'uploaded', render: (_: unknown, r) => flag(r.waybillUploaded) },
  ];
  return (
    <Page title={t('menu.settlementCycle')}>
      <Card>
        <Form
          layout="inline"
          initialValues={{ gatewayNo }}
          onFinish={(v: { gatewayNo?: string }) => {
            const g = (v.gatewayNo ?? '').trim();
            setParams(g ? { gatewayNo: g } : {});
          }}
          style={{ marginBottom: 16, rowGap: 8 }}
        >
          <Form.Item
            name="gatewayNo"
            label={t('funds.gatewayNo')}
            rules={[{ pattern: GATEWAY_RE, message: t('funds.cycle.gatewayInvalid') }]}
          >
            <Input maxLength={20} allowClear data-testid="cycle-gateway" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit">
              {t('funds.search')}
            </Button>
          </Form.Item>
          {mayExport && (
            <Form.Item>
              <ExportButtons
                onExport={(format) => exportPending(gatewayNo, format)}
                csvLabel={t('list.exportCsv')}
                xlsxLabel={t('list.exportXlsx')}
                testIdPrefix="export"
              />
            </Form.Item>
          )}
        </Form>
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('funds.cycle.tip')} />
        {pending.isPending && <Skeleton active />}
        {pending.isError && <Empty description={t('common.loadFailed')} />}
        {pending.data && !pending.data.visible && <Alert type="warning" title={t('funds.hidden')} />}
        {pending.data?.visible && (
          <TableRegion label={t('menu.settlementCycle')}>
            <Table<TPendingRow>
              size="middle"
              rowKey={(r) => `${r.settleDate}-${r.gatewayNo}-${r.tradeDay}`}
              dataSource={pending.data.rows}
              columns={columns}
              scroll={{ x: 'max-content' }}
              pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
              data-testid="cycle-table"
            />
          </TableRegion>
        )}
      </Card>
    </Page>
  );
}
