import type { z } from 'zod';
import { ANNOUNCEMENTS } from '@mbo/shared/announcements';
import { COMPLAINTS, SENT_REPLIES } from '@mbo/shared/complaints';
import { DISPUTES } from '@mbo/shared/disputes';
import { BATCHES, ENTRIES, WITHDRAWALS } from '@mbo/shared/funds';
import { LINKS } from '@mbo/shared/links';
import { LOGIN_LOGS } from '@mbo/shared/logs';
import { OPERATION_LOGS } from '@mbo/shared/operation-log';
import { REFUNDS } from '@mbo/shared/refunds';
import { ZDailyReportQuery } from '@mbo/shared/reports';
import { BLACKLIST } from '@mbo/shared/risk';
import { ADMINS } from '@mbo/shared/system-admins';
import { ROLES } from '@mbo/shared/system-roles';
import { TRANSACTIONS } from '@mbo/shared/transactions';
import type { TViewScreen } from '@mbo/shared/views';
import { PRODUCTS, WAYBILLS } from '@mbo/shared/waybills';
import { WEBHOOK_DELIVERIES } from '@mbo/shared/webhooks';
import { WEBSITES } from '@mbo/shared/websites';

/** A list's query schema: paging plus its filters, with their cross-field rules. */
export type TViewQuerySchema = z.ZodObject<z.ZodRawShape>;

/**
 * The list query each screen that keeps views reads its rows with (the one its list route takes), so a
 * view's filters are checked exactly as the list would check them. Keyed by the screen's menu url; a
 * screen missing here does not compile (TViewScreen).
 */
export const VIEW_SCREEN_QUERIES: Record<TViewScreen, TViewQuerySchema> = {
  '/merTradeMgr/initTradeRecordPage': TRANSACTIONS.query,
  '/merTradeMgr/initUnTradeRecordPage': TRANSACTIONS.query,
  '/merTradeMgr/initUnFishedTradeRecordPage': TRANSACTIONS.query,
  '/merTradeMgr/initPreAuthTradePage': TRANSACTIONS.query,
  '/merTradeMgr/initTestTradePage': TRANSACTIONS.query,
  '/merTradeMgr/initCounterfeitTradePage': TRANSACTIONS.query,
  '/refundment/forwardRefundmentList': REFUNDS.query,
  '/merTradeMgr/initProConTradePage': DISPUTES.query,
  '/tradeDailyReport/showTradeDaily': ZDailyReportQuery,
  '/fundsAccountSummary/initCapitalAccountRecordedWaterPage': ENTRIES.query,
  '/withdraw/forwardWithdrawList': WITHDRAWALS.query,
  '/merDailySettleDetail/initShowListPage': BATCHES.query,
  '/waybill/waybillPage': WAYBILLS.query,
  '/productInfo/productPage': PRODUCTS.query,
  '/merwebsit/showWebsitLimit': WEBSITES.query,
  '/blacklist/showBlacklist': BLACKLIST.query,
  '/complaint/showComplaintInfo': COMPLAINTS.query,
  '/replyEmail/showReplyEmail': SENT_REPLIES.query,
  '/shortcutPayment/initManageLinks': LINKS.query,
  '/admin/findManagers': ADMINS.query,
  '/role/findRoles': ROLES.query,
  '/log/forwardLoginLogList': LOGIN_LOGS.query,
  '/log/forwardOperateLogList': OPERATION_LOGS.query,
  '/mernews/showNewsManage': ANNOUNCEMENTS.query,
  '/webhook/showWebhooks': WEBHOOK_DELIVERIES.query,
};

/** The paging keys of every list query: a view keeps its page size apart and never a page or a cursor. */
const PAGING_KEYS = new Set(['page', 'limit', 'after']);

/** The filter keys of a screen's list. */
export function filterKeysOf(screen: TViewScreen): string[] {
  return Object.keys(VIEW_SCREEN_QUERIES[screen].shape).filter((k) => !PAGING_KEYS.has(k));
}
