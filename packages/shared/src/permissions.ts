/**
 * Permission model (spec §6): modules -> menus (whose urls are the spec's route paths) -> operation
 * permissions. A role holds a set of permission codes: a menu url grants the screen (and the read
 * routes behind it); a `Resource:Action` code grants an operation on that screen.
 *
 * Route paths the spec does not show (pre-authorization, test and counterfeit transactions, the risk
 * screens, the icon list) follow the spec's `/controller/actionPage` style.
 */
export type TMenuDef = {
  url: string;
  /** i18n key of the menu title in the web app's locale files. */
  titleKey: string;
  operations: readonly string[];
};

export type TModuleDef = {
  moduleId: number;
  key: string;
  titleKey: string;
  menus: readonly TMenuDef[];
};

export const MODULES = [
  {
    moduleId: 1,
    key: 'transaction',
    titleKey: 'module.transaction',
    menus: [
      {
        url: '/tradeDailyReport/showTradeDaily',
        titleKey: 'menu.tradeDaily',
        operations: ['TradeDailyReport:Description', 'TradeDailyReport:Downloads'],
      },
      {
        url: '/merTradeMgr/initTradeRecordPage',
        titleKey: 'menu.tradeRecord',
        operations: ['TradeRecord:Downloads', 'TradeRecord:Refund'],
      },
      { url: '/merTradeMgr/initUnTradeRecordPage', titleKey: 'menu.unTradeRecord', operations: ['UnTradeRecord:Downloads'] },
      {
        url: '/merTradeMgr/initUnFishedTradeRecordPage',
        titleKey: 'menu.unFinishedTradeRecord',
        operations: ['UnFinishedTradeRecord:Downloads'],
      },
      { url: '/merTradeMgr/initPreAuthTradePage', titleKey: 'menu.preAuthTrade', operations: ['PreAuthTrade:Downloads'] },
      { url: '/merTradeMgr/initTestTradePage', titleKey: 'menu.testTrade', operations: ['TestTrade:Downloads'] },
      { url: '/merTradeMgr/initCounterfeitTradePage', titleKey: 'menu.counterfeitTrade', operations: ['CounterfeitTrade:Downloads'] },
      { url: '/refundment/forwardRefundmentList', titleKey: 'menu.refundList', operations: ['Refundment:Apply', 'Refundment:Downloads'] },
      {
        url: '/merTradeMgr/initProConTradePage',
        titleKey: 'menu.proConTrade',
        operations: ['ProConTrade:Appeal', 'ProConTrade:AlertRefund', 'ProConTrade:Downloads'],
      },
      { url: '/tradeMonthReport/showTradeMonth', titleKey: 'menu.tradeMonth', operations: ['TradeMonthReport:Downloads'] },
      { url: '/statistics/tnx/chargebackRefund', titleKey: 'menu.chargebackRefund', operations: [] },
    ],
  },
  {
    moduleId: 2,
    key: 'funds',
    titleKey: 'module.funds',
    menus: [
      { url: '/noSettAmount/querynosettamount', titleKey: 'menu.settlementCycle', operations: ['NoSettAmount:Downloads'] },
      { url: '/fundsAccountSummary/initCheckFundsAccountSummaryPage', titleKey: 'menu.accountSummary', operations: [] },
      {
        url: '/fundsAccountSummary/initCapitalAccountRecordedWaterPage',
        titleKey: 'menu.recordedWater',
        operations: ['RecordedWater:Downloads'],
      },
      { url: '/withdraw/forwardWithdrawList', titleKey: 'menu.withdraw', operations: ['Withdraw:Apply', 'Withdraw:Cancel'] },
      { url: '/merDailySettleDetail/initShowListPage', titleKey: 'menu.dailySettleDetail', operations: ['DailySettleDetail:Downloads'] },
    ],
  },
  {
    moduleId: 3,
    key: 'waybill',
    titleKey: 'module.waybill',
    menus: [
      { url: '/waybill/waybillPage', titleKey: 'menu.waybill', operations: ['Waybill:Upload'] },
      { url: '/productInfo/productPage', titleKey: 'menu.productInfo', operations: [] },
    ],
  },
  {
    moduleId: 4,
    key: 'website',
    titleKey: 'module.website',
    menus: [{ url: '/merwebsit/showWebsitLimit', titleKey: 'menu.website', operations: ['Website:Add', 'Website:Upload'] }],
  },
  {
    moduleId: 5,
    key: 'risk',
    titleKey: 'module.risk',
    menus: [
      { url: '/riskControl/showRiskControl', titleKey: 'menu.riskControl', operations: [] },
      { url: '/blacklist/showBlacklist', titleKey: 'menu.blacklist', operations: ['Blacklist:Edit'] },
      { url: '/complaint/showComplaintInfo', titleKey: 'menu.complaint', operations: ['Complaint:Process'] },
      { url: '/replyEmail/showReplyEmail', titleKey: 'menu.replyEmail', operations: ['ReplyEmail:Edit'] },
    ],
  },
  {
    moduleId: 6,
    key: 'shortcutPayment',
    titleKey: 'module.shortcutPayment',
    menus: [
      {
        url: '/shortcutPayment/initManageLinks',
        titleKey: 'menu.manageLinks',
        operations: ['ShortcutPayment:Create', 'ShortcutPayment:Disable'],
      },
    ],
  },
  {
    moduleId: 7,
    key: 'system',
    titleKey: 'module.system',
    menus: [
      { url: '/merchant/showMerchantDetails', titleKey: 'menu.merchantDetails', operations: ['MerchantDetails:SignKey'] },
      {
        url: '/admin/findManagers',
        titleKey: 'menu.managers',
        // SavedView:Share: a saved list view shared with every administrator of the business (domains/views/README.md).
        operations: ['Admin:Invite', 'Admin:Edit', 'Admin:Disable', 'Admin:ResetPassword', 'SavedView:Share'],
      },
      { url: '/role/findRoles', titleKey: 'menu.roles', operations: ['Role:Edit'] },
      { url: '/merchant/showUpdatePassword', titleKey: 'menu.updatePassword', operations: [] },
      { url: '/log/forwardLoginLogList', titleKey: 'menu.loginLog', operations: [] },
      { url: '/log/forwardOperateLogList', titleKey: 'menu.operateLog', operations: ['OperateLog:Downloads'] },
      { url: '/mernews/showNewsManage', titleKey: 'menu.news', operations: [] },
      { url: '/system/iconList', titleKey: 'menu.iconList', operations: [] },
      { url: '/webhook/showWebhooks', titleKey: 'menu.webhooks', operations: ['Webhook:Edit'] },
      { url: '/reportSchedule/showSchedules', titleKey: 'menu.reportSchedules', operations: ['ReportSchedule:Edit'] },
      // Approval:Approve decides another administrator's held withdrawal or refund; Approval:Policy sets what is held (domains/approvals/README.md).
      { url: '/approval/showApprovals', titleKey: 'menu.approvals', operations: ['Approval:Approve', 'Approval:Policy'] },
    ],
  },
] as const satisfies readonly TModuleDef[];

export type TMenuUrl = (typeof MODULES)[number]['menus'][number]['url'];
export type TOperation = (typeof MODULES)[number]['menus'][number]['operations'][number];
export type TPermission = TMenuUrl | TOperation;

export const ALL_MENU_URLS: readonly TMenuUrl[] = MODULES.flatMap((m) => m.menus.map((menu) => menu.url));
export const ALL_OPERATIONS: readonly TOperation[] = MODULES.flatMap((m) => m.menus.flatMap((menu) => [...menu.operations]));
export const ALL_PERMISSIONS: readonly TPermission[] = [...ALL_MENU_URLS, ...ALL_OPERATIONS];

export function isPermission(value: string): value is TPermission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

export function findMenu(url: string): TMenuDef | undefined {
  for (const m of MODULES) for (const menu of m.menus) if (menu.url === url) return menu;
  return undefined;
}

/** Menus a signed-in person may always open, whatever the role (own password). */
export const ALWAYS_ALLOWED_MENUS: readonly TMenuUrl[] = ['/merchant/showUpdatePassword'];
