import {
  EVIDENCE_SECTION_MAX,
  EVIDENCE_SECTIONS,
  type TCe3Result,
  type TEvidenceSection,
  type TEvidenceSections,
  type TPrefill,
} from '@mbo/shared/dispute-evidence';
import { toMajorString } from '@mbo/shared/money';

/*
 * The words of an evidence package. The issuer reads the package in English, the language the card
 * schemes exchange evidence in, whatever language the merchant works in; the merchant's screen
 * explains the reason code in their own language (web locales, `reasonGuide.*`). Pure functions: the
 * service hands in the facts.
 */

export const SECTION_TITLES: Record<TEvidenceSection, string> = {
  transaction: 'Transaction',
  customer: 'Customer identity',
  delivery: 'Delivery',
  product: 'Product or service',
  refunds: 'Refunds and credits',
  history: 'Customer history',
};

const day = (iso: string) => iso.slice(0, 10);
const money = (amount: number, currency: string) => `${toMajorString(amount, currency)} ${currency}`;
const clip = (text: string) => (text.length > EVIDENCE_SECTION_MAX ? `${text.slice(0, EVIDENCE_SECTION_MAX - 1)}…` : text);
const lines = (...parts: (string | null | false)[]) => clip(parts.filter((p): p is string => typeof p === 'string' && p !== '').join('\n'));

/** Each section worded from what the product holds: what a new draft starts from. */
export function suggestSections(p: TPrefill, ce3: TCe3Result | null): TEvidenceSections {
  const t = p.transaction;
  const c = p.customer;
  const w = p.waybill;
  const priorOk = p.otherTransactions.filter((o) => !o.disputed && o.payStatus === 1);
  return {
    transaction: lines(
      `Order ${t.merchantOrderNo || '-'} (transaction ${t.tradeNo}) of ${money(t.amount, t.currency)} on ${day(t.createdAt)}, card ${t.cardScheme} ${t.card}.`,
      t.tradeUrl && `Purchased on ${t.tradeUrl}.`,
    ),
    customer: lines(
      c.name && `Customer: ${c.name}.`,
      c.email && `Email: ${c.email}.`,
      c.ip && `IP address at purchase: ${c.ip}.`,
      c.userId && `Customer account (user ID): ${c.userId}.`,
      c.deviceId && `Device ID: ${c.deviceId}.`,
      c.billingAddress && `Billing address: ${c.billingAddress}.`,
    ),
    delivery: w
      ? lines(
          `Shipped by ${w.carrier || 'carrier'} with tracking number ${w.trackingNo || '-'} to ${c.shippingName || 'the customer'}, ${c.shippingAddress || '-'}.`,
          ...w.events.map((e) => `${day(e.at)}: tracking ${e.event === 'uploaded' ? 'recorded' : 'checked'}.`),
        )
      : lines(c.shippingAddress && `Shipping address: ${c.shippingName ? `${c.shippingName}, ` : ''}${c.shippingAddress}.`),
    product: lines(...p.products.map((x) => `${x.quantity} x ${x.name} (${x.goodsNo}) at ${money(x.price, x.currency)}.`)),
    refunds:
      p.refunds.length === 0
        ? 'No refund was requested for this order or the customer\u2019s earlier orders before the dispute.'
        : lines(
            ...p.refunds.map(
              (r) => `Refund ${r.refundNo} of ${money(r.amount, r.currency)} on transaction ${r.tradeNo}, applied ${day(r.appliedAt)}.`,
            ),
          ),
    history: lines(
      ce3?.eligible === true &&
        `Visa Compelling Evidence 3.0: ${ce3.qualifying.length} earlier undisputed transactions on the same card, 120 to 365 days before the dispute, share the customer's identifying details (listed below).`,
      priorOk.length > 0 && `The customer completed ${priorOk.length} other undisputed payment(s) with us:`,
      ...priorOk.slice(0, 10).map((o) => `- ${o.tradeNo} on ${day(o.createdAt)}, ${money(o.amount, o.currency)}`),
    ),
  };
}

/** A saved draft's sections: the stored JSON, each section present (an older or partial save reads as empty). */
export function readSections(json: string): TEvidenceSections {
  let parsed: unknown = {};
  try {
    parsed = JSON.parse(json);
  } catch {
    parsed = {};
  }
  const obj = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  return Object.fromEntries(EVIDENCE_SECTIONS.map((k) => [k, typeof obj[k] === 'string' ? obj[k] : ''])) as TEvidenceSections;
}

/** The sections the issuer reads: the non-empty ones, in the package's order, with their titles. */
export function packageSections(sections: TEvidenceSections) {
  return EVIDENCE_SECTIONS.filter((k) => sections[k].trim() !== '').map((k) => ({
    key: k,
    title: SECTION_TITLES[k],
    text: sections[k].trim(),
  }));
}
