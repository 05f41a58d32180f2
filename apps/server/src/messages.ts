/**
 * Every domain's message catalog, registered with the platform translator when this module loads.
 * `buildApp` and the operator commands import it, so an error thrown anywhere is translated.
 * The type of `DOMAIN_MESSAGES` has one entry per catalog that a domain declared (see
 * `MessageCatalogs` in `platform/messages.ts`): a new domain catalog left out of this list does not compile.
 */
import { APPROVAL_MESSAGES } from './domains/approvals/messages';
import { AUTH_MESSAGES } from './domains/auth/messages';
import { DISPUTE_MESSAGES } from './domains/disputes/messages';
import { FUNDS_MESSAGES } from './domains/funds/messages';
import { LINK_MESSAGES } from './domains/links/messages';
import { NOTIFICATION_MESSAGES } from './domains/notifications/messages';
import { KYC_MESSAGES } from './domains/onboarding/kyc-messages';
import { ONBOARDING_MESSAGES } from './domains/onboarding/messages';
import { REFUND_MESSAGES } from './domains/refunds/messages';
import { REPORT_MESSAGES } from './domains/reports/messages';
import { PROGRAMME_MESSAGES } from './domains/reports/programmes-messages';
import { RISK_MESSAGES } from './domains/risk/messages';
import { SCHEDULE_MESSAGES } from './domains/schedules/messages';
import { EXPORT_JOB_MESSAGES } from './domains/exports/messages';
import { SEARCH_MESSAGES } from './domains/search/messages';
import { SYSTEM_MANAGEMENT_MESSAGES } from './domains/system/management-messages';
import { SYSTEM_MESSAGES } from './domains/system/messages';
import { OPERATION_LABELS } from './domains/system/operation-labels';
import { TRANSACTION_MESSAGES } from './domains/transactions/messages';
import { VIEW_MESSAGES } from './domains/views/messages';
import { WAYBILL_MESSAGES } from './domains/waybills/messages';
import { WEBHOOK_MESSAGES } from './domains/webhooks/messages';
import { WEBSITE_MESSAGES } from './domains/websites/messages';
import { registerMessages, type MessageTable } from './platform/i18n';
import { PLATFORM_MESSAGES, type MessageCatalogs } from './platform/messages';

type DomainCatalogs = { [Owner in Exclude<keyof MessageCatalogs, 'platform'>]: MessageTable<MessageCatalogs[Owner]> };

export const DOMAIN_MESSAGES: DomainCatalogs = {
  auth: AUTH_MESSAGES,
  system: SYSTEM_MESSAGES,
  systemManagement: SYSTEM_MANAGEMENT_MESSAGES,
  operationLabels: OPERATION_LABELS,
  onboarding: ONBOARDING_MESSAGES,
  onboardingKyc: KYC_MESSAGES,
  transactions: TRANSACTION_MESSAGES,
  refunds: REFUND_MESSAGES,
  disputes: DISPUTE_MESSAGES,
  reports: REPORT_MESSAGES,
  programmes: PROGRAMME_MESSAGES,
  funds: FUNDS_MESSAGES,
  websites: WEBSITE_MESSAGES,
  waybills: WAYBILL_MESSAGES,
  risk: RISK_MESSAGES,
  links: LINK_MESSAGES,
  webhooks: WEBHOOK_MESSAGES,
  schedules: SCHEDULE_MESSAGES,
  exports: EXPORT_JOB_MESSAGES,
  search: SEARCH_MESSAGES,
  views: VIEW_MESSAGES,
  notifications: NOTIFICATION_MESSAGES,
  approvals: APPROVAL_MESSAGES,
};

/** Platform's catalog and every domain's, by owner (the key-parity test reads them all). */
export const ALL_MESSAGES: Record<keyof MessageCatalogs, MessageTable> = { platform: PLATFORM_MESSAGES, ...DOMAIN_MESSAGES };

registerMessages(...Object.values(DOMAIN_MESSAGES));
