import { useRef, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, message, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEADLINE_WITHIN_MAX_DAYS, DISPUTE_TIME_TYPES, LISTED_DISPUTE_KINDS, type TDispute } from '@mbo/shared/disputes';
import { PAGE_DEFAULT } from '@mbo/shared/paging';
import { AppealStatus, ProcessingType } from '@mbo/shared/trade-enums';
import { DateRangeFilter, todayIn } from '../../../platform/date-range-filter';
import { parseTime } from '../../../platform/format';
import { Pagination } from '../../../platform/pagination';
import { ExportButtons } from '../../../platform/export-buttons';
import { useSession } from '../../../platform/session';
import { useTimezone } from '../../../platform/timezone';
import { exportDisputes } from '../api/export-disputes';
import { useDisputes } from '../api/get-disputes';
import { useRefundAlert } from '../api/refund-alert';
import { AppealDialog } from '../components/appeal-dialog';
import { DisputeDetailDrawer, disputeMoney } from '../components/dispute-detail-drawer';
import { TimeLeft } from '../components/time-left';
import {
  activeDisputeFilters,
  defaultDisputeFilters,
  readDisputeQuery,
  writeDisputeQuery,
  type TDisputeFilters,
  type TDisputeUrlState,
} from '../dispute-query';

/** Retrievals, chargebacks and alerts (spec §2): filters, page and the open case live in the URL. */
export function DisputeListPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const session = useSession();
  const today = todayIn(tz.timezone);
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readDisputeQuery(searchParams, today);
  const [draft, setDraft] = useState<TDisputeFilters>(state.filters);
  const [appealing, setAppealing] = useState<string | null>(null);
  const filters = activeDisputeFilters(state.filters);
  const alertRefund = useRefundAlert();

  const cursorKey = `${JSON.stringify(filters)}|${state.limit}`;
  const cursors = useRef<{ key: string; byPage: Map<number, string> }>({ key: '', byPage: new Map() });
  if (cursors.current.key !== cursorKey) cursors.current = { key: cursorKey, byPage: new Map() };
  const after = cursors.current.byPage.get(state.page);
  const list = useDisputes({ ...filters, page: state.page, limit: state.limit, ...(after ? { after } : {}) });
  const last = list.data?.list.at(-1);
  if (last && list.data?.page === state.page) cursors.current.byPage.set(state.page + 1, last.cursor);

  const permissions = session.userInfo?.permissions ?? [];
  const mayAppeal = permissions.includes('ProConTrade:Appeal');
  const mayAlertRefund = permissions.includes('ProConTrade:AlertRefund');
  const mayExport = permissions.includes('ProConTrade:Downloads');
  const update = (next: Partial<TDisputeUrlState>) => setSearchParams(writeDisputeQuery({ ...state, ...next }, today));
  const set = (patch: Partial<TDisputeFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const search = () => update({ filters: draft, page: PAGE_DEFAULT });
  const reset = () => {
    const d = defaultDisputeFilters(today);
    setDraft(d);
    update({ filters: d, page: PAGE_DEFAULT });
  };
  const confirmAlertRefund = (d: Pick<TDispute, 'caseNo' | 'alertAmount' | 'currency'>) => {
    Modal.confirm({
      title: t('dispute.alertRefundConfirm', { caseNo: d.caseNo, amount: disputeMoney(d.alertAmount, d.currency) }),
      okButtonProps: { 'data-testid': 'alert-refund-ok' } as Record<string, string>,
      onOk: async () => {
        const done = await alertRefund.mutateAsync(d.caseNo);
        void message.success(t('dispute.alertRefunded', { refundNo: done.refundNo }));
      },
    });
  };
  const enumOptions = (name: string, codes: Record<string, number>) => [
    { value: '', label: t('dispute.all') },
    ...Object.values(codes).map((c) => ({ value: String(c), label: t(`tradeEnum.${name}.${c}`) })),
  ];
  const time = (v: string | null) => (v ? parseTime(v, undefined, tz.timezone) : '-');

  const columns: TableColumnsType<TDispute> = [
    {
      title: t('dispute.caseNo'),
      dataIndex: 'caseNo',
      key: 'caseNo',
      render: (no: string) => (
        <Button type="link" size="small" style={{ padding: 0 }} data-testid="dispute-open-detail" onClick={() => update({ detail: no })}>
          {no}
        </Button>
      ),
    },
    { title: t('dispute.tradeNo'), dataIndex: 'tradeNo', key: 'tradeNo' },
    { title: t('dispute.gatewayNo'), dataIndex: 'gatewayNo', key: 'gatewayNo' },
    {
      title: t('dispute.processingType'),
      dataIndex: 'processingType',
      key: 'processingType',
      render: (c: number) => <Tag>{t(`tradeEnum.processingType.${c}`)}</Tag>,
    },
    { title: t('dispute.amount'), key: 'amount', align: 'right', render: (_: unknown, d) => disputeMoney(d.amount, d.currency) },
    {
      title: t('dispute.chargebackAmount'),
      key: 'cb',
      align: 'right',
      render: (_: unknown, d) => disputeMoney(d.chargebackAmount, d.currency),
    },
    {
      title: t('dispute.appealAmount'),
      key: 'appeal',
      align: 'right',
      render: (_: unknown, d) => disputeMoney(d.appealAmount, d.currency),
    },
    { title: t('dispute.alertAmount'), key: 'alert', align: 'right', render: (_: unknown, d) => disputeMoney(d.alertAmount, d.currency) },
    { title: t('dispute.settleBatch'), dataIndex: 'settleBatch', key: 'settleBatch', render: (v: string) => v || '-' },
    {
      title: t('dispute.reason'),
      key: 'reason',
      ellipsis: true,
      render: (_: unknown, d) => [d.reasonCode, d.reason].filter(Boolean).join(' ') || '-',
    },
    {
      title: t('dispute.replyDeadline'),
      key: 'deadline',
      render: (_: unknown, d) => (
        <Space direction="vertical" size={0}>
          <span data-testid="dispute-deadline">{time(d.replyDeadline)}</span>
          {d.replyDeadline && <TimeLeft deadline={d.replyDeadline} />}
        </Space>
      ),
    },
    { title: t('dispute.createdAt'), dataIndex: 'createdAt', key: 'createdAt', render: time },
    {
      title: t('dispute.action'),
      key: 'action',
      fixed: 'right',
      render: (_: unknown, d) => (
        <Space size={4} wrap>
          {mayAppeal && d.canAppeal && (
            <Button size="small" type="primary" data-testid="row-appeal" onClick={() => setAppealing(d.caseNo)}>
              {t('dispute.appeal')}
            </Button>
          )}
          {mayAlertRefund && d.canAlertRefund && (
            <Button size="small" danger data-testid="row-alert-refund" onClick={() => confirmAlertRefund(d)}>
              {t('dispute.alertRefund')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="mbo-page">
      <h1 className="mbo-page-title" data-testid="page-title">
        {t('menu.proConTrade')}
      </h1>
      <Card>
        <Form layout="inline" style={{ marginBottom: 16, rowGap: 8, flexWrap: 'wrap' }} onFinish={search}>
          <Form.Item label={t('dispute.timeType')}>
            <Select
              style={{ width: 200 }}
              value={draft.timeType}
              onChange={(v) => set({ timeType: v })}
              options={DISPUTE_TIME_TYPES.map((v) => ({ value: v, label: t(`tradeEnum.timeType.${v}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('dispute.dateRange')}>
            <DateRangeFilter from={draft.from} to={draft.to} onChange={(from, to) => set({ from, to })} testId="dispute-filter-dates" />
          </Form.Item>
          <Form.Item label={t('dispute.gatewayNo')}>
            <Input
              style={{ width: 150 }}
              value={draft.gatewayNo}
              maxLength={20}
              onChange={(e) => set({ gatewayNo: e.target.value.replace(/\D/g, '') })}
            />
          </Form.Item>
          <Form.Item label={t('dispute.tradeNo')}>
            <Input
              data-testid="dispute-filter-trade-no"
              style={{ width: 190 }}
              value={draft.tradeNo}
              maxLength={64}
              onChange={(e) => set({ tradeNo: e.target.value })}
            />
          </Form.Item>
          <Form.Item label={t('dispute.caseNo')}>
            <Input style={{ width: 190 }} value={draft.caseNo} maxLength={64} onChange={(e) => set({ caseNo: e.target.value })} />
          </Form.Item>
          <Form.Item label={t('dispute.kind')}>
            <Select
              data-testid="dispute-filter-kind"
              style={{ width: 150 }}
              value={draft.kind}
              onChange={(v) => set({ kind: v })}
              options={enumOptions('disputeKind', LISTED_DISPUTE_KINDS)}
            />
          </Form.Item>
          <Form.Item label={t('dispute.processingType')}>
            <Select
              style={{ width: 190 }}
              value={draft.processingType}
              onChange={(v) => set({ processingType: v })}
              options={enumOptions('processingType', ProcessingType)}
            />
          </Form.Item>
          <Form.Item label={t('dispute.appealStatus')}>
            <Select
              style={{ width: 150 }}
              value={draft.appealStatus}
              onChange={(v) => set({ appealStatus: v })}
              options={enumOptions('appealStatus', AppealStatus)}
            />
          </Form.Item>
          <Form.Item label={t('dispute.deadlineWithin')}>
            <InputNumber
              data-testid="dispute-filter-within"
              min={1}
              max={DEADLINE_WITHIN_MAX_DAYS}
              precision={0}
              style={{ width: 120 }}
              value={draft.deadlineWithinDays === '' ? null : Number(draft.deadlineWithinDays)}
              onChange={(v) => set({ deadlineWithinDays: v === null ? '' : String(v) })}
              addonAfter={t('dispute.days')}
            />
          </Form.Item>
          <Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" data-testid="dispute-filter-search">
                {t('dispute.search')}
              </Button>
              <Button onClick={reset}>{t('common.reset')}</Button>
              {mayExport && (
                <ExportButtons
                  onExport={(format) => exportDisputes(filters, format)}
                  csvLabel={t('dispute.exportCsv')}
                  xlsxLabel={t('dispute.exportXlsx')}
                  testIdPrefix="dispute-export"
                />
              )}
            </Space>
          </Form.Item>
        </Form>
        <Table<TDispute>
          rowKey="caseNo"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="dispute-table"
        />
        <Pagination
          total={list.data?.total ?? 0}
          page={state.page}
          limit={state.limit}
          onChange={(page, limit) => update({ page, limit })}
        />
        {list.data?.capped && (
          <div className="mbo-capped-note" data-testid="dispute-capped-note">
            {t('paging.capped')}
          </div>
        )}
      </Card>
      <DisputeDetailDrawer
        caseNo={state.detail}
        onClose={() => update({ detail: null })}
        {...(mayAppeal ? { onAppeal: (c: string) => setAppealing(c) } : {})}
        {...(mayAlertRefund ? { onAlertRefund: confirmAlertRefund } : {})}
      />
      <AppealDialog caseNo={appealing} onClose={() => setAppealing(null)} />
    </div>
  );
}
