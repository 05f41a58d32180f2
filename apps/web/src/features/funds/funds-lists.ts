import { LEDGER_TYPES, MERCHANT_ACCOUNTS, WithdrawalStatus, WITHDRAWALS, ZBatchListQuery, ZEntryListQuery } from '@mbo/shared/funds';
import { enumOptions, selectField, textField, type TFilterField } from '../../platform/filter-fields';
import { declaredScreen, type TListScreen } from '../../platform/list-screen';
import { exportBatches } from './api/export-batches';
import { exportEntries } from './api/export-entries';
import { batchesKey, getBatches } from './api/get-batches';
import { entriesKey, getEntries } from './api/get-entries';
import { getWithdrawals, withdrawalsKey } from './api/get-withdrawals';

/** `day` (YYYY-MM-DD) moved by `n` calendar days. */
export function shiftDay(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

export const WITHDRAWAL_LIST = declaredScreen(WITHDRAWALS, {
  title: 'menu.withdraw',
  key: withdrawalsKey,
  fetch: getWithdrawals,
  fields: [
    { kind: 'dateRange', from: 'from', to: 'to', label: 'funds.dateRange' },
    selectField('status', 'funds.withdraw.status', enumOptions('funds.withdrawStatus', WithdrawalStatus), { all: true }),
    textField('withdrawalNo', 'funds.withdraw.no', 64, { more: true }),
    textField('gatewayNo', 'funds.gatewayNo', 20, { digits: true, more: true }),
  ],
  rowKey: 'withdrawalNo',
  testId: 'withdrawal-table',
  extras: ['apply'],
});

export type TEntryFilterKey = 'from' | 'to' | 'gatewayNo' | 'type' | 'account' | 'currency';

export const ENTRY_LIST: TListScreen<Awaited<ReturnType<typeof getEntries>>, TEntryFilterKey> = {
  title: 'menu.recordedWater',
  key: entriesKey,
  fetch: getEntries,
  schema: ZEntryListQuery,
  defaults: (today) => ({ from: shiftDay(today, -6), to: today, gatewayNo: '', type: '', account: '', currency: '' }),
  fields: [
    { kind: 'dateRange', from: 'from', to: 'to', label: 'funds.dateRange' },
    selectField('type', 'funds.entry.type', enumOptions('funds.ledgerType', LEDGER_TYPES), { all: true }),
    selectField('account', 'funds.entry.account', enumOptions('funds.account', MERCHANT_ACCOUNTS), { all: true }),
    textField('currency', 'funds.currency', 3, { more: true }),
    textField('gatewayNo', 'funds.gatewayNo', 20, { digits: true, more: true }),
  ] satisfies readonly TFilterField<TEntryFilterKey>[],
  rowKey: (r) => String(r.id),
  testId: 'entry-table',
  export: { permission: 'RecordedWater:Downloads', run: exportEntries },
};

export type TBatchFilterKey = 'from' | 'to' | 'gatewayNo' | 'batchNo';

export const BATCH_LIST: TListScreen<Awaited<ReturnType<typeof getBatches>>, TBatchFilterKey> = {
  title: 'menu.dailySettleDetail',
  key: batchesKey,
  fetch: getBatches,
  schema: ZBatchListQuery,
  defaults: (today) => ({ from: shiftDay(today, -29), to: today, gatewayNo: '', batchNo: '' }),
  fields: [
    { kind: 'dateRange', from: 'from', to: 'to', label: 'funds.dateRange' },
    textField('batchNo', 'funds.batch.no', 64),
    textField('gatewayNo', 'funds.gatewayNo', 20, { digits: true, more: true }),
  ] satisfies readonly TFilterField<TBatchFilterKey>[],
  rowKey: 'batchNo',
  testId: 'batch-table',
  extras: ['batch'],
  export: { permission: 'DailySettleDetail:Downloads', run: exportBatches },
};
