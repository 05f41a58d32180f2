import { LINKS, LinkPayStatus, LinkStatus, LinkType } from '@mbo/shared/links';
import { enumOptions, gatewayField, selectField, textField } from '../../platform/filter-fields';
import { declaredScreen } from '../../platform/list-screen';
import { getLinks, linksKey } from './api/links-api';

/** Manage and generate links (spec §2 Shortcut payment): every link, newest first. */
export const LINK_LIST = declaredScreen(LINKS, {
  title: 'menu.manageLinks',
  key: linksKey,
  fetch: getLinks,
  fields: [
    textField('title', 'links.title', 100),
    selectField('status', 'links.status', enumOptions('links.statusCode', LinkStatus), { all: true }),
    selectField('payStatus', 'links.payStatus', enumOptions('links.payStatusCode', LinkPayStatus), { all: true }),
    selectField('linkType', 'links.linkType', enumOptions('links.linkTypeCode', LinkType), { all: true, more: true }),
    gatewayField('links.gateway'),
  ],
  rowKey: 'linkKey',
  testId: 'link-table',
  extras: ['payments'],
});
