import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { MODULES } from '@mbo/shared/permissions';
import { OnboardingLink } from '@mbo/shared/onboarding-paths';
import { EXPORT_JOBS_PAGE } from '@mbo/shared/export-job-paths';
import type { TTransactionView } from '@mbo/shared/transactions';
import { LoginPage } from '../features/auth/pages/login-page';
import { GuardPath } from './guard-decision';
import { RouteGuard } from './guard';
import { MenuGate } from './menu-gate';
import { lazyPage, listFirstData } from '../platform/lazy-page';
import type { TRouteHandle } from './route-handle';

// Everything except the sign-in page is loaded on demand.
const QueryScope = lazyPage(() => import('./query-scope'), 'QueryScope');
const MainLayout = lazyPage(() => import('./layout/main-layout'), 'MainLayout');
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'), 'NotFoundPage');
const MenuPreparedPage = lazyPage(() => import('./pages/menu-prepared-page'), 'MenuPreparedPage');
const DashboardPage = lazyPage(
  () => import('../features/dashboard/pages/dashboard-page'),
  'DashboardPage',
  () => import('../features/dashboard/pages/dashboard-page-prefetch'),
);
const UpdatePasswordPage = lazyPage(() => import('../features/auth/pages/update-password-page'), 'UpdatePasswordPage');
const SsoPage = lazyPage(() => import('../features/auth/pages/sso-page'), 'SsoPage');
const TransactionListPage = lazyPage(
  () => import('../features/transactions/pages/transaction-list-page'),
  'TransactionListPage',
  listFirstData(
    () => import('../features/transactions/transaction-list'),
    (m) =>
      ({ view }: { view: TTransactionView }) =>
        m.TRANSACTION_LISTS[view],
  ),
);
const RefundListPage = lazyPage(
  () => import('../features/refunds/pages/refund-list-page'),
  'RefundListPage',
  listFirstData(
    () => import('../features/refunds/refund-list'),
    (m) => m.REFUND_LIST,
  ),
);
const WebsiteListPage = lazyPage(
  () => import('../features/websites/pages/website-list-page'),
  'WebsiteListPage',
  listFirstData(
    () => import('../features/websites/website-list'),
    (m) => m.WEBSITE_LIST,
  ),
);
const WaybillListPage = lazyPage(
  () => import('../features/waybills/pages/waybill-list-page'),
  'WaybillListPage',
  listFirstData(
    () => import('../features/waybills/waybill-lists'),
    (m) => m.WAYBILL_LIST,
  ),
);
const ProductListPage = lazyPage(
  () => import('../features/waybills/pages/product-list-page'),
  'ProductListPage',
  listFirstData(
    () => import('../features/waybills/waybill-lists'),
    (m) => m.PRODUCT_LIST,
  ),
);
const LinkListPage = lazyPage(
  () => import('../features/links/pages/link-list-page'),
  'LinkListPage',
  listFirstData(
    () => import('../features/links/link-list'),
    (m) => m.LINK_LIST,
  ),
);
const BlacklistPage = lazyPage(
  () => import('../features/risk/pages/blacklist-page'),
  'BlacklistPage',
  listFirstData(
    () => import('../features/risk/blacklist-list'),
    (m) => m.BLACKLIST_LIST,
  ),
);
const RiskControlPage = lazyPage(() => import('../features/risk/pages/risk-control-page'), 'RiskControlPage');
const ComplaintPage = lazyPage(
  () => import('../features/risk/pages/complaint-page'),
  'ComplaintPage',
  listFirstData(
    () => import('../features/risk/complaint-list'),
    (m) => m.COMPLAINT_LIST,
  ),
);
const ReplyEmailPage = lazyPage(
  () => import('../features/risk/pages/reply-email-page'),
  'ReplyEmailPage',
  listFirstData(
    () => import('../features/risk/sent-reply-list'),
    (m) => m.SENT_REPLY_LIST,
  ),
);
const DisputeListPage = lazyPage(
  () => import('../features/disputes/pages/dispute-list-page'),
  'DisputeListPage',
  listFirstData(
    () => import('../features/disputes/dispute-list'),
    (m) => m.DISPUTE_LIST,
  ),
);
const DailyReportPage = lazyPage(
  () => import('../features/reports/pages/daily-report-page'),
  'DailyReportPage',
  listFirstData(
    () => import('../features/reports/daily-report-list'),
    (m) => m.DAILY_LIST,
  ),
);
const MonthlyReportPage = lazyPage(() => import('../features/reports/pages/monthly-report-page'), 'MonthlyReportPage');
const ChargebackRefundPage = lazyPage(() => import('../features/reports/pages/chargeback-refund-page'), 'ChargebackRefundPage');
const LoginLogListPage = lazyPage(
  () => import('../features/system/pages/login-log-list-page'),
  'LoginLogListPage',
  listFirstData(
    () => import('../features/system/system-lists'),
    (m) => m.LOGIN_LOG_LIST,
  ),
);
const WebhooksPage = lazyPage(
  () => import('../features/system/pages/webhooks-page'),
  'WebhooksPage',
  listFirstData(
    () => import('../features/system/system-lists'),
    (m) => m.WEBHOOK_DELIVERY_LIST,
  ),
);
const ApprovalsPage = lazyPage(
  () => import('../features/approvals/pages/approvals-page'),
  'ApprovalsPage',
  listFirstData(
    () => import('../features/approvals/approval-list'),
    (m) => m.APPROVAL_LIST,
  ),
);
const ReportSchedulesPage = lazyPage(() => import('../features/system/pages/report-schedules-page'), 'ReportSchedulesPage');
const MerchantDetailsPage = lazyPage(() => import('../features/system/pages/merchant-details-page'), 'MerchantDetailsPage');
const AdminListPage = lazyPage(
  () => import('../features/system/pages/admin-list-page'),
  'AdminListPage',
  listFirstData(
    () => import('../features/system/system-lists'),
    (m) => m.ADMIN_LIST,
  ),
);
const RoleListPage = lazyPage(
  () => import('../features/system/pages/role-list-page'),
  'RoleListPage',
  listFirstData(
    () => import('../features/system/system-lists'),
    (m) => m.ROLE_LIST,
  ),
);
const OperationLogListPage = lazyPage(
  () => import('../features/system/pages/operation-log-list-page'),
  'OperationLogListPage',
  listFirstData(
    () => import('../features/system/system-lists'),
    (m) => m.OPERATION_LOG_LIST,
  ),
);
const NewsPage = lazyPage(
  () => import('../features/system/pages/news-page'),
  'NewsPage',
  listFirstData(
    () => import('../features/system/system-lists'),
    (m) => m.NEWS_LIST,
  ),
);
const IconListPage = lazyPage(() => import('../features/system/pages/icon-list-page'), 'IconListPage');
const SelectMerchantPage = lazyPage(() => import('../features/auth/pages/select-merchant-page'), 'SelectMerchantPage');
const RegisterPage = lazyPage(() => import('../features/onboarding/pages/register-page'), 'RegisterPage');
const TwoFactorPage = lazyPage(() => import('../features/onboarding/pages/two-factor-page'), 'TwoFactorPage');
const ActivatePage = lazyPage(() => import('../features/onboarding/pages/activate-page'), 'ActivatePage');
const KycPage = lazyPage(() => import('../features/onboarding/pages/kyc-page'), 'KycPage');
const ResultPage = lazyPage(() => import('../features/onboarding/pages/result-page'), 'ResultPage');
const SettingsPage = lazyPage(() => import('../features/onboarding/pages/settings-page'), 'SettingsPage');
const RecentExportsPage = lazyPage(() => import('../features/exports/pages/recent-exports-page'), 'RecentExportsPage');
const UploadAdditionalPage = lazyPage(() => import('../features/onboarding/pages/upload-additional-page'), 'UploadAdditionalPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/pages/reset-password-page'), 'ResetPasswordPage');
const VerifyEmailPage = lazyPage(() => import('../features/onboarding/pages/verify-email-page'), 'VerifyEmailPage');
const AcceptInvitationPage = lazyPage(() => import('../features/onboarding/pages/accept-invitation-page'), 'AcceptInvitationPage');
const AccountUpgradePage = lazyPage(() => import('../features/onboarding/pages/account-upgrade-page'), 'AccountUpgradePage');
const SettlementCyclePage = lazyPage(() => import('../features/funds/pages/settlement-cycle-page'), 'SettlementCyclePage');
const AccountSummaryPage = lazyPage(() => import('../features/funds/pages/account-summary-page'), 'AccountSummaryPage');
const EntryListPage = lazyPage(
  () => import('../features/funds/pages/entry-list-page'),
  'EntryListPage',
  listFirstData(
    () => import('../features/funds/funds-lists'),
    (m) => m.ENTRY_LIST,
  ),
);
const WithdrawListPage = lazyPage(
  () => import('../features/funds/pages/withdraw-list-page'),
  'WithdrawListPage',
  listFirstData(
    () => import('../features/funds/funds-lists'),
    (m) => m.WITHDRAWAL_LIST,
  ),
);
const BatchListPage = lazyPage(
  () => import('../features/funds/pages/batch-list-page'),
  'BatchListPage',
  listFirstData(
    () => import('../features/funds/funds-lists'),
    (m) => m.BATCH_LIST,
  ),
);

/** The screen of each menu url of the catalog (app.test.tsx checks that none is missing). */
export const BUILT_MENU_PAGES: Record<string, () => ReactNode> = {
  '/log/forwardLoginLogList': () => <LoginLogListPage />,
  '/merchant/showMerchantDetails': () => <MerchantDetailsPage />,
  '/admin/findManagers': () => <AdminListPage />,
  '/role/findRoles': () => <RoleListPage />,
  '/log/forwardOperateLogList': () => <OperationLogListPage />,
  '/mernews/showNewsManage': () => <NewsPage />,
  '/system/iconList': () => <IconListPage />,
  '/webhook/showWebhooks': () => <WebhooksPage />,
  '/reportSchedule/showSchedules': () => <ReportSchedulesPage />,
  '/approval/showApprovals': () => <ApprovalsPage />,
  '/merTradeMgr/initTradeRecordPage': () => <TransactionListPage view="formal" />,
  '/merTradeMgr/initUnTradeRecordPage': () => <TransactionListPage view="riskDeclined" />,
  '/merTradeMgr/initUnFishedTradeRecordPage': () => <TransactionListPage view="uncompleted" />,
  '/merTradeMgr/initPreAuthTradePage': () => <TransactionListPage view="preAuth" />,
  '/merTradeMgr/initTestTradePage': () => <TransactionListPage view="test" />,
  '/merTradeMgr/initCounterfeitTradePage': () => <TransactionListPage view="counterfeit" />,
  '/refundment/forwardRefundmentList': () => <RefundListPage />,
  '/merTradeMgr/initProConTradePage': () => <DisputeListPage />,
  '/tradeDailyReport/showTradeDaily': () => <DailyReportPage />,
  '/tradeMonthReport/showTradeMonth': () => <MonthlyReportPage />,
  '/statistics/tnx/chargebackRefund': () => <ChargebackRefundPage />,
  '/merchant/showUpdatePassword': () => <UpdatePasswordPage />,
  '/noSettAmount/querynosettamount': () => <SettlementCyclePage />,
  '/fundsAccountSummary/initCheckFundsAccountSummaryPage': () => <AccountSummaryPage />,
  '/fundsAccountSummary/initCapitalAccountRecordedWaterPage': () => <EntryListPage />,
  '/withdraw/forwardWithdrawList': () => <WithdrawListPage />,
  '/merDailySettleDetail/initShowListPage': () => <BatchListPage />,
  '/merwebsit/showWebsitLimit': () => <WebsiteListPage />,
  '/waybill/waybillPage': () => <WaybillListPage />,
  '/productInfo/productPage': () => <ProductListPage />,
  '/shortcutPayment/initManageLinks': () => <LinkListPage />,
  '/blacklist/showBlacklist': () => <BlacklistPage />,
  '/riskControl/showRiskControl': () => <RiskControlPage />,
  '/complaint/showComplaintInfo': () => <ComplaintPage />,
  '/replyEmail/showReplyEmail': () => <ReplyEmailPage />,
};

function handle(value: TRouteHandle): TRouteHandle {
  return value;
}

const menuRoutes: RouteObject[] = MODULES.flatMap((module) =>
  module.menus.map((menu) => ({
    id: `menu:${menu.url}`,
    path: menu.url,
    handle: handle({ titleKey: menu.titleKey, moduleTitleKey: module.titleKey }),
    element: <MenuGate url={menu.url}>{BUILT_MENU_PAGES[menu.url]?.() ?? <MenuPreparedPage />}</MenuGate>,
  })),
);

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RouteGuard />,
    children: [
      { id: 'login', path: '/loginNew', element: <LoginPage />, handle: handle({ titleKey: 'route.login' }) },
      {
        id: 'data',
        element: <QueryScope />,
        children: [
          { id: 'register', path: '/register', element: <RegisterPage />, handle: handle({ titleKey: 'route.register' }) },
          {
            id: 'forgotPassword',
            path: GuardPath.forgotPassword,
            element: <ForgotPasswordPage />,
            handle: handle({ titleKey: 'forgotPassword.title' }),
          },
          {
            id: 'resetPassword',
            path: OnboardingLink.resetPassword.path,
            element: <ResetPasswordPage />,
            handle: handle({ titleKey: 'resetPassword.title' }),
          },
          {
            id: 'verifyEmail',
            path: OnboardingLink.verifyEmail.path,
            element: <VerifyEmailPage />,
            handle: handle({ titleKey: 'verifyEmail.title' }),
          },
          {
            id: 'acceptInvitation',
            path: OnboardingLink.acceptInvitation.path,
            element: <AcceptInvitationPage />,
            handle: handle({ titleKey: 'invitation.title' }),
          },
          {
            id: 'accountUpgrade',
            path: GuardPath.accountUpgrade,
            element: <AccountUpgradePage />,
            handle: handle({ titleKey: 'upgrade.title' }),
          },
          { id: 'twoFA', path: '/twoFA', element: <TwoFactorPage />, handle: handle({ titleKey: 'route.twoFA' }) },
          { id: 'activate', path: '/activate', element: <ActivatePage />, handle: handle({ titleKey: 'route.activate' }) },
          { id: 'result', path: '/result', element: <ResultPage />, handle: handle({ titleKey: 'route.result' }) },
          { id: 'kyc', path: '/kyc', element: <KycPage />, handle: handle({ titleKey: 'route.kyc' }) },
          { id: 'sso', path: OnboardingLink.sso.path, element: <SsoPage />, handle: handle({ titleKey: 'route.sso' }) },
          {
            id: 'selectMerchant',
            path: '/selectMerchant',
            element: <SelectMerchantPage />,
            handle: handle({ titleKey: 'route.selectMerchant' }),
          },
          {
            id: 'layout',
            element: <MainLayout />,
            children: [
              { id: 'home', path: '/', element: <DashboardPage />, handle: handle({ titleKey: 'route.dashboard' }) },
              { id: 'index', path: '/index', element: <DashboardPage />, handle: handle({ titleKey: 'route.dashboard' }) },
              { id: 'setting', path: '/setting', element: <SettingsPage />, handle: handle({ titleKey: 'route.setting' }) },
              {
                id: 'recentExports',
                path: EXPORT_JOBS_PAGE,
                element: <RecentExportsPage />,
                handle: handle({ titleKey: 'exportJobs.title' }),
              },
              {
                id: 'uploadAdditional',
                path: '/setting/uploadAdditional/:businessId',
                element: <UploadAdditionalPage />,
                handle: handle({ titleKey: 'route.uploadAdditional' }),
              },
              ...menuRoutes,
              { id: 'notFound', path: '*', element: <NotFoundPage />, handle: handle({ titleKey: 'route.notFound' }) },
            ],
          },
        ],
      },
    ],
  },
];
