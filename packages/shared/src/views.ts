import { z } from 'zod';
import { PAGE_SIZES } from './paging';

/**
 * Saved views of list screens (issue 48 §2; apps/server/src/domains/views/README.md). A view is a title,
 * the filters as the screen's URL holds them, the columns it hides and its page size, for one list
 * screen (the screen's menu url is its key). No list offers a choice of order (every list pages by
 * keyset on its time and id), so a view keeps no sort.
 */

export const ViewPath = {
  /** GET ?screen=: the caller's views of a screen (own and shared), each with what of its filters still applies. */
  list: '/views/list',
  /** POST {screen, title, filters, hiddenColumns, limit, shared}: a new view (shared needs SavedView:Share). */
  create: '/views/create',
  /** POST {id, title, filters, hiddenColumns, limit, shared}: change an own view. */
  update: '/views/update',
  /** POST {id}: delete an own view, or a shared one with SavedView:Share. */
  delete: '/views/delete',
  /** POST {screen, id}: the caller's default view of a screen (id null: none). */
  setDefault: '/views/default',
} as const;

/** The operation that shares a view with every administrator of the business. */
export const SHARE_VIEW_PERMISSION = 'SavedView:Share' as const;

/** The list screens that keep views: their menu urls (the server checks each view's filters with the screen's list query). */
export const VIEW_SCREENS = [
  '/merTradeMgr/initTradeRecordPage',
  '/merTradeMgr/initUnTradeRecordPage',
  '/merTradeMgr/initUnFishedTradeRecordPage',
  '/merTradeMgr/initPreAuthTradePage',
  '/merTradeMgr/initTestTradePage',
  '/merTradeMgr/initCounterfeitTradePage',
  '/refundment/forwardRefundmentList',
  '/merTradeMgr/initProConTradePage',
  '/tradeDailyReport/showTradeDaily',
  '/fundsAccountSummary/initCapitalAccountRecordedWaterPage',
  '/withdraw/forwardWithdrawList',
  '/merDailySettleDetail/initShowListPage',
  '/waybill/waybillPage',
  '/productInfo/productPage',
  '/merwebsit/showWebsitLimit',
  '/blacklist/showBlacklist',
  '/complaint/showComplaintInfo',
  '/replyEmail/showReplyEmail',
  '/shortcutPayment/initManageLinks',
  '/admin/findManagers',
  '/role/findRoles',
  '/log/forwardLoginLogList',
  '/log/forwardOperateLogList',
  '/mernews/showNewsManage',
  '/webhook/showWebhooks',
] as const;
export type TViewScreen = (typeof VIEW_SCREENS)[number];

export const VIEW_TITLE_MAX = 40;
/** Views one administrator may keep for one screen. */
export const VIEWS_PER_SCREEN_MAX = 20;
const FILTER_KEYS_MAX = 30;
const FILTER_VALUE_MAX = 200;
const COLUMNS_MAX = 60;

/** The URL parameter that opens a view (`view` is a filter of the dispute list). */
export const VIEW_URL_PARAM = 'savedView';

const ZTitle = z.string().trim().min(1).max(VIEW_TITLE_MAX);
const ZKey = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/);
/** Filters as the screen's URL holds them (text); the server checks them with the screen's list query. */
export const ZViewFilters = z
  .record(ZKey, z.string().max(FILTER_VALUE_MAX))
  .refine((r) => Object.keys(r).length <= FILTER_KEYS_MAX, { message: 'views.tooManyFilters' });
const ZColumns = z.array(ZKey).max(COLUMNS_MAX);
const ZLimit = z
  .number()
  .int()
  .refine((n) => (PAGE_SIZES as readonly number[]).includes(n));
const ZId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

const ZViewContent = z.object({
  title: ZTitle,
  filters: ZViewFilters,
  /** Columns the view hides (field keys); a column the product adds later shows in older views. */
  hiddenColumns: ZColumns,
  limit: ZLimit,
  shared: z.boolean(),
});

export const ZViewListQuery = z.object({ screen: z.enum(VIEW_SCREENS) });
export const ZViewCreate = ZViewContent.extend({ screen: z.enum(VIEW_SCREENS) });
export type TViewCreate = z.infer<typeof ZViewCreate>;
export const ZViewUpdate = ZViewContent.extend({ id: ZId });
export type TViewUpdate = z.infer<typeof ZViewUpdate>;
export const ZViewIdBody = z.object({ id: ZId });
export const ZViewDefaultBody = z.object({ screen: z.enum(VIEW_SCREENS), id: ZId.nullable() });

export const ZSavedView = z.object({
  id: z.number().int(),
  screen: z.string(),
  title: z.string(),
  /** The filters that still apply (a value the list no longer takes, or a gateway the caller lost, left out). */
  filters: z.record(z.string(), z.string()),
  /** The filters left out of `filters`, by key: what the screen says it dropped. */
  dropped: z.array(z.string()),
  hiddenColumns: z.array(z.string()),
  limit: z.number().int(),
  shared: z.boolean(),
  /** The caller made it (may change and delete it). */
  mine: z.boolean(),
  /** The login name of whoever made it. */
  owner: z.string(),
  /** The caller's default view of this screen. */
  isDefault: z.boolean(),
  updatedAt: z.string(),
});
export type TSavedView = z.infer<typeof ZSavedView>;
export const ZSavedViewList = z.object({ list: z.array(ZSavedView), mayShare: z.boolean() });
export type TSavedViewList = z.infer<typeof ZSavedViewList>;
export const ZViewCreated = z.object({ id: z.number().int() });
