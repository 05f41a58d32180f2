import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ENTRIES, type TEntry } from '@mbo/shared/funds';
import { formatAmount } from '../../../platform/format';
import { useListColumns } from '../../../platform/list-columns';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { ENTRY_LIST } from '../funds-lists';

/** Where the cause of an entry is shown: its own screen, filtered to it. */
export function causeLink(e: Pick<TEntry, 'refType' | 'refNo' | 'occurredAt'>): string | null {
  const day = e.occurredAt.slice(0, 10);
  const q = (o: Record<string, string>) => new URLSearchParams(o).toString();
  switch (e.refType) {
    case 'transaction':
      return `/merTradeMgr/initTradeRecordPage?${q({ tradeNo: e.refNo, from: day, to: day })}`;
    case 'refund':
      return `/refundment/forwardRefundmentList?${q({ refundNo: e.refNo, timeType: 'process', from: day, to: day })}`;
    case 'case':
      return `/merTradeMgr/initProConTradePage?${q({ view: 'all', caseNo: e.refNo, from: day, to: day })}`;
    case 'batch':
      return `/merDailySettleDetail/initShowListPage?${q({ batch: e.refNo })}`;
    case 'withdrawal':
      return `/withdraw/forwardWithdrawList?${q({ withdrawalNo: e.refNo, from: day, to: day })}`;
    default:
      return null;
  }
}

/** Recorded-entry flow (spec §2): every entry of the merchant's accounts, each linked to what caused it. */
export function EntryListPage() {
  const { t } = useTranslation();
  const screen = useListScreen(ENTRY_LIST);
  const columns = useListColumns<typeof ENTRIES.fields, TEntry>(ENTRIES.fields, {
    special: {
      currency: null,
      amount: {
        render: (_: unknown, r) => (
          <span
            style={{ color: r.amount < 0 ? '#cf1322' : undefined }}
          >{`${r.amount > 0 ? '+' : ''}${formatAmount(r.amount, r.currency)}`}</span>
        ),
      },
      refNo: {
        key: 'cause',
        render: (_: unknown, r) => {
          const to = causeLink(r);
          const text = `${t(`funds.refType.${r.refType}`)} ${r.refType === 'reserve' ? `#${r.refNo}` : r.refNo}`;
          return to ? (
            <Link to={to} data-testid="entry-cause">
              {text}
            </Link>
          ) : (
            text
          );
        },
      },
    },
  });
  return <ListPage screen={screen} columns={columns} />;
}
