import { z } from 'zod';
import { COMPLAINTS } from './complaints';
import { DISPUTES } from './disputes';
import { BATCHES, WITHDRAWALS } from './funds';
import { LINKS } from './links';
import { REFUNDS } from './refunds';
import { BLACKLIST } from './risk';
import { TRANSACTIONS } from './transactions';
import { WAYBILLS } from './waybills';
import { WEBSITES } from './websites';

/** The one search box (issue 48 §1): paths under /v3api. */
export const SearchPath = {
  /** GET ?q=: what the text names, in every place the caller may open, grouped by kind. */
  search: '/search',
} as const;

/** What a search finds, one group each, in the order the box shows them. */
export const SEARCH_KINDS = [
  'transaction',
  'refund',
  'dispute',
  'complaint',
  'withdrawal',
  'batch',
  'waybill',
  'link',
  'website',
  'blacklist',
] as const;
export type TSearchKind = (typeof SEARCH_KINDS)[number];

/** Which of a record's values the text matched: a payment's, then the other kinds' own numbers and values. */
const PAYMENT_FIELDS = ['tradeNo', 'merchantOrderNo', 'card', 'email'] as const;
const RECORD_FIELDS = [
  'refundNo',
  'caseNo',
  'complaintNo',
  'withdrawalNo',
  'batchNo',
  'trackingNo',
  'linkKey',
  'url',
  'blacklistValue',
] as const;
export const SEARCH_FIELDS = [...PAYMENT_FIELDS, ...RECORD_FIELDS] as const;
export type TSearchField = (typeof SEARCH_FIELDS)[number];

/**
 * The catalog prefix of each kind's status labels on screen (`${prefix}.${status}`), taken from the
 * list declarations so the box names a status as the kind's own screen does.
 */
export const SEARCH_STATUS_CODES: Record<TSearchKind, string | undefined> = {
  transaction: TRANSACTIONS.fields.payStatus.codes,
  refund: REFUNDS.fields.status.codes,
  dispute: DISPUTES.fields.kind.codes,
  complaint: COMPLAINTS.fields.status.codes,
  withdrawal: WITHDRAWALS.fields.status.codes,
  batch: BATCHES.fields.creditStatus.codes,
  waybill: WAYBILLS.fields.status.codes,
  link: LINKS.fields.status.codes,
  website: WEBSITES.fields.status.codes,
  blacklist: BLACKLIST.fields.type.codes,
};

/** Longest text the box sends: an e-mail or a website address with room to spare. */
export const SEARCH_TEXT_MAX = 300;
/** Hits shown per kind; the group says when there are more (the kind's own screen lists them all). */
export const SEARCH_HITS_PER_KIND = 5;

export const ZSearchQuery = z.object({ q: z.string().trim().min(1).max(SEARCH_TEXT_MAX) });
export type TSearchQuery = z.infer<typeof ZSearchQuery>;

export const ZSearchHit = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** The record's own number (trade no, refund no, link key, website address...): what its screen opens it by. */
  id: z.string(),
  matched: z.enum(SEARCH_FIELDS),
  /** The kind's status code (a number, or a text code such as a blacklist type); null when the kind has none. */
  status: z.union([z.number(), z.string()]).nullable(),
  /** Minor units of `currency`; null when the kind carries no amount. */
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** When it happened (ISO 8601, UTC): the web shows it in the user's timezone. */
  at: z.string().nullable(),
  /** A second line that helps to choose (merchant order no, masked card, e-mail, gateway...). */
  detail: z.string(),
  /** The screen that shows it (its menu URL, which is also its address in the web app). */
  screen: z.string(),
  /** The payment it belongs to, when it is not one itself (a refund's, a complaint's, a waybill's). */
  tradeNo: z.string().nullable(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const ZSearchGroup = z.object({
  kind: z.enum(SEARCH_KINDS),
  hits: z.array(ZSearchHit),
  /** More than the hits shown matched. */
  more: z.boolean(),
});
export type TSearchGroup = z.infer<typeof ZSearchGroup>;

export const ZSearchAnswer = z.object({
  q: z.string(),
  /** The shapes the text was read as (e.g. `code`, `card`, `email`, `url`, `digits`, `arn`). */
  shapes: z.array(z.string()),
  groups: z.array(ZSearchGroup),
});
export type TSearchAnswer = z.infer<typeof ZSearchAnswer>;
