import { useRef } from 'react';
import { Button, Card, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PAGE_DEFAULT } from '@mbo/shared/paging';
import { findMenu } from '@mbo/shared/permissions';
import { DisputeKind, PayStatus } from '@mbo/shared/trade-enums';
import { TRANSACTION_COUNT_CAP, TRANSACTION_VIEW_DEFS, type TTransactionRow, type TTransactionView } from '@mbo/shared/transactions';
import { todayIn } from '../../../platform/date-range-filter';
import { parseTime } from '../../../platform/format';
import { Pagination } from '../../../platform/pagination';
import { ExportButtons } from '../../../platform/export-buttons';
import { useSession } from '../../../platform/session';
import { useTimezone } from '../../../platform/timezone';
import { exportTransactions } from '../api/export-transactions';
import { useTransactions } from '../api/get-transactions';
import { TransactionDetailDrawer, money } from '../components/transaction-detail-drawer';
import { TransactionFilters } from '../components/transaction-filters';
import {
  activeFilters,
  defaultFilters,
  readTransactionQuery,
  writeTransactionQuery,
  type TTransactionUrlState,
} from '../transaction-query';

const PAY_STATUS_COLORS: Record<number, string> = {
  [PayStatus.success]: 'success',
  [PayStatus.failed]: 'error',
  [PayStatus.threeDRefused]: 'error',
  [PayStatus.toBeConfirmed]: 'warning',
  [PayStatus.unpaid]: 'default',
  [PayStatus.preAuthConfirming]: 'processing',
};

function FlagTags({ row }: { row: TTransactionRow }) {
  const { t } = useTranslation();
  const tags: [string, string, string][] = [];
  if (row.refundStatus) tags.push(['refund', 'blue', t(`tradeEnum.refundFlag.${row.refundStatus}`)]);
  if (row.chargebackStatus) tags.push(['chargeback', 'red', t(`tradeEnum.chargebackFlag.${row.chargebackStatus}`)]);
  if (row.retrievalStatus) tags.push(['retrieval', 'orange', t(`tradeEnum.retrievalFlag.${row.retrievalStatus}`)]);
  if (row.rdrStatus) tags.push(['rdr', 'purple', t(`tradeEnum.disputeKind.${DisputeKind.rdrAlert}`)]);
  if (row.ethocaStatus) tags.push(['ethoca', 'purple', t(`tradeEnum.disputeKind.${DisputeKind.ethocaAlert}`)]);
  if (row.appealStatus) tags.push(['appeal', 'gold', t(`tradeEnum.appealStatus.${row.appealStatus}`)]);
  if (tags.length === 0) return <>-</>;
  return (
    <>
      {tags.map(([key, color, text]) => (
        <Tag key={key} color={color}>
          {text}
        </Tag>
      ))}
    </>
  );
}

/**
 * One screen for the six views of the Transaction menu (formal, pre-authorization, risk-declined,
 * uncompleted, test, counterfeit): filters, page and the open detail live in the URL.
 */
export function TransactionListPage({ view }: { view: TTransactionView }) {
  const { t } = useTranslation();
  const tz = useTimezone();
  const session = useSession();
  const def = TRANSACTION_VIEW_DEFS[view];
  const today = todayIn(tz.timezone);
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readTransactionQuery(searchParams, today);
  const filters = activeFilters(state.filters);
  const filterKey = JSON.stringify(filters);

  // Next-page cursors by page number, valid for one set of filters and page size: "next" becomes an
  // index seek; any other jump (or a reload) falls back to the page number.
  const cursors = useRef<{ key: string; byPage: Map<number, string> }>({ key: '', byPage: new Map() });
  const cursorKey = `${filterKey}|${state.limit}`;
  if (cursors.current.key !== cursorKey) cursors.current = { key: cursorKey, byPage: new Map() };
  const after = cursors.current.byPage.get(state.page);

  const list = useTransactions(view, { ...filters, page: state.page, limit: state.limit, ...(after ? { after } : {}) });

  const update = (next: Partial<TTransactionUrlState>) => setSearchParams(writeTransactionQuery({ ...state, ...next }, today));
  const mayExport = session.userInfo?.permissions.includes(def.download) ?? false;
  const menu = findMenu(def.menu);

  const columns: TableColumnsType<TTransactionRow> = [
    { title: t('trade.gatewayNo'), dataIndex: 'gatewayNo', key: 'gatewayNo' },
    {
      title: t('trade.tradeNo'),
      dataIndex: 'tradeNo',
      key: 'tradeNo',
      render: (tradeNo: string) => (
        <Button type="link" size="small" style={{ padding: 0 }} data-testid="open-detail" onClick={() => update({ detail: tradeNo })}>
          {tradeNo}
        </Button>
      ),
    },
    { title: t('trade.merchantOrderNo'), dataIndex: 'merchantOrderNo', key: 'merchantOrderNo' },
    {
      title: t('trade.amount'),
      key: 'amount',
      align: 'right',
      render: (_: unknown, r) => <span style={{ whiteSpace: 'nowrap' }}>{money(r.amount, r.currency)}</span>,
    },
    {
      title: t('trade.payStatus'),
      dataIndex: 'payStatus',
      key: 'payStatus',
      render: (s: number) => <Tag color={PAY_STATUS_COLORS[s] ?? 'default'}>{t(`tradeEnum.payStatus.${s}`)}</Tag>,
    },
    { title: t('trade.tradeType'), dataIndex: 'tradeType', key: 'tradeType', render: (c: number) => t(`tradeEnum.tradeType.${c}`) },
    ...(view === 'riskDeclined'
      ? ([
          {
            title: t('trade.riskRules'),
            dataIndex: 'riskRules',
            key: 'riskRules',
            render: (rules: string[]) =>
              rules.map((r) => (
                <Tag key={r} title={r}>
                  {t(`tradeEnum.riskRule.${r}`, { defaultValue: r })}
                </Tag>
              )),
          },
        ] as TableColumnsType<TTransactionRow>)
      : ([
          { title: t('trade.flags'), key: 'flags', render: (_: unknown, r: TTransactionRow) => <FlagTags row={r} /> },
        ] as TableColumnsType<TTransactionRow>)),
    {
      title: t('trade.card'),
      key: 'card',
      render: (_: unknown, r) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {t(`tradeEnum.cardScheme.${r.cardScheme}`, { defaultValue: r.cardScheme })} {r.cardMasked}
        </span>
      ),
    },
    { title: t('trade.email'), dataIndex: 'email', key: 'email' },
    {
      title: state.filters.timeType === 'process' ? t('trade.returnedAt') : t('trade.createdAt'),
      key: 'time',
      render: (_: unknown, r) => (
        <span data-testid="trade-time" style={{ whiteSpace: 'nowrap' }}>
          {parseTime(state.filters.timeType === 'process' ? r.returnedAt : r.createdAt, undefined, tz.timezone)}
        </span>
      ),
    },
  ];

  const exportButtons = mayExport ? (
    <ExportButtons
      onExport={(format) => exportTransactions(view, filters, format)}
      csvLabel={t('trade.exportCsv')}
      xlsxLabel={t('trade.exportXlsx')}
      testIdPrefix="export"
    />
  ) : null;

  return (
    <div className="mbo-page">
      <h1 className="mbo-page-title" data-testid="page-title">
        {menu ? t(menu.titleKey) : ''}
      </h1>
      <Card>
        <TransactionFilters
          view={view}
          value={state.filters}
          onSearch={(next) => update({ filters: next, page: PAGE_DEFAULT, detail: null })}
          onReset={() => update({ filters: defaultFilters(today), page: PAGE_DEFAULT, detail: null })}
          actions={exportButtons}
        />
        <Table<TTransactionRow>
          rowKey="tradeNo"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="transaction-table"
        />
        <Pagination
          total={list.data?.total ?? 0}
          page={state.page}
          limit={state.limit}
          onChange={(page, limit) => {
            // Only the cursor of the page on screen (not a previous page kept while loading) leads to the next one.
            const next = list.isPlaceholderData ? null : list.data?.nextCursor;
            if (limit === state.limit && page === state.page + 1 && next) cursors.current.byPage.set(page, next);
            update({ page, limit });
          }}
        />
        {list.data?.capped && (
          <div className="mbo-capped-note" data-testid="capped-note">
            {t('trade.cappedTotal', { cap: TRANSACTION_COUNT_CAP.toLocaleString('en-US') })}
          </div>
        )}
      </Card>
      <TransactionDetailDrawer view={view} tradeNo={state.detail} onClose={() => update({ detail: null })} />
    </div>
  );
}
