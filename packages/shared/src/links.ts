import { z } from 'zod';
import { isCalendarDate } from './date-range';
import { opt, optText, zGatewayNoFilter } from './list';
import { defineList, field } from './list-fields';
import { zCode } from './trade-enums';

/*
 * Payment links (spec §2 Shortcut payment, §3 Payment link, §4 link type / state / pay status) and the
 * hosted page a customer pays on. Codes are part of the contract: never renumber.
 */

export const LinkType = { oneTime: 1, reusable: 2 } as const;
export type TLinkType = (typeof LinkType)[keyof typeof LinkType];
export const LinkStatus = { active: 1, disabled: 2 } as const;
export type TLinkStatus = (typeof LinkStatus)[keyof typeof LinkStatus];
export const LinkPayStatus = { unpaid: 1, paid: 2 } as const;
export type TLinkPayStatus = (typeof LinkPayStatus)[keyof typeof LinkPayStatus];
export const LinkAmountMode = { fixed: 1, customer: 2 } as const;
export type TLinkAmountMode = (typeof LinkAmountMode)[keyof typeof LinkAmountMode];

/** Payment methods a link may offer; a gateway offers the ones its services name. */
export const LINK_METHODS = ['card', 'wechatpay', 'alipay'] as const;
export type TLinkMethod = (typeof LINK_METHODS)[number];

/** Bytes of randomness in a link key (base64url: 32 characters): 192 bits, far past guessing. */
export const LINK_KEY_BYTES = 24;
export const LINK_KEY_RE = /^[A-Za-z0-9_-]{32}$/;
/** The furthest a link may stay active, in days from today. */
export const LINK_MAX_ACTIVE_DAYS = 366;

export const LinkPath = {
  /** GET: the links of the caller's merchant (menu permission). */
  list: '/shortcutPayment/links',
  /** GET: what the generate form offers (gateways that take link payments with their methods, custom domains). */
  options: '/shortcutPayment/options',
  /** POST: generate a link (ShortcutPayment:Create). */
  create: '/shortcutPayment/create',
  /** POST: disable a link (ShortcutPayment:Disable); a link is never deleted. */
  disable: '/shortcutPayment/disable',
  /** GET: the payments made through one link. */
  payments: '/shortcutPayment/payments/:linkKey',
} as const;

export const PayPath = {
  /** GET (public): what the hosted page shows for a link. */
  page: '/pay/:linkKey',
  /** POST (public): a customer's payment through a link (Idempotency-Key header). */
  submit: '/pay/:linkKey',
} as const;

/** Where the hosted page lives (served by the server, outside the back office). */
export const HOSTED_PAY_PREFIX = '/pay/';

export const linkPaymentsPath = (key: string) => LinkPath.payments.replace(':linkKey', encodeURIComponent(key));
export const payPagePath = (key: string) => PayPath.page.replace(':linkKey', encodeURIComponent(key));

export const ZLinkKeyParams = z.object({ linkKey: z.string().regex(LINK_KEY_RE) });

/** Address fields as the hosted page collects them and a link may prefill them. */
export const ZAddress = z.object({
  name: optText(100),
  email: opt(z.string().trim().max(100).email()),
  phone: optText(32),
  country: opt(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/)
      .transform((s) => s.toUpperCase()),
  ),
  state: optText(64),
  city: optText(64),
  address: optText(200),
  zip: optText(16),
});
export type TAddress = z.infer<typeof ZAddress>;

const amountText = z.string().trim().min(1).max(32);

export const ZLinkCreate = z
  .object({
    title: z.string().trim().min(1).max(100),
    description: optText(500),
    linkType: zCode(LinkType),
    /** Last day the link takes payments (calendar date, through the end of that day in the caller's timezone). */
    activeUntil: z.string().refine(isCalendarDate, 'dateRange.badDate'),
    reference: optText(64),
    gatewayNo: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/),
    /** The order currency: the chosen gateway's currency. */
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/),
    amountMode: zCode(LinkAmountMode),
    /** Major units as typed: the fixed amount, or the bounds of the amount the customer enters. */
    amount: opt(amountText),
    minAmount: opt(amountText),
    maxAmount: opt(amountText),
    customerMessage: optText(500),
    collectBilling: z.boolean().default(false),
    collectShipping: z.boolean().default(false),
    methods: z.array(z.enum(LINK_METHODS)).min(1).max(LINK_METHODS.length),
    customDomain: optText(253),
    operatingName: z.string().trim().min(1).max(100),
    prefill: ZAddress.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.amountMode === LinkAmountMode.fixed && v.amount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'link.amountRequired' });
    }
  });
export type TLinkCreate = z.infer<typeof ZLinkCreate>;

export const ZLinkCreated = z.object({ linkKey: z.string(), url: z.string() });

export const ZLinkDisable = z.object({ linkKey: z.string().regex(LINK_KEY_RE) });

export const ZLinkGatewayOption = z.object({
  gatewayNo: z.string(),
  name: z.string(),
  currency: z.string(),
  methods: z.array(z.enum(LINK_METHODS)),
});
export const ZLinkOptions = z.object({
  gateways: z.array(ZLinkGatewayOption),
  /** Reviewed websites of the merchant a link may be served on. */
  customDomains: z.array(z.string()),
});
export type TLinkOptions = z.infer<typeof ZLinkOptions>;

/** Manage and generate links (spec §2 Shortcut payment), declared once (list-fields.ts): every link, newest first. */
export const LINKS = defineList({
  fields: {
    title: field.text('links.title'),
    linkType: field.code('links.linkType', 'links.linkTypeCode'),
    /** Minor units; null when the customer enters the amount. */
    amount: field.moneyOrNull('links.amount'),
    /** The last day the link takes payments (calendar date). */
    activeUntil: field.text('links.activeUntil'),
    status: field.code('links.status', 'links.statusCode'),
    payStatus: field.code('links.payStatus', 'links.payStatusCode'),
    createdAt: field.time('links.createdAt'),
    gatewayNo: field.text('links.gateway'),
    linkKey: field.text(),
    url: field.data(z.string()),
    description: field.text(),
    /** true once the active-until day is over (the link refuses payments, whatever its status). */
    expired: field.data(z.boolean()),
    reference: field.text(),
    currency: field.text(),
    amountMode: field.data(z.number().int()),
    minAmount: field.moneyOrNull(),
    maxAmount: field.moneyOrNull(),
    customerMessage: field.text(),
    collectBilling: field.data(z.boolean()),
    collectShipping: field.data(z.boolean()),
    methods: field.data(z.array(z.string())),
    customDomain: field.text(),
    operatingName: field.text(),
    prefill: field.data(ZAddress),
    paidCount: field.count(),
    createdBy: field.text(),
    disabledAt: field.timeOrNull(),
    /** Set while the card-testing limit keeps the link from taking payments (it resumes by itself then). */
    pausedUntil: field.timeOrNull(),
  },
  filters: z.object({
    gatewayNo: zGatewayNoFilter,
    status: opt(zCode(LinkStatus)),
    payStatus: opt(zCode(LinkPayStatus)),
    linkType: opt(zCode(LinkType)),
    title: optText(100),
  }),
  days: null,
});
export const { query: ZLinkListQuery, page: ZLinkPage } = LINKS;
export type TLinkFilters = z.infer<typeof LINKS.filters>;
export type TLinkListQuery = z.infer<typeof ZLinkListQuery>;
export type TLink = z.infer<typeof LINKS.row>;

export const ZLinkPayment = z.object({
  tradeNo: z.string(),
  category: z.number().int(),
  payStatus: z.number().int(),
  currency: z.string(),
  amount: z.number().int(),
  email: z.string(),
  card: z.string(),
  riskRules: z.array(z.string()),
  createdAt: z.string(),
});
export type TLinkPayment = z.infer<typeof ZLinkPayment>;
export const ZLinkPayments = z.object({ list: z.array(ZLinkPayment) });

/* ---------- the hosted page ---------- */

/** Why a link takes no payment (shown by the hosted page). */
export const LINK_UNAVAILABLE = ['disabled', 'expired', 'paid', 'paused'] as const;
export type TLinkUnavailable = (typeof LINK_UNAVAILABLE)[number];

export const ZPayPage = z.object({
  operatingName: z.string(),
  title: z.string(),
  description: z.string(),
  customerMessage: z.string(),
  currency: z.string(),
  /** Digits after the decimal point in the currency. */
  decimals: z.number().int(),
  amountMode: z.number().int(),
  amount: z.number().int().nullable(),
  minAmount: z.number().int().nullable(),
  maxAmount: z.number().int().nullable(),
  collectBilling: z.boolean(),
  collectShipping: z.boolean(),
  methods: z.array(z.string()),
  prefill: ZAddress,
  /** null: the link takes payments. */
  unavailable: z.enum(LINK_UNAVAILABLE).nullable(),
});
export type TPayPage = z.infer<typeof ZPayPage>;

export const ZPayCard = z.object({
  /** Digits as typed (spaces allowed); only its first 6 and last 4 digits are ever kept. */
  number: z.string().trim().min(12).max(23),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/),
  holder: z.string().trim().min(1).max(100),
});

export const ZPaySubmit = z.object({
  /** Major units, only when the customer enters the amount. */
  amount: opt(amountText),
  email: z.string().trim().min(3).max(100).email(),
  card: ZPayCard,
  billing: ZAddress.optional(),
  shipping: ZAddress.optional(),
});
export type TPaySubmit = z.infer<typeof ZPaySubmit>;

export const PAY_RESULTS = ['approved', 'declined', 'threeDRefused', 'riskDeclined'] as const;
export type TPayResult = (typeof PAY_RESULTS)[number];

export const ZPayResult = z.object({
  result: z.enum(PAY_RESULTS),
  tradeNo: z.string(),
  currency: z.string(),
  amount: z.number().int(),
});
export type TPayResultData = z.infer<typeof ZPayResult>;
