import { WebsiteStatus, WebsiteType, ZWebsiteListQuery } from '@mbo/shared/websites';
import { enumOptions, selectField, textField } from '../../platform/filter-fields';
import type { TListScreen } from '../../platform/list-screen';
import { exportWebsites, getWebsites, websitesKey } from './api/websites';

export type TWebsiteFilterKey = 'url' | 'status' | 'type';

/** Website screen (spec §2): every website of the merchant, newest first. */
export const WEBSITE_LIST: TListScreen<Awaited<ReturnType<typeof getWebsites>>, TWebsiteFilterKey> = {
  title: 'menu.website',
  key: websitesKey,
  fetch: getWebsites,
  schema: ZWebsiteListQuery,
  defaults: () => ({ url: '', status: '', type: '' }),
  fields: [
    textField('url', 'websites.url', 300),
    selectField('status', 'websites.status', enumOptions('websites.statuses', WebsiteStatus), { all: true }),
    selectField('type', 'websites.type', enumOptions('websites.types', WebsiteType), { all: true, more: true }),
  ],
  rowKey: 'id',
  testId: 'website-table',
  export: { run: exportWebsites },
};
