import { WebsitePath, WEBSITES, WebsiteStatus, WebsiteType } from '@mbo/shared/websites';
import { enumOptions, selectField, textField } from '../../platform/filter-fields';
import { declaredScreen } from '../../platform/list-screen';
import { websitesKey } from './api/websites';

/** Website screen (spec §2): every website of the merchant, newest first. */
export const WEBSITE_LIST = declaredScreen(WEBSITES, {
  title: 'menu.website',
  key: websitesKey,
  path: WebsitePath.list,
  fields: [
    textField('url', 'websites.url', 300),
    selectField('status', 'websites.status', enumOptions('websites.statuses', WebsiteStatus), { all: true }),
    selectField('type', 'websites.type', enumOptions('websites.types', WebsiteType), { all: true, more: true }),
  ],
  testId: 'website-table',
  export: { path: WebsitePath.export, file: 'websites' },
});
