import { BLACKLIST, BLACKLIST_TYPES, RiskPath } from '@mbo/shared/risk';
import { enumOptions, selectField, textField } from '../../platform/filter-fields';
import { declaredScreen } from '../../platform/list-screen';
import { blacklistKey } from './api/risk-api';

/** The merchant's blacklist, newest first. */
export const BLACKLIST_LIST = declaredScreen(BLACKLIST, {
  title: 'menu.blacklist',
  key: blacklistKey,
  path: RiskPath.blacklist,
  fields: [
    selectField('type', 'risk.blacklist.type', enumOptions('risk.blacklist.typeCode', BLACKLIST_TYPES), { all: true }),
    textField('value', 'risk.blacklist.value', 100),
  ],
  rowKey: (r) => String(r.id),
  testId: 'blacklist-table',
});
