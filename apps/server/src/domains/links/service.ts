import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import { ErrorCode } from '@mbo/shared/envelope';
import {
  HOSTED_PAY_PREFIX,
  LINK_KEY_BYTES,
  LINK_MAX_ACTIVE_DAYS,
  LinkAmountMode,
  LinkPayStatus,
  LinkStatus,
  LinkType,
  ZAddress,
  type TAddress,
  type TLinkCreate,
  type TLinkMethod,
  type TLinkOptions,
  type TLinkUnavailable,
  type TPayPage,
  type TPayResultData,
  type TPaySubmit,
} from '@mbo/shared/links';
import { TEST_CARDS, passesLuhn } from '@mbo/shared/link-cards';
import { minorUnitsOf, parseMajorAmount, toMajorString } from '@mbo/shared/money';
import { PayStatus, TradeCategory, TradeType, type TCardScheme } from '@mbo/shared/trade-enums';
import { GatewayStatus } from '@mbo/shared/gateways';
import type { Db } from '../../db/database';
import type { TransactionsTable } from '../../db/types';
import { AppError, businessError } from '../../platform/errors';
import { plainTx, type TxRunner } from '../../platform/idempotency';
import type { Scope } from '../../platform/scope';
import { DAY_MS, dateInZone, parseDate, startOfDayInZone } from '../../platform/time';
import { recordTransactionIn, withNewTradeNo } from '../transactions/repository';
import { screenPayment } from '../risk/service';
import * as repo from './repository';
import { findUsableWebsiteHosts } from '../websites/repository';
import { emitWebhookEvent } from '../webhooks/outbox';
import { guardTry, type CardTestingDeps } from './card-testing';

/*
 * Payment links (spec §3) and payments through them. A payment becomes a gateway record through the
 * same path as `ops payment:record` (transactions/recordTransactionIn, with risk control's blacklist
 * screen first); a successful one consumes the link in the same database transaction.
 */

const CARD_SERVICES = ['visa', 'mastercard', 'jcb', 'amex', 'unionpay'];

/** The link payment methods a gateway offers, from its services (card schemes, wechatpay, alipay). */
export function linkMethodsOf(services: string): TLinkMethod[] {
  const s = services
    .split(',')
    .map((x) => x.trim().toLowerCase())
    .filter(Boolean);
  const methods: TLinkMethod[] = [];
  if (s.some((x) => CARD_SERVICES.includes(x))) methods.push('card');
  if (s.includes('wechatpay')) methods.push('wechatpay');
  if (s.includes('alipay')) methods.push('alipay');
  return methods;
}

/** Hosts a link may be served on: the merchant's reviewed websites that are not disabled (the websites domain). */
export function findUsableCustomDomains(db: Db, merchantId: number): Promise<string[]> {
  return findUsableWebsiteHosts(db, merchantId);
}

export async function getLinkOptions(db: Db, scope: Scope): Promise<TLinkOptions> {
  const gateways = (await repo.findEnabledGateways(db, scope))
    .map((g) => ({ gatewayNo: g.gateway_no, name: g.name, currency: g.currency, methods: linkMethodsOf(g.services) }))
    .filter((g) => g.methods.length > 0);
  return { gateways, customDomains: await findUsableCustomDomains(db, scope.merchantId) };
}

/** The hosted page's address of a link (on its custom domain when it has one). */
export function linkUrl(appUrl: string, customDomain: string, key: string): string {
  return `${customDomain ? `https://${customDomain}` : appUrl}${HOSTED_PAY_PREFIX}${key}`;
}

function amountOf(text: string | undefined, currency: string, what: 'link.whatAmount' | 'link.whatMin' | 'link.whatMax'): number | null {
  if (text === undefined) return null;
  const v = parseMajorAmount(text, currency);
  if (v === null) throw new AppError('link.amountInvalid', ErrorCode.validation, 200, { decimals: minorUnitsOf(currency) }, { what });
  return v;
}

export async function createLink(
  db: Db,
  scope: Scope,
  body: TLinkCreate,
  o: { createdBy: string; now: number; timezone: string; appUrl: string },
): Promise<{ linkKey: string; url: string }> {
  const options = await getLinkOptions(db, scope);
  if (options.gateways.length === 0) throw businessError('link.noGateway');
  const gateway = (await repo.findEnabledGateways(db, scope)).find((g) => g.gateway_no === body.gatewayNo);
  const offered = gateway ? linkMethodsOf(gateway.services) : [];
  if (!gateway || offered.length === 0) throw new AppError('link.gatewayNotFound', ErrorCode.validation);
  if (body.methods.some((m) => !offered.includes(m))) throw new AppError('link.methodNotOffered', ErrorCode.validation);
  if (body.currency !== gateway.currency)
    throw new AppError('link.currencyMismatch', ErrorCode.validation, 200, { currency: gateway.currency });

  const fixed = body.amountMode === LinkAmountMode.fixed;
  const amount = fixed ? amountOf(body.amount, body.currency, 'link.whatAmount') : null;
  if (fixed && amount === null) throw new AppError('link.amountRequired', ErrorCode.validation);
  const min = fixed ? null : amountOf(body.minAmount, body.currency, 'link.whatMin');
  const max = fixed ? null : amountOf(body.maxAmount, body.currency, 'link.whatMax');
  if (min !== null && max !== null && min > max) throw new AppError('link.boundsReversed', ErrorCode.validation);

  const today = dateInZone(o.now, o.timezone);
  if (body.activeUntil < today) throw new AppError('link.activeUntilPast', ErrorCode.validation);
  const last = dateInZone(o.now + LINK_MAX_ACTIVE_DAYS * DAY_MS, o.timezone);
  if (body.activeUntil > last) throw new AppError('link.activeUntilTooFar', ErrorCode.validation, 200, { days: LINK_MAX_ACTIVE_DAYS });
  const d = parseDate(body.activeUntil);
  if (!d) throw new AppError('link.activeUntilPast', ErrorCode.validation);
  // The end of the chosen day in the creator's timezone: the start of the next calendar day there.
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  const expiresAt = startOfDayInZone(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), o.timezone);

  const customDomain = (body.customDomain ?? '').toLowerCase();
  if (customDomain !== '' && !options.customDomains.includes(customDomain))
    throw new AppError('link.customDomainInvalid', ErrorCode.validation);

  const linkKey = randomBytes(LINK_KEY_BYTES).toString('base64url');
  await repo.insertLink(db, {
    merchant_id: scope.merchantId,
    gateway_id: gateway.id,
    link_key: linkKey,
    title: body.title,
    description: body.description ?? '',
    link_type: body.linkType,
    active_until_date: body.activeUntil,
    expires_at: expiresAt,
    reference: body.reference ?? '',
    currency: body.currency,
    amount_mode: body.amountMode,
    amount,
    min_amount: min,
    max_amount: max,
    customer_message: body.customerMessage ?? '',
    collect_billing: body.collectBilling ? 1 : 0,
    collect_shipping: body.collectShipping ? 1 : 0,
    methods: [...new Set(body.methods)].join(','),
    custom_domain: customDomain,
    operating_name: body.operatingName,
    prefill: JSON.stringify(body.prefill ?? {}),
    status: LinkStatus.active,
    pay_status: LinkPayStatus.unpaid,
    created_by: o.createdBy,
    created_at: o.now,
    disabled_at: null,
    paid_at: null,
  });
  return { linkKey, url: linkUrl(o.appUrl, customDomain, linkKey) };
}

export async function disableLink(db: Db, scope: Scope, key: string, now: number): Promise<void> {
  const link = await repo.findLink(db, scope, key);
  if (!link) throw new AppError('link.notFound', ErrorCode.notFound);
  if (!(await repo.disableLink(db, Number(link.id), now))) throw businessError('link.alreadyDisabled');
}

export function parsePrefill(json: string): TAddress {
  try {
    const parsed = ZAddress.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

type LinkState = {
  status: number;
  expires_at: number;
  link_type: number;
  pay_status: number;
  gateway_status?: number;
  paused_until?: number | null;
};

/**
 * Why a link takes no payment now, or null. A paid one-time link says "paid" even once expired; a link
 * whose gateway the acquirer has disabled takes no payment either (it reads as disabled); a link the
 * card-testing limit paused takes none until the pause ends.
 */
export function unavailableOf(l: LinkState, now: number): TLinkUnavailable | null {
  if (l.link_type === LinkType.oneTime && l.pay_status === LinkPayStatus.paid) return 'paid';
  if (l.status !== LinkStatus.active) return 'disabled';
  if (l.gateway_status !== undefined && l.gateway_status !== GatewayStatus.enabled) return 'disabled';
  if (now >= Number(l.expires_at)) return 'expired';
  if (l.paused_until != null && now < Number(l.paused_until)) return 'paused';
  return null;
}

const UNAVAILABLE_ERRORS = { paid: 'pay.alreadyPaid', disabled: 'pay.disabled', expired: 'pay.expired', paused: 'pay.paused' } as const;

async function requireLink(db: Db, key: string) {
  const link = await repo.findLinkByKey(db, key);
  if (!link) throw new AppError('link.notFound', ErrorCode.notFound);
  return link;
}

export async function getPayPage(db: Db, key: string, now: number): Promise<TPayPage> {
  const l = await requireLink(db, key);
  return {
    operatingName: l.operating_name,
    title: l.title,
    description: l.description,
    customerMessage: l.customer_message,
    currency: l.currency,
    decimals: minorUnitsOf(l.currency),
    amountMode: l.amount_mode,
    amount: l.amount === null ? null : Number(l.amount),
    minAmount: l.min_amount === null ? null : Number(l.min_amount),
    maxAmount: l.max_amount === null ? null : Number(l.max_amount),
    collectBilling: l.collect_billing === 1,
    collectShipping: l.collect_shipping === 1,
    methods: l.methods.split(',').filter(Boolean),
    prefill: parsePrefill(l.prefill),
    unavailable: unavailableOf(l, now),
  };
}

/** The card scheme of a number by its leading digits. */
export function schemeOf(digits: string): TCardScheme {
  if (/^3[47]/.test(digits)) return 'AMEX';
  if (/^35/.test(digits)) return 'JCB';
  if (/^62/.test(digits)) return 'UNIONPAY';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MASTERCARD';
  return 'VISA';
}

/** What the test gateway answers a card (README): one approved card, one needing 3-D Secure (refused), the rest declined. */
function outcomeOf(digits: string): { payStatus: number; message: string; result: 'approved' | 'declined' | 'threeDRefused' } {
  if (digits === TEST_CARDS.approved) return { payStatus: PayStatus.success, message: '00 Approved', result: 'approved' };
  if (digits === TEST_CARDS.threeDSecure)
    return { payStatus: PayStatus.threeDRefused, message: '3DS authentication failed', result: 'threeDRefused' };
  return { payStatus: PayStatus.failed, message: '05 Do not honour', result: 'declined' };
}

function payAmount(
  l: { amount_mode: number; amount: number | null; min_amount: number | null; max_amount: number | null; currency: string },
  text?: string,
) {
  if (l.amount_mode === LinkAmountMode.fixed) return Number(l.amount);
  if (text === undefined) throw new AppError('pay.amountRequired', ErrorCode.validation);
  const v = parseMajorAmount(text, l.currency);
  if (v === null)
    throw new AppError(
      'link.amountInvalid',
      ErrorCode.validation,
      200,
      { decimals: minorUnitsOf(l.currency) },
      { what: 'link.whatAmount' },
    );
  const fmt = (m: number) => `${toMajorString(m, l.currency)} ${l.currency}`;
  const min = l.min_amount === null ? null : Number(l.min_amount);
  const max = l.max_amount === null ? null : Number(l.max_amount);
  if ((min !== null && v < min) || (max !== null && v > max)) {
    if (min !== null && max !== null)
      throw new AppError('pay.amountOutOfBounds', ErrorCode.validation, 200, { min: fmt(min), max: fmt(max) });
    if (min !== null) throw new AppError('pay.amountTooSmall', ErrorCode.validation, 200, { min: fmt(min) });
    throw new AppError('pay.amountTooLarge', ErrorCode.validation, 200, { max: fmt(max ?? 0) });
  }
  return v;
}

function requireAddress(a: TAddress | undefined, what: 'pay.whatBilling' | 'pay.whatShipping'): TAddress {
  if (!a?.country || !a.address) throw new AppError('pay.addressRequired', ErrorCode.validation, 200, {}, { what });
  return a;
}

/** What makes two submissions the same for the idempotency key: never the card's full number or its code. */
export function payFingerprint(key: string, body: TPaySubmit): unknown {
  const digits = body.card.number.replace(/[\s-]/g, '');
  return {
    ...body,
    linkKey: key,
    card: { number: `${digits.slice(0, 6)}-${digits.slice(-4)}`, expiry: body.card.expiry, holder: body.card.holder },
  };
}

/** Checks a submission before any write (the idempotency claim needs the link's merchant first). */
export async function linkForPayment(db: Db, key: string) {
  return requireLink(db, key);
}

/**
 * A customer's payment through a link. Refusals that depend on nothing but the request and the link
 * (unavailable link, amount outside its bounds, a malformed card) write nothing. Otherwise the gateway
 * record is written in one transaction; an approved payment first consumes the link there, so a
 * one-time link is paid exactly once however many customers pay at the same moment.
 */
export async function payThroughLink(
  db: Db,
  link: Awaited<ReturnType<typeof requireLink>>,
  body: TPaySubmit,
  o: { now: number; ip: string; appUrl: string; cardTesting: CardTestingDeps },
  tx: TxRunner = plainTx(db),
): Promise<TPayResultData> {
  const unavailable = unavailableOf(link, o.now);
  if (unavailable) throw businessError(UNAVAILABLE_ERRORS[unavailable]);
  const amount = payAmount(link, body.amount);
  const digits = body.card.number.replace(/[\s-]/g, '');
  if (!passesLuhn(digits)) throw new AppError('pay.cardInvalid', ErrorCode.validation);
  const [mm, yy] = body.card.expiry.split('/').map(Number);
  const nowDate = new Date(o.now);
  if (
    2000 + (yy ?? 0) < nowDate.getUTCFullYear() ||
    (2000 + (yy ?? 0) === nowDate.getUTCFullYear() && (mm ?? 0) < nowDate.getUTCMonth() + 1)
  ) {
    throw new AppError('pay.cardExpired', ErrorCode.validation);
  }
  const billing = link.collect_billing === 1 ? requireAddress(body.billing, 'pay.whatBilling') : {};
  const shipping = link.collect_shipping === 1 ? requireAddress(body.shipping, 'pay.whatShipping') : {};
  // Card testing: the declines per hour from one address on one link, of the merchant's links and of
  // the card (card-testing.ts).
  const counted = { merchantId: Number(link.merchant_id), linkId: Number(link.id), ip: o.ip, digits, now: o.now };
  return guardTry<TPayResultData>(o.cardTesting, counted, async () => {
    const outcome = outcomeOf(digits);
    const gatewayNo = link.gateway_no;
    // The trade number is drawn when the record is written (withNewTradeNo); screening does not read it.
    const screened = await screenPayment(db, {
      merchant_id: Number(link.merchant_id),
      gateway_id: Number(link.gateway_id),
      category: TradeCategory.formal,
      trade_no: '',
      merchant_order_no: link.reference || `PL${randomBytes(5).toString('hex').toUpperCase()}`,
      trade_type: TradeType.consumption,
      pay_status: outcome.payStatus,
      card_scheme: schemeOf(digits),
      card_first6: digits.slice(0, 6),
      card_last4: digits.slice(-4),
      currency: link.currency,
      amount,
      settle_currency: link.currency,
      settle_amount: amount,
      return_message: outcome.message,
      email: body.email.toLowerCase(),
      ip: o.ip,
      trade_url: linkUrl(o.appUrl, link.custom_domain, link.link_key),
      customer_name: billing.name ?? body.card.holder,
      customer_email: body.email.toLowerCase(),
      customer_zip: billing.zip ?? '',
      customer_phone: billing.phone ?? '',
      customer_address: billing.address ?? '',
      customer_city: billing.city ?? '',
      customer_state: billing.state ?? '',
      bill_country: billing.country ?? '',
      shipping_name: shipping.name ?? '',
      shipping_zip: shipping.zip ?? '',
      shipping_address: shipping.address ?? '',
      shipping_country: shipping.country ?? '',
      shipping_email: shipping.email ?? '',
      shipping_phone: shipping.phone ?? '',
      shipping_city: shipping.city ?? '',
      shipping_state: shipping.state ?? '',
      created_at: o.now,
      submitted_at: o.now,
      returned_at: o.now,
    } satisfies Insertable<TransactionsTable>);
    const approved = screened.category === TradeCategory.formal && screened.pay_status === PayStatus.success;
    const result = screened.category === TradeCategory.riskDeclined ? 'riskDeclined' : outcome.result;
    // A number another record of the same millisecond drew is refused by the unique index inside the
    // transaction, which then rolls back whole (the link is not consumed) and runs again with another.
    return withNewTradeNo(gatewayNo, o.now, (tradeNo) =>
      tx(async (trx): Promise<TPayResultData> => {
        if (approved && !(await repo.consumeLink(trx, Number(link.id), o.now))) {
          const now = await repo.findLinkByKey(trx, link.link_key);
          throw businessError(UNAVAILABLE_ERRORS[(now && unavailableOf(now, o.now)) || 'paid']);
        }
        const transactionId = await recordTransactionIn(trx, { ...screened, trade_no: tradeNo });
        await repo.insertLinkPayment(trx, {
          link_id: Number(link.id),
          merchant_id: Number(link.merchant_id),
          transaction_id: transactionId,
          created_at: o.now,
        });
        if (approved) await emitWebhookEvent(trx, 'paymentLink.paid', transactionId, o.now);
        return { result, tradeNo, currency: link.currency, amount };
      }),
    ).then((data) => ({ approved, data }));
  });
}
