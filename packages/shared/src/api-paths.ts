/**
 * API paths below the `/v3api` base (spec §7). Server routes and web fetchers both use these, so a
 * renamed path cannot drift between them. Paths the spec does not show follow its
 * `controller/action` style.
 */
export const API_BASE = '/v3api';

export const ApiPath = {
  login: '/admin/login',
  /** User info for the guard's step 2. */
  getInfo: '/admin/getInfo',
  logout: '/admin/logout',
  updatePassword: '/merchant/updatePassword',
  switchBusiness: '/kyc/switchBusinessLogIn',
  reminders: '/messageReminder/remind',
  readReminder: '/messageReminder/read/:id',
  announcements: '/mernews/list',
  merchantSummary: '/merchant/summary',
  gateways: '/merchant/gateways',
  gateway: '/merchant/gateways/:gatewayNo',
  loginLogs: '/log/loginLogList',
} as const;

/** Served at the site root (outside /v3api) by the server from the web build. */
export const VERSION_FILE = '/version.json';
