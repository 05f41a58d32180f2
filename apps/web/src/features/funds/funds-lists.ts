import { BATCHES, ENTRIES, LEDGER_TYPES, MERCHANT_ACCOUNTS, WithdrawalStatus, WITHDRAWALS } from '@mbo/shared/funds';
import { enumOptions, selectField, textField } from '../../platform/filter-fields';
import { declaredScreen } from '../../platform/list-screen';
import { exportBatches } from './api/export-batches';
import { exportEntries } from './api/export-entries';
import { batchesKey, getBatches } from './api/get-batches';
import { entriesKey, getEntries } from './api/get-entries';
import { getWithdrawals, withdrawalsKey } from './api/get-withdrawals';

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

export const ENTRY_LIST = declaredScreen(ENTRIES, {
  title: 'menu.recordedWater',
  key: entriesKey,
  fetch: getEntries,
  fields: [
    { kind: 'dateRange', from: 'from', to: 'to', label: 'funds.dateRange' },
    selectField('type', 'funds.entry.type', enumOptions('funds.ledgerType', LEDGER_TYPES), { all: true }),
    selectField('account', 'funds.entry.account', enumOptions('funds.account', MERCHANT_ACCOUNTS), { all: true }),
    textField('currency', 'funds.currency', 3, { more: true }),
    textField('gatewayNo', 'funds.gatewayNo', 20, { digits: true, more: true }),
  ],
  rowKey: (r) => String(r.id),
  testId: 'entry-table',
  export: { permission: 'RecordedWater:Downloads', run: exportEntries },
});

export const BATCH_LIST = declaredScreen(BATCHES, {
  title: 'menu.dailySettleDetail',
  key: batchesKey,
  fetch: getBatches,
  fields: [
    { kind: 'dateRange', from: 'from', to: 'to', label: 'funds.dateRange' },
    textField('batchNo', 'funds.batch.no', 64),
    textField('gatewayNo', 'funds.gatewayNo', 20, { digits: true, more: true }),
  ],
  rowKey: 'batchNo',
  testId: 'batch-table',
  extras: ['batch'],
  export: { permission: 'DailySettleDetail:Downloads', run: exportBatches },
});
