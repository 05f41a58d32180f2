import { useRef, useState } from 'react';
import { Button, Card, Form, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PAGE_DEFAULT } from '@mbo/shared/paging';
import { REFUND_TIME_TYPES, type TRefund } from '@mbo/shared/refunds';
import { RefundMethod, RefundProcessing, RefundSource } from '@mbo/shared/trade-enums';
import { DateRangeFilter, todayIn } from '../../../platform/date-range-filter';
import { parseTime } from '../../../platform/format';
import { Pagination } from '../../../platform/pagination';
import { ExportButtons } from '../../../platform/export-buttons';
import { useSession } from '../../../platform/session';
import { useTimezone } from '../../../platform/timezone';
import { exportRefunds } from '../api/export-refunds';
import { useRefunds } from '../api/get-refunds';
import { RefundApplyDialog } from '../components/refund-apply-dialog';
import { REFUND_STATUS_COLORS, RefundDetailDrawer, refundMoney } from '../components/refund-detail-drawer';
import {
  activeRefundFilters,
  defaultRefundFilters,
  readRefundQuery,
  writeRefundQuery,
  type TRefundFilters,
  type TRefundUrlState,
} from '../refund-query';

const APPLY_OPERATIONS = ['Refundment:Apply', 'TradeRecord:Refund'];

/** Refund query (spec §2): filters, page, the open detail and the apply dialog live in the URL. */
export function RefundListPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const session = useSession();
  const today = todayIn(tz.timezone);
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readRefundQuery(searchParams, today);
  const [draft, setDraft] = useState<TRefundFilters>(state.filters);
  const [applyOpen, setApplyOpen] = useState(false);
  const filters = activeRefundFilters(state.filters);

  // Next-page cursors by page number for one set of filters: "next" is an index seek, any other jump uses the page number.
  const cursorKey = `${JSON.stringify(filters)}|${state.limit}`;
  const cursors = useRef<{ key: string; byPage: Map<number, string> }>({ key: '', byPage: new Map() });
  if (cursors.current.key !== cursorKey) cursors.current = { key: cursorKey, byPage: new Map() };
  const after = cursors.current.byPage.get(state.page);
  const list = useRefunds({ ...filters, page: state.page, limit: state.limit, ...(after ? { after } : {}) });
  const last = list.data?.list.at(-1);
  if (last && list.data?.page === state.page) cursors.current.byPage.set(state.page + 1, last.cursor);

  const permissions = session.userInfo?.permissions ?? [];
  const mayApply = APPLY_OPERATIONS.some((p) => permissions.includes(p));
  const mayExport = permissions.includes('Refundment:Downloads');
  const update = (next: Partial<TRefundUrlState>) => setSearchParams(writeRefundQuery({ ...state, ...next }, today));
  const search = () => update({ filters: draft, page: PAGE_DEFAULT });
  const reset = () => {
    const d = defaultRefundFilters(today);
    setDraft(d);
    update({ filters: d, page: PAGE_DEFAULT });
  };
  const set = (patch: Partial<TRefundFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const enumOptions = (name: string, codes: Record<string, number>) => [
    { value: '', label: t('refund.all') },
    ...Object.values(codes).map((c) => ({ value: String(c), label: t(`tradeEnum.${name}.${c}`) })),
  ];
  const time = (v: string | null) => (v ? parseTime(v, undefined, tz.timezone) : '-');

  const columns: TableColumnsType<TRefund> = [
    {
      title: t('refund.refundNo'),
      dataIndex: 'refundNo',
      key: 'refundNo',
      render: (no: string) => (
        <Button type="link" size="small" style={{ padding: 0 }} data-testid="refund-open-detail" onClick={() => update({ detail: no })}>
          {no}
        </Button>
      ),
    },
    { title: t('refund.tradeNo'), dataIndex: 'tradeNo', key: 'tradeNo' },
    { title: t('refund.gatewayNo'), dataIndex: 'gatewayNo', key: 'gatewayNo' },
    { title: t('refund.method'), dataIndex: 'method', key: 'method', render: (c: number) => t(`tradeEnum.refundMethod.${c}`) },
    {
      title: t('refund.availableAmount'),
      key: 'available',
      align: 'right',
      render: (_: unknown, r) => refundMoney(r.availableAmount, r.currency),
    },
    { title: t('refund.amount'), key: 'amount', align: 'right', render: (_: unknown, r) => refundMoney(r.amount, r.currency) },
    { title: t('refund.reason'), dataIndex: 'reason', key: 'reason', ellipsis: true },
    { title: t('refund.applicant'), dataIndex: 'applicant', key: 'applicant' },
    { title: t('refund.appliedAt'), dataIndex: 'appliedAt', key: 'appliedAt', render: time },
    {
      title: t('refund.status'),
      dataIndex: 'status',
      key: 'status',
      render: (s: number) => <Tag color={REFUND_STATUS_COLORS[s] ?? 'default'}>{t(`tradeEnum.refundProcessing.${s}`)}</Tag>,
    },
    { title: t('refund.processedAt'), dataIndex: 'processedAt', key: 'processedAt', render: time },
  ];

  return (
    <div className="mbo-page">
      <h1 className="mbo-page-title" data-testid="page-title">
        {t('menu.refundList')}
      </h1>
      <Card>
        <Form layout="inline" style={{ marginBottom: 16, rowGap: 8, flexWrap: 'wrap' }} onFinish={search}>
          <Form.Item label={t('refund.timeType')}>
            <Select
              data-testid="refund-filter-time-type"
              style={{ width: 170 }}
              value={draft.timeType}
              onChange={(v) => set({ timeType: v })}
              options={REFUND_TIME_TYPES.map((v) => ({ value: v, label: t(`tradeEnum.timeType.${v}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('refund.dateRange')}>
            <DateRangeFilter from={draft.from} to={draft.to} onChange={(from, to) => set({ from, to })} testId="refund-filter-dates" />
          </Form.Item>
          <Form.Item label={t('refund.gatewayNo')}>
            <Input
              data-testid="refund-filter-gateway"
              style={{ width: 150 }}
              value={draft.gatewayNo}
              maxLength={20}
              onChange={(e) => set({ gatewayNo: e.target.value.replace(/\D/g, '') })}
            />
          </Form.Item>
          <Form.Item label={t('refund.tradeNo')}>
            <Input
              data-testid="refund-filter-trade-no"
              style={{ width: 190 }}
              value={draft.tradeNo}
              maxLength={64}
              onChange={(e) => set({ tradeNo: e.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('refund.refundNo')}>
            <Input
              data-testid="refund-filter-refund-no"
              style={{ width: 190 }}
              value={draft.refundNo}
              maxLength={64}
              onChange={(e) => set({ refundNo: e.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('refund.status')}>
            <Select
              data-testid="refund-filter-status"
              style={{ width: 150 }}
              value={draft.status}
              onChange={(v) => set({ status: v })}
              options={enumOptions('refundProcessing', RefundProcessing)}
            />
          </Form.Item>
          <Form.Item label={t('refund.method')}>
            <Select
              style={{ width: 130 }}
              value={draft.method}
              onChange={(v) => set({ method: v })}
              options={enumOptions('refundMethod', RefundMethod)}
            />
          </Form.Item>
          <Form.Item label={t('refund.source')}>
            <Select
              style={{ width: 150 }}
              value={draft.source}
              onChange={(v) => set({ source: v })}
              options={enumOptions('refundSource', RefundSource)}
            />
          </Form.Item>
          <Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" data-testid="refund-filter-search">
                {t('refund.search')}
              </Button>
              <Button onClick={reset}>{t('common.reset')}</Button>
              {mayApply && (
                <Button icon={<PlusOutlined />} data-testid="refund-apply-open" onClick={() => setApplyOpen(true)}>
                  {t('refund.applyTitle')}
                </Button>
              )}
              {mayExport && (
                <ExportButtons
                  onExport={(format) => exportRefunds(filters, format)}
                  csvLabel={t('refund.exportCsv')}
                  xlsxLabel={t('refund.exportXlsx')}
                  testIdPrefix="refund-export"
                />
              )}
            </Space>
          </Form.Item>
        </Form>
        <Table<TRefund>
          rowKey="refundNo"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="refund-table"
        />
        <Pagination
          total={list.data?.total ?? 0}
          page={state.page}
          limit={state.limit}
          onChange={(page, limit) => update({ page, limit })}
        />
        {list.data?.capped && (
          <div className="mbo-capped-note" data-testid="refund-capped-note">
            {t('paging.capped')}
          </div>
        )}
      </Card>
      <RefundApplyDialog
        open={mayApply && (applyOpen || state.apply !== null)}
        initialTradeNo={state.apply}
        onClose={() => {
          setApplyOpen(false);
          if (state.apply) update({ apply: null });
        }}
      />
      <RefundDetailDrawer refundNo={state.detail} onClose={() => update({ detail: null })} />
    </div>
  );
}
