import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DisputeKind, PayStatus } from '@mbo/shared/trade-enums';
import { TRANSACTIONS, type TTransactionRow, type TTransactionView } from '@mbo/shared/transactions';
import { formatAmount, parseTime } from '../../../platform/format';
import { DeferredPart } from '../../../platform/deferred-part';
import { lazyPage } from '../../../platform/lazy-page';
import { useListColumns } from '../../../platform/list-columns';
import { ListPage, detailLinkColumn } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useSession } from '../../../platform/session';
import { StatusTag, type TTagColors } from '../../../platform/status-tag';
import { useTimezone } from '../../../platform/timezone';
import { TRANSACTION_LISTS, transactionFilters } from '../transaction-list';

// The detail drawer's code comes after the list's first rows (platform/deferred-part.tsx).
const TransactionDetailDrawer = lazyPage(() => import('../components/transaction-detail-drawer'), 'TransactionDetailDrawer');

const PAY_STATUS_COLORS: TTagColors = {
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
 * uncompleted, test, counterfeit): filters, page and the open detail (?detail=) live in the URL.
 */
export function TransactionListPage({ view }: { view: TTransactionView }) {
  const { t } = useTranslation();
  const tz = useTimezone();
  const session = useSession();
  const screen = useListScreen(TRANSACTION_LISTS[view]);
  const { url } = screen;
  const fields = transactionFilters(
    view,
    session.currencyList.map((c) => c.code),
  );
  const byProcessTime = url.filters.timeType === 'process';

  const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
  // The declared fields the screen shows, in its order. The refund and dispute flags are one column of
  // tags in the refund status's place (the risk rules' on the risk-declined view); the card column is
  // the scheme and the masked number; the time column is the chosen time type's.
  const columns = useListColumns<typeof TRANSACTIONS.fields, TTransactionRow>(TRANSACTIONS.fields, {
    order: [
      'gatewayNo',
      'tradeNo',
      'merchantOrderNo',
      'amount',
      'payStatus',
      'tradeType',
      view === 'riskDeclined' ? 'riskRules' : 'refundStatus',
      'cardMasked',
      'email',
      'createdAt',
    ],
    special: {
      tradeNo: detailLinkColumn(t('trade.tradeNo'), 'tradeNo', 'open-detail', (tradeNo) => url.setExtra('detail', tradeNo)),
      amount: { render: (_: unknown, r) => nowrap(formatAmount(r.amount, r.currency)) },
      payStatus: { render: (s: number) => <StatusTag code={s} codes="tradeEnum.payStatus" colors={PAY_STATUS_COLORS} /> },
      refundStatus: { title: t('trade.flags'), key: 'flags', dataIndex: undefined, render: (_: unknown, r) => <FlagTags row={r} /> },
      riskRules: {
        render: (rules: string[]) =>
          rules.map((r) => (
            <Tag key={r} title={r}>
              {t(`tradeEnum.riskRule.${r}`, { defaultValue: r })}
            </Tag>
          )),
      },
      cardMasked: {
        key: 'card',
        dataIndex: undefined,
        render: (_: unknown, r) => nowrap(`${t(`tradeEnum.cardScheme.${r.cardScheme}`, { defaultValue: r.cardScheme })} ${r.cardMasked}`),
      },
      createdAt: {
        title: byProcessTime ? t('trade.returnedAt') : t('trade.createdAt'),
        key: 'time',
        dataIndex: undefined,
        render: (_: unknown, r) => (
          <span data-testid="trade-time" style={{ whiteSpace: 'nowrap' }}>
            {parseTime(byProcessTime ? r.returnedAt : r.createdAt, undefined, tz.timezone)}
          </span>
        ),
      },
    },
  });

  return (
    <ListPage screen={screen} columns={columns} fields={fields}>
      <DeferredPart open={Boolean(url.extras.detail)} preload={TransactionDetailDrawer.preload}>
        <TransactionDetailDrawer view={view} tradeNo={url.extras.detail ?? null} onClose={() => url.setExtra('detail', null)} />
      </DeferredPart>
    </ListPage>
  );
}
