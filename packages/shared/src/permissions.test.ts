import { describe, expect, it } from 'vitest';
import { ALL_MENU_URLS, ALL_PERMISSIONS, MODULES } from './permissions';

describe('permission catalog', () => {
  it('registers every menu route of spec §2', () => {
    const specRoutes = [
      '/tradeDailyReport/showTradeDaily',
      '/merTradeMgr/initTradeRecordPage',
      '/merTradeMgr/initUnTradeRecordPage',
      '/merTradeMgr/initUnFishedTradeRecordPage',
      '/refundment/forwardRefundmentList',
      '/merTradeMgr/initProConTradePage',
      '/tradeMonthReport/showTradeMonth',
      '/statistics/tnx/chargebackRefund',
      '/noSettAmount/querynosettamount',
      '/fundsAccountSummary/initCheckFundsAccountSummaryPage',
      '/fundsAccountSummary/initCapitalAccountRecordedWaterPage',
      '/withdraw/forwardWithdrawList',
      '/merDailySettleDetail/initShowListPage',
      '/waybill/waybillPage',
      '/productInfo/productPage',
      '/merwebsit/showWebsitLimit',
      '/shortcutPayment/initManageLinks',
      '/merchant/showMerchantDetails',
      '/admin/findManagers',
      '/role/findRoles',
      '/merchant/showUpdatePassword',
      '/log/forwardLoginLogList',
      '/log/forwardOperateLogList',
      '/mernews/showNewsManage',
    ];
    for (const route of specRoutes) expect(ALL_MENU_URLS).toContain(route);
  });

  it('carries the spec example operation permission', () => {
    expect(ALL_PERMISSIONS).toContain('TradeDailyReport:Downloads');
  });

  it('has unique module ids, menu urls and operations', () => {
    expect(new Set(MODULES.map((m) => m.moduleId)).size).toBe(MODULES.length);
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
  });
});
