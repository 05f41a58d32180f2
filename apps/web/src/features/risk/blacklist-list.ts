import { BLACKLIST_TYPES, ZBlacklistListQuery } from '@mbo/shared/risk';
import { enumOptions, selectField, textField, type TFilterField } from '../../platform/filter-fields';
import type { TFilterValues } from '../../platform/list-url-state';
import type { TListScreen } from '../../platform/list-screen';
import { blacklistKey, getBlacklist } from './api/risk-api';

export type TBlacklistFilterKey = 'type' | 'value';

const FIELDS: readonly TFilterField<TBlacklistFilterKey>[] = [
  selectField('type', 'risk.blacklist.type', enumOptions('risk.blacklist.typeCode', BLACKLIST_TYPES), { all: true }),
  textField('value', 'risk.blacklist.value', 100),
];

/** The merchant's blacklist, newest first. */
export const BLACKLIST_LIST: TListScreen<Awaited<ReturnType<typeof getBlacklist>>, TBlacklistFilterKey> = {
  title: 'menu.blacklist',
  key: blacklistKey,
  fetch: getBlacklist,
  schema: ZBlacklistListQuery,
  defaults: (): TFilterValues<TBlacklistFilterKey> => ({ type: '', value: '' }),
  fields: FIELDS,
  rowKey: (r) => String(r.id),
  testId: 'blacklist-table',
};
