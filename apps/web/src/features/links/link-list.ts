import { LinkPayStatus, LinkStatus, LinkType, ZLinkListQuery } from '@mbo/shared/links';
import { enumOptions, selectField, textField, type TFilterField } from '../../platform/filter-fields';
import type { TFilterValues } from '../../platform/list-url-state';
import type { TListScreen } from '../../platform/list-screen';
import { getLinks, linksKey } from './api/links-api';

export type TLinkFilterKey = 'title' | 'status' | 'payStatus' | 'linkType' | 'gatewayNo';

export function linkDefaults(): TFilterValues<TLinkFilterKey> {
  return { title: '', status: '', payStatus: '', linkType: '', gatewayNo: '' };
}

const LINK_FILTERS: readonly TFilterField<TLinkFilterKey>[] = [
  textField('title', 'links.title', 100),
  selectField('status', 'links.status', enumOptions('links.statusCode', LinkStatus), { all: true }),
  selectField('payStatus', 'links.payStatus', enumOptions('links.payStatusCode', LinkPayStatus), { all: true }),
  selectField('linkType', 'links.linkType', enumOptions('links.linkTypeCode', LinkType), { all: true, more: true }),
  textField('gatewayNo', 'links.gateway', 20, { digits: true, more: true }),
];

/** Manage and generate links (spec §2 Shortcut payment): every link, newest first. */
export const LINK_LIST: TListScreen<Awaited<ReturnType<typeof getLinks>>, TLinkFilterKey> = {
  title: 'menu.manageLinks',
  key: linksKey,
  fetch: getLinks,
  schema: ZLinkListQuery,
  defaults: linkDefaults,
  fields: LINK_FILTERS,
  rowKey: 'linkKey',
  testId: 'link-table',
  extras: ['payments'],
};
