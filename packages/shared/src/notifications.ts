import { z } from 'zod';

/**
 * The notification centre (issue 50 §5; apps/server/src/domains/notifications/README.md): what the
 * back office tells one administrator, in the bell and by mail, as each administrator chooses per kind.
 */

export const NotificationPath = {
  /** GET ?unread=&cursor=&limit=: the caller's notifications, newest first. */
  list: '/notification/list',
  /** GET: the caller's unread count (the bell polls it). */
  unreadCount: '/notification/unreadCount',
  /** POST {id}: mark one read. */
  read: '/notification/read',
  /** POST {}: mark every one read. */
  readAll: '/notification/readAll',
  /** GET: the caller's preferences per kind they may receive, and the low-balance threshold. */
  preferences: '/notification/preferences',
  /** POST {kinds: [{kind, inApp, mail}], lowBalanceThreshold}: save them. */
  savePreferences: '/notification/preferences/save',
} as const;

/**
 * Each kind and the screen (menu url) an administrator must open to receive it: a kind is delivered
 * only to those whose role opens that screen, and a gateway-bound event only within their gateways.
 * `mail`: the default of the mail preference ('owner': the merchant's owners only, as the mails sent
 * before the centre existed went; the administrator may change it either way).
 */
export const NOTIFICATION_KINDS = {
  programmeRatio: { screen: '/statistics/tnx/chargebackRefund', mail: 'owner' },
  alertDeadline: { screen: '/merTradeMgr/initProConTradePage', mail: false },
  disputeDeadline: { screen: '/merTradeMgr/initProConTradePage', mail: false },
  settlementHeld: { screen: '/merDailySettleDetail/initShowListPage', mail: false },
  proofDue: { screen: '/waybill/waybillPage', mail: false },
  withdrawalPaid: { screen: '/withdraw/forwardWithdrawList', mail: false },
  withdrawalFailed: { screen: '/withdraw/forwardWithdrawList', mail: 'owner' },
  approvalWaiting: { screen: null, mail: false },
  lowBalance: { screen: '/fundsAccountSummary/initCheckFundsAccountSummaryPage', mail: false },
  reportFailed: { screen: '/reportSchedule/showSchedules', mail: true },
  // An export run in the background finished (or failed): told to whoever asked for it, whatever their screens.
  exportReady: { screen: null, mail: false },
} as const satisfies Record<string, { screen: string | null; mail: boolean | 'owner' }>;

export type TNotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_LIST = Object.keys(NOTIFICATION_KINDS) as TNotificationKind[];
export const ZNotificationKind = z.enum(NOTIFICATION_KIND_LIST as [TNotificationKind, ...TNotificationKind[]]);

/** Values a notification's text is filled with (numbers and short texts only). */
export type TNotificationParams = Record<string, string | number>;

export const ZNotification = z.object({
  id: z.number().int(),
  kind: ZNotificationKind,
  /** Title and text in the caller's language, made by the server from the kind's texts. */
  title: z.string(),
  text: z.string(),
  /** A path of the web app the item opens ('' for none). */
  link: z.string(),
  createdAt: z.number().int(),
  read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const NOTIFICATION_PAGE_MAX = 50;
const ZId = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

export const ZNotificationListQuery = z.object({
  unread: z.enum(['0', '1']).optional(),
  /** The id of the last item of the page before (keyset). */
  cursor: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).optional(),
});
export const ZNotificationList = z.object({
  items: z.array(ZNotification),
  /** The cursor of the next page, null at the end. */
  next: z.number().int().nullable(),
  unread: z.number().int(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZUnreadCount = z.object({ unread: z.number().int() });
export const ZNotificationIdBody = z.object({ id: ZId });

/** Low-balance threshold: an amount in the account's currency, 0 to 1,000,000,000, two decimals at most; null: off. */
export const LOW_BALANCE_MAX = 1_000_000_000;
const ZThreshold = z
  .number()
  .min(0)
  .max(LOW_BALANCE_MAX)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { message: 'notification.thresholdDecimals' });

export const ZNotificationPreference = z.object({ kind: ZNotificationKind, inApp: z.boolean(), mail: z.boolean() });
export type TNotificationPreference = z.infer<typeof ZNotificationPreference>;
export const ZNotificationPreferences = z.object({
  kinds: z.array(ZNotificationPreference).max(NOTIFICATION_KIND_LIST.length),
  lowBalanceThreshold: ZThreshold.nullable(),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;
