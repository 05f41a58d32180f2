import { BATCHES, ENTRIES, FundsPath, LEDGER_TYPES, MERCHANT_ACCOUNTS, WithdrawalStatus, WITHDRAWALS } from '@mbo/shared/funds';
import { dateRangeField, enumOptions, gatewayField, selectField, textField } from '../../platform/filter-fields';
import { declaredScreen } from '../../platform/list-screen';
import { fundsKey } from './api/get-funds-summary';

export const WITHDRAWAL_LIST = declaredScreen(WITHDRAWALS, {
  title: 'menu.withdraw',
  // Under the funds key: a withdrawal, which changes the balances too, invalidates it.
  key: [...fundsKey, 'withdrawals'],
  path: FundsPath.withdrawList,
  fields: [
    dateRangeField('funds.dateRange'),
    selectField('status', 'funds.withdraw.status', enumOptions('funds.withdrawStatus', WithdrawalStatus), { all: true }),
    textField('withdrawalNo', 'funds.withdraw.no', 64, { more: true }),
    gatewayField('funds.gatewayNo'),
  ],
  rowKey: 'withdrawalNo',
  testId: 'withdrawal-table',
  extras: ['apply'],
});

export const ENTRY_LIST = declaredScreen(ENTRIES, {
  title: 'menu.recordedWater',
  key: [...fundsKey, 'entries'],
  path: FundsPath.entryList,
  fields: [
    dateRangeField('funds.dateRange'),
    selectField('type', 'funds.entry.type', enumOptions('funds.ledgerType', LEDGER_TYPES), { all: true }),
    selectField('account', 'funds.entry.account', enumOptions('funds.account', MERCHANT_ACCOUNTS), { all: true }),
    textField('currency', 'funds.currency', 3, { more: true }),
    gatewayField('funds.gatewayNo'),
  ],
  rowKey: (r) => String(r.id),
  testId: 'entry-table',
  export: { permission: 'RecordedWater:Downloads', path: FundsPath.entryExport, file: 'entries' },
});

export const BATCH_LIST = declaredScreen(BATCHES, {
  title: 'menu.dailySettleDetail',
  key: [...fundsKey, 'batches'],
  path: FundsPath.batchList,
  fields: [dateRangeField('funds.dateRange'), textField('batchNo', 'funds.batch.no', 64), gatewayField('funds.gatewayNo')],
  rowKey: 'batchNo',
  testId: 'batch-table',
  extras: ['batch'],
  export: { permission: 'DailySettleDetail:Downloads', path: FundsPath.batchExport, file: 'batches' },
});
