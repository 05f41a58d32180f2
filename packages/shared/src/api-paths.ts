/**
 * API paths below the `/v3api` base (spec §7). Server routes and web fetchers both use these, so a
 * renamed path cannot drift between them. Paths the spec does not show follow its
 * `controller/action` style.
 */
export const API_BASE = '/v3api';

/**
 * Requests that move money or open a case accept this header: one key per user submission (a retry of
 * the same submission sends the same key). The server answers a repeated key with the first answer,
 * refuses it with another request, and says "being processed" while the first is still running. Keys
 * are kept 24 hours, per merchant.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * How long a submission's key answers "being processed" when the node running it stopped before finishing
 * (killed, crashed): after this the next retry with the key runs the submission. A first copy that was
 * only slow cannot double it: its answer is recorded only while it still holds the claim, in the same
 * transaction as its effect, so a copy that lost the claim is rolled back.
 */
export const IDEMPOTENCY_LEASE_MS = 15_000;

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
