import { z } from 'zod';
import { ZShopChecklist } from './kyc';
import { opt, optText } from './list';
import { defineList, field } from './list-fields';
import { isMajorAmountText } from './money';
import { zCode } from './trade-enums';

/** Website screen (/merwebsit/showWebsitLimit): paths under /v3api. */
export const WebsitePath = {
  /** GET: the merchant's websites. */
  list: '/merwebsit/list',
  /** POST (JSON): add one website (permission Website:Add). */
  add: '/merwebsit/add',
  /** POST (multipart: file, checklist): a text or CSV file of websites (permission Website:Upload). */
  upload: '/merwebsit/upload',
  /** POST: the list as CSV or XLSX. */
  export: '/merwebsit/export',
} as const;

/** Spec §4 website states. Reviewed is the "normal" state: only it may carry payments. */
export const WebsiteStatus = { pending: 1, auditFailed: 2, audited: 3, reviewFailed: 4, reviewed: 5, disabled: 6 } as const;
/** An independent shop, or a store on a platform (its platform store URL is then required). */
export const WebsiteType = { independent: 1, platformStore: 2 } as const;

/** Spec §8 upload batch outcomes. */
export const WEBSITE_UPLOAD_OUTCOMES = ['mailSent', 'noMail', 'mailFailed', 'dataError', 'duplicate'] as const;
export type TWebsiteUploadOutcome = (typeof WEBSITE_UPLOAD_OUTCOMES)[number];

export const WEBSITE_URL_MAX = 300;
/** Lines of one batch file; files at most 1 MB. */
export const WEBSITE_BATCH_MAX_LINES = 500;
export const WEBSITE_BATCH_MAX_BYTES = 1024 * 1024;

/**
 * The one URL rule (spec §5): http:// or https://, a host with a dot, no user or password, at most 300
 * characters. Normalised: scheme and host in lower case (IDN as punycode), no default port, no fragment,
 * no trailing slash on an empty path. Null when it is not a website address.
 */
export function normalizeWebsiteUrl(raw: string): { url: string; host: string } | null {
  const text = raw.trim();
  if (!/^https?:\/\//i.test(text) || text.length > WEBSITE_URL_MAX || /\s/.test(text)) return null;
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return null;
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password) return null;
  const host = u.hostname.toLowerCase();
  if (!/^[a-z0-9.-]+$/.test(host) || !host.includes('.') || host.startsWith('.') || host.endsWith('.') || host.includes('..')) return null;
  u.hash = '';
  let url = u.toString();
  if (u.pathname === '/' && !u.search) url = url.replace(/\/$/, '');
  return url.length > WEBSITE_URL_MAX ? null : { url, host };
}

const zUrl = z
  .string()
  .trim()
  .min(1)
  .max(WEBSITE_URL_MAX)
  .refine((s) => normalizeWebsiteUrl(s) !== null, 'website.badUrl');

export const zAmountText = z
  .string()
  .trim()
  .max(20)
  .refine((s) => isMajorAmountText(s), 'website.badAmount');

export const ZWebsiteAdd = z
  .object({
    url: zUrl,
    type: zCode(WebsiteType),
    averageAmount: zAmountText,
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/),
    platformStoreUrl: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), zUrl.optional()),
    checklist: ZShopChecklist,
  })
  .superRefine((v, ctx) => {
    if (v.type === WebsiteType.platformStore && !v.platformStoreUrl)
      ctx.addIssue({ code: 'custom', message: 'website.storeUrlRequired', path: ['platformStoreUrl'] });
  });
export type TWebsiteAdd = z.infer<typeof ZWebsiteAdd>;

/** The website list, declared once (list-fields.ts), newest first. */
export const WEBSITES = defineList({
  fields: {
    id: field.count(),
    url: field.link('websites.url'),
    type: field.code('websites.type', 'websites.types'),
    /** Minor units of `currency`; null when not given (a plain-text batch line). */
    averageAmount: field.moneyOrNull('websites.averageAmount'),
    currency: field.text('websites.currency'),
    status: field.code('websites.status', 'websites.statuses'),
    platformStoreUrl: field.text('websites.platformStoreUrl'),
    failReason: field.text('websites.failReason'),
    createdAt: field.time('websites.createdAt'),
    updatedAt: field.time(),
  },
  filters: z.object({ url: optText(WEBSITE_URL_MAX), status: opt(zCode(WebsiteStatus)), type: opt(zCode(WebsiteType)) }),
  days: null,
});
export const { query: ZWebsiteListQuery, exportBody: ZWebsiteExportBody, row: ZWebsite, page: ZWebsitePage } = WEBSITES;
export type TWebsiteListQuery = z.infer<typeof ZWebsiteListQuery>;
export type TWebsite = z.infer<typeof ZWebsite>;

/** Why one line of a batch was not taken. */
export const WEBSITE_LINE_ERRORS = [
  'emptyColumn',
  'badUrl',
  'badType',
  'badAmount',
  'badCurrency',
  'storeUrlRequired',
  'tooManyColumns',
] as const;
export type TWebsiteLineError = (typeof WEBSITE_LINE_ERRORS)[number];

export const ZWebsiteLineResult = z.object({
  line: z.number().int(),
  /** The line's URL as normalised (or as written when it is not a URL). */
  url: z.string(),
  result: z.enum(['accepted', 'error', 'duplicate']),
  error: z.enum(WEBSITE_LINE_ERRORS).nullable(),
  /** The error in the request's language. */
  message: z.string(),
});
export type TWebsiteLineResult = z.infer<typeof ZWebsiteLineResult>;

export const ZWebsiteUploadResult = z.object({
  outcome: z.enum(WEBSITE_UPLOAD_OUTCOMES),
  /** The outcome in the request's language. */
  message: z.string(),
  accepted: z.number().int(),
  errors: z.number().int(),
  duplicates: z.number().int(),
  lines: z.array(ZWebsiteLineResult),
});
export type TWebsiteUploadResult = z.infer<typeof ZWebsiteUploadResult>;

/** The checklist as the multipart field carries it: JSON of the five confirmations. */
export const ZWebsiteUploadFields = z.object({ checklist: z.string().max(1000) });
