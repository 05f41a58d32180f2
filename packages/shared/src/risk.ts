import { z } from 'zod';
import { checkDateRange, ZDateRange } from './date-range';
import { opt, optText, zGatewayNoFilter } from './list';
import { defineList, field } from './list-fields';

/*
 * Risk menu: the merchant's blacklist and the rule it adds to risk control.
 */

/** Rule code a payment declined by a blacklist entry fails (labelled like the other rule codes). */
export const BLACKLIST_RULE = 'R006';

/** What a blacklist entry matches. */
export const BLACKLIST_TYPES = ['cardBin', 'card', 'email', 'emailDomain', 'ip', 'country'] as const;
export type TBlacklistType = (typeof BLACKLIST_TYPES)[number];

export const BLACKLIST_REASON_MAX = 200;
/** Rows of one CSV upload. */
export const BLACKLIST_UPLOAD_MAX_ROWS = 1_000;

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN_RE = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const IPV4_RE = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6_RE = /^[0-9a-f:]{2,39}$/;

/**
 * The stored form of an entry's value, or null when the value is not one of its type. A card is
 * first 6 and last 4 digits only: a longer run of digits (a full number) is refused, never trimmed.
 */
export function normalizeBlacklistValue(type: TBlacklistType, raw: string): string | null {
  const v = raw.trim();
  switch (type) {
    case 'cardBin':
      return /^\d{6}$/.test(v) ? v : null;
    case 'card': {
      const m = /^(\d{6})(?:[-*\s]+|\*{2,9})?(\d{4})$/.exec(v);
      if (!m || v.replace(/\D/g, '').length !== 10) return null;
      return `${m[1]}-${m[2]}`;
    }
    case 'email': {
      const e = v.toLowerCase();
      return e.length <= 100 && EMAIL_RE.test(e) ? e : null;
    }
    case 'emailDomain': {
      const d = v.toLowerCase().replace(/^@/, '');
      return DOMAIN_RE.test(d) ? d : null;
    }
    case 'ip': {
      const ip = v.toLowerCase();
      return IPV4_RE.test(ip) || (ip.includes(':') && IPV6_RE.test(ip)) ? ip : null;
    }
    case 'country':
      return /^[A-Za-z]{2}$/.test(v) ? v.toUpperCase() : null;
  }
}

export const RiskPath = {
  /** GET: blacklist entries (menu permission). */
  blacklist: '/blacklist/list',
  /** POST: add one entry (Blacklist:Edit). */
  blacklistAdd: '/blacklist/add',
  /** POST: remove one entry (Blacklist:Edit). */
  blacklistRemove: '/blacklist/remove',
  /** POST: the text of a CSV file of entries (type,value,reason), with a result per row (Blacklist:Edit). */
  blacklistImport: '/blacklist/import',
} as const;

/** The merchant's blacklist, declared once (list-fields.ts), newest first. */
export const BLACKLIST = defineList({
  fields: {
    id: field.count(),
    type: field.textCode('risk.blacklist.type', 'risk.blacklist.typeCode', z.enum(BLACKLIST_TYPES)),
    value: field.text('risk.blacklist.value'),
    reason: field.text('risk.blacklist.reason'),
    addedBy: field.text('risk.blacklist.addedBy'),
    createdAt: field.time('risk.blacklist.addedAt'),
  },
  filters: z.object({ type: opt(z.enum(BLACKLIST_TYPES)), value: optText(100) }),
  days: null,
});
export const { filters: ZBlacklistFilters, query: ZBlacklistListQuery, row: ZBlacklistEntry, page: ZBlacklistPage } = BLACKLIST;
export type TBlacklistFilters = z.infer<typeof ZBlacklistFilters>;
export type TBlacklistListQuery = z.infer<typeof ZBlacklistListQuery>;
export type TBlacklistEntry = z.infer<typeof ZBlacklistEntry>;

export const ZBlacklistAdd = z.object({
  type: z.enum(BLACKLIST_TYPES),
  value: z.string().trim().min(1).max(100),
  reason: z.string().trim().min(1).max(BLACKLIST_REASON_MAX),
});
export type TBlacklistAdd = z.infer<typeof ZBlacklistAdd>;
/** `created` false: the same entry was already there (adding it again changes nothing). */
export const ZBlacklistAdded = z.object({ id: z.number().int(), created: z.boolean() });

export const ZBlacklistRemove = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** The CSV file's text as the browser read it (at most 1,000 rows of type,value,reason). */
export const ZBlacklistImport = z.object({ csv: z.string().min(1).max(200_000) });

export const BLACKLIST_ROW_RESULTS = ['added', 'duplicate', 'invalid'] as const;
export const ZBlacklistUploadResult = z.object({
  added: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
  rows: z.array(
    z.object({
      line: z.number().int(),
      type: z.string(),
      value: z.string(),
      result: z.enum(BLACKLIST_ROW_RESULTS),
      /** Why a row was refused (a server message, translated). */
      error: z.string(),
    }),
  ),
});
export type TBlacklistUploadResult = z.infer<typeof ZBlacklistUploadResult>;

/* ---------- risk control ---------- */

/**
 * The rules risk control applies to every payment of a merchant, by the code the risk-declined list
 * shows. R001 to R005 are the acquirer's scoring rules; R006 is the merchant's own blacklist.
 */
export const RISK_RULES = ['R001', 'R002', 'R003', 'R004', 'R005', BLACKLIST_RULE] as const;
export type TRiskRule = (typeof RISK_RULES)[number];

export const RiskControlPath = {
  /** GET: how often each rule declined a payment in the range, and the blacklist's effect. */
  summary: '/riskControl/summary',
} as const;

export const ZRiskControlQuery = ZDateRange.extend({ gatewayNo: zGatewayNoFilter }).superRefine(checkDateRange);
export type TRiskControlQuery = z.infer<typeof ZRiskControlQuery>;

export const ZRiskControlSummary = z.object({
  /** Risk-declined payments in the range (one payment may fail several rules). */
  declined: z.number().int(),
  rules: z.array(z.object({ code: z.string(), declines: z.number().int() })),
  blacklist: z.object({
    /** Active entries by type. */
    entries: z.array(z.object({ type: z.enum(BLACKLIST_TYPES), count: z.number().int() })),
    /** Payments the blacklist declined in the range. */
    declines: z.number().int(),
  }),
});
export type TRiskControlSummary = z.infer<typeof ZRiskControlSummary>;
