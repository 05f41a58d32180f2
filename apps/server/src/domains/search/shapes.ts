import { BLACKLIST_TYPES, normalizeBlacklistValue } from '@mbo/shared/risk';
import { normalizeWebsiteUrl } from '@mbo/shared/websites';

/**
 * What a typed text can be, read from its shape alone (README.md, "Shapes"). A text may have several
 * shapes at once ("411111" is a card's first six and the beginning of an order number): each shape
 * searches the places that hold it, and the answer is grouped by kind anyway.
 */
export type Shapes = {
  /** A number of ours or the merchant's (trade, order, refund, case, batch, tracking...), as typed. */
  code: string | null;
  /** Numbers are matched by their beginning only from this many characters; shorter ones exactly. */
  codePrefix: boolean;
  /** Card digits: first six, last four, or both. */
  card: { first6?: string; last4?: string } | null;
  /** An e-mail address or its beginning, in lower case. */
  email: string | null;
  /** A website: the normalised address when the text is one, else the host (or its beginning). */
  website: { url: string | null; host: string | null } | null;
  /** Stored blacklist values the text is (a card "411111****1234" is stored "411111-1234"). */
  blacklist: string[];
  /** 23 digits: an acquirer reference number (no table holds one yet, see the README). */
  arn: boolean;
};

/** Codes shorter than this are matched exactly: a beginning of one or two characters names nothing. */
export const CODE_PREFIX_MIN = 3;
const CODE_MAX = 64;
const MASK = '[*xX•·.\\s-]';
const CARD_BOTH = new RegExp(`^(\\d{6})${MASK}*(\\d{4})$`);
const CARD_FIRST = new RegExp(`^(\\d{6})${MASK}+$`);
const CARD_LAST = new RegExp(`^${MASK}+(\\d{4})$`);
const HOST = /^([a-z0-9-]+\.)+[a-z]{2,63}$/;

function cardOf(text: string): Shapes['card'] {
  const digits = text.replace(/[\s-]/g, '');
  // A whole card number pasted: we keep only its first six and last four.
  if (/^\d{13,19}$/.test(digits)) return { first6: digits.slice(0, 6), last4: digits.slice(-4) };
  if (/^\d{6}$/.test(text)) return { first6: text };
  if (/^\d{4}$/.test(text)) return { last4: text };
  const both = CARD_BOTH.exec(text);
  if (both && text.length > 10) return { first6: both[1], last4: both[2] };
  if (/^\d{10}$/.test(text)) return { first6: text.slice(0, 6), last4: text.slice(6) };
  const first = CARD_FIRST.exec(text);
  if (first) return { first6: first[1] };
  const last = CARD_LAST.exec(text);
  if (last) return { last4: last[1] };
  return null;
}

function websiteOf(text: string): Shapes['website'] {
  if (/^https?:\/\//i.test(text)) {
    const n = normalizeWebsiteUrl(text);
    if (n) return { url: n.url, host: n.host };
    return null;
  }
  const lower = text.toLowerCase().replace(/\/$/, '');
  if (!text.includes('@') && HOST.test(lower)) return { url: null, host: lower.replace(/^www\./, '') };
  return null;
}

export function readShapes(raw: string): Shapes {
  const text = raw.trim();
  const blacklist = new Set<string>();
  for (const type of BLACKLIST_TYPES) {
    const v = normalizeBlacklistValue(type, text);
    if (v !== null) blacklist.add(v);
  }
  const card = cardOf(text);
  const isCode = text.length <= CODE_MAX && !/\s/.test(text) && !text.includes('@') && !/^https?:\/\//i.test(text) && !/[*•]/.test(text);
  return {
    code: isCode ? text : null,
    codePrefix: text.length >= CODE_PREFIX_MIN,
    card,
    email: text.includes('@') && !/\s/.test(text) && text.length <= 254 ? text.toLowerCase() : null,
    website: websiteOf(text),
    blacklist: [...blacklist],
    arn: /^\d{23}$/.test(text),
  };
}

/** The names of the shapes found, for the answer (and the web's hint of what was understood). */
export function shapeNames(s: Shapes): string[] {
  const out: string[] = [];
  if (s.arn) out.push('arn');
  if (s.card) out.push('card');
  if (s.email) out.push('email');
  if (s.website) out.push('url');
  if (s.code) out.push('code');
  if (s.blacklist.length > 0) out.push('blacklist');
  return out;
}
