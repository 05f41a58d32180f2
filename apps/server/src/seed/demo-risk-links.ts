import { createHash } from 'node:crypto';
import { LinkAmountMode, LinkPayStatus, LinkStatus, LinkType } from '@mbo/shared/links';
import { PayStatus, TradeCategory, TradeType } from '@mbo/shared/trade-enums';
import { BLACKLIST_RULE } from '@mbo/shared/risk';
import type { Db } from '../db/database';
import { inTransaction } from '../db/in-transaction';
import { recordTransactionIn } from '../domains/transactions/repository';
import { DAY_MS } from '../platform/time';
import { seedComplaints } from './demo-complaints';

/*
 * Demo payment links and blacklists for merchants 100001 and 100002, then their complaints
 * (demo-complaints.ts): the same rows for the same day.
 * Keys are derived from a fixed text (a real link's key is 192 random bits).
 */

const keyOf = (name: string) => createHash('sha256').update(`demo-link:${name}`).digest('base64url').slice(0, 32);

type DemoLink = {
  merchantNo: string;
  gatewayNo: string;
  name: string;
  title: string;
  description: string;
  type: number;
  mode: number;
  amount: number | null;
  min: number | null;
  max: number | null;
  createdDaysAgo: number;
  activeDays: number;
  status: number;
  reference: string;
  operatingName: string;
  collectBilling: boolean;
  /** Approved payments made through it, days ago. */
  paidDaysAgo: number[];
};

const LINKS: DemoLink[] = [
  {
    merchantNo: '100001',
    gatewayNo: '10010001',
    name: 'invoice-0412',
    title: 'Invoice INV-2026-0412: 24 ceramic mugs',
    description: 'Wholesale order, delivery within 10 working days.',
    type: LinkType.oneTime,
    mode: LinkAmountMode.fixed,
    amount: 45_600,
    min: null,
    max: null,
    createdDaysAgo: 6,
    activeDays: 30,
    status: LinkStatus.active,
    reference: 'INV-2026-0412',
    operatingName: 'Harbourline Home',
    collectBilling: true,
    paidDaysAgo: [5],
  },
  {
    merchantNo: '100001',
    gatewayNo: '10010001',
    name: 'custom-deposit',
    title: 'Deposit for a made-to-order table',
    description: 'Enter the deposit agreed with our showroom.',
    type: LinkType.reusable,
    mode: LinkAmountMode.customer,
    amount: null,
    min: 5_000,
    max: 200_000,
    createdDaysAgo: 20,
    activeDays: 90,
    status: LinkStatus.active,
    reference: '',
    operatingName: 'Harbourline Home',
    collectBilling: false,
    paidDaysAgo: [18, 11, 3],
  },
  {
    merchantNo: '100001',
    gatewayNo: '10010002',
    name: 'eur-sample',
    title: 'Sample box (EU customers)',
    description: '',
    type: LinkType.oneTime,
    mode: LinkAmountMode.fixed,
    amount: 2_990,
    min: null,
    max: null,
    createdDaysAgo: 12,
    activeDays: 30,
    status: LinkStatus.disabled,
    reference: 'SMP-77',
    operatingName: 'Harbourline Home',
    collectBilling: false,
    paidDaysAgo: [],
  },
  {
    merchantNo: '100001',
    gatewayNo: '10010001',
    name: 'spring-fair',
    title: 'Spring fair booth reservation',
    description: 'Reservation fee for the spring trade fair.',
    type: LinkType.oneTime,
    mode: LinkAmountMode.fixed,
    amount: 15_000,
    min: null,
    max: null,
    createdDaysAgo: 40,
    activeDays: 7,
    status: LinkStatus.active,
    reference: '',
    operatingName: 'Harbourline Trading',
    collectBilling: false,
    paidDaysAgo: [],
  },
  {
    merchantNo: '100002',
    gatewayNo: '10020001',
    name: 'licence-renewal',
    title: 'Annual software licence renewal',
    description: 'One seat, 12 months.',
    type: LinkType.reusable,
    mode: LinkAmountMode.fixed,
    amount: 78_000,
    min: null,
    max: null,
    createdDaysAgo: 15,
    activeDays: 120,
    status: LinkStatus.active,
    reference: 'LIC-RENEW',
    operatingName: 'Harbourline Digital',
    collectBilling: false,
    paidDaysAgo: [9],
  },
];

const BLACKLIST: { merchantNo: string; type: string; value: string; reason: string; daysAgo: number }[] = [
  { merchantNo: '100001', type: 'email', value: 'fraud.ring@example.net', reason: 'Three chargebacks for stolen cards', daysAgo: 30 },
  {
    merchantNo: '100001',
    type: 'emailDomain',
    value: 'disposable.example',
    reason: 'Throwaway mailboxes used in card testing',
    daysAgo: 25,
  },
  { merchantNo: '100001', type: 'card', value: '535522-0019', reason: 'Cardholder reported the card stolen', daysAgo: 14 },
  { merchantNo: '100001', type: 'cardBin', value: '498765', reason: 'Prepaid BIN used in a card-testing attack', daysAgo: 10 },
  { merchantNo: '100001', type: 'ip', value: '203.0.113.66', reason: 'Card-testing bot', daysAgo: 4 },
  { merchantNo: '100001', type: 'country', value: 'KP', reason: 'Sanctioned country', daysAgo: 60 },
  { merchantNo: '100002', type: 'email', value: 'refund.abuser@example.org', reason: 'Repeated friendly fraud', daysAgo: 20 },
];

const CARDS = ['424242-4242', '555555-4444', '411111-1111', '378282-0005'];

export async function seedRiskLinks(db: Db, now: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const merchants = await trx
      .selectFrom('merchants')
      .select(['id', 'merchant_no'])
      .where('merchant_no', 'in', ['100001', '100002'])
      .execute();
    const idOf = new Map(merchants.map((m) => [m.merchant_no, Number(m.id)]));
    const gateways = await trx.selectFrom('gateways').select(['id', 'gateway_no', 'currency']).execute();
    const gatewayOf = new Map(gateways.map((g) => [g.gateway_no, { id: Number(g.id), currency: g.currency }]));

    for (const b of BLACKLIST) {
      const merchantId = idOf.get(b.merchantNo);
      if (merchantId === undefined) continue;
      await trx
        .insertInto('blacklist_entries')
        .values({
          merchant_id: merchantId,
          entry_type: b.type,
          value: b.value,
          reason: b.reason,
          added_by: 'admin',
          created_at: now - b.daysAgo * DAY_MS,
        })
        .execute();
    }

    let n = 0;
    for (const l of LINKS) {
      const merchantId = idOf.get(l.merchantNo);
      const g = gatewayOf.get(l.gatewayNo);
      if (merchantId === undefined || !g) continue;
      const createdAt = now - l.createdDaysAgo * DAY_MS;
      const expiresAt = createdAt + l.activeDays * DAY_MS;
      const paidAt = l.paidDaysAgo.length > 0 ? now - Math.max(...l.paidDaysAgo) * DAY_MS : null;
      const key = keyOf(l.name);
      const { id } = await trx
        .insertInto('payment_links')
        .values({
          merchant_id: merchantId,
          gateway_id: g.id,
          link_key: key,
          title: l.title,
          description: l.description,
          link_type: l.type,
          active_until_date: new Date(expiresAt + 8 * 3_600_000 - 1).toISOString().slice(0, 10),
          expires_at: expiresAt,
          reference: l.reference,
          currency: g.currency,
          amount_mode: l.mode,
          amount: l.amount,
          min_amount: l.min,
          max_amount: l.max,
          customer_message:
            l.mode === LinkAmountMode.customer ? 'Thank you: we confirm every deposit by email within one working day.' : '',
          collect_billing: l.collectBilling ? 1 : 0,
          collect_shipping: 0,
          methods: 'card',
          custom_domain: '',
          operating_name: l.operatingName,
          prefill: '{}',
          status: l.status,
          pay_status: l.paidDaysAgo.length > 0 ? LinkPayStatus.paid : LinkPayStatus.unpaid,
          paid_count: l.paidDaysAgo.length,
          created_by: 'admin',
          created_at: createdAt,
          disabled_at: l.status === LinkStatus.disabled ? createdAt + DAY_MS : null,
          paid_at: paidAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const daysAgo of l.paidDaysAgo) {
        n += 1;
        const at = now - daysAgo * DAY_MS;
        const amount = l.amount ?? (l.min ?? 1_000) * (n + 1);
        const card = CARDS[n % CARDS.length] ?? '424242-4242';
        const email = `customer${n}@example.com`;
        const transactionId = await recordTransactionIn(trx, {
          merchant_id: merchantId,
          gateway_id: g.id,
          category: TradeCategory.formal,
          trade_no: `T${l.gatewayNo}${String(at).slice(-9)}${String(900 + n)}`,
          merchant_order_no: l.reference || `PL${String(n).padStart(8, '0')}`,
          trade_type: TradeType.consumption,
          pay_status: PayStatus.success,
          card_scheme: card.startsWith('5') ? 'MASTERCARD' : card.startsWith('3') ? 'AMEX' : 'VISA',
          card_first6: card.slice(0, 6),
          card_last4: card.slice(-4),
          currency: g.currency,
          amount,
          settle_currency: g.currency,
          settle_amount: amount,
          return_message: '00 Approved',
          email,
          customer_email: email,
          customer_name: `Customer ${n}`,
          trade_url: `/pay/${key}`,
          created_at: at,
          submitted_at: at + 1_000,
          returned_at: at + 2_500,
        });
        await trx
          .insertInto('payment_link_payments')
          .values({ link_id: Number(id), merchant_id: merchantId, transaction_id: transactionId, created_at: at })
          .execute();
      }
    }

    // One attempt the blacklist declined, so the risk screens show the rule at work.
    const merchantId = idOf.get('100001');
    const g = gatewayOf.get('10010001');
    if (merchantId !== undefined && g) {
      const at = now - 2 * DAY_MS;
      await recordTransactionIn(trx, {
        merchant_id: merchantId,
        gateway_id: g.id,
        category: TradeCategory.riskDeclined,
        trade_no: `T10010001${String(at).slice(-9)}999`,
        merchant_order_no: 'PL00000099',
        trade_type: TradeType.consumption,
        pay_status: PayStatus.failed,
        card_scheme: 'VISA',
        card_first6: '424242',
        card_last4: '4242',
        currency: g.currency,
        amount: 45_600,
        settle_currency: g.currency,
        settle_amount: 45_600,
        return_message: 'Declined by risk control',
        email: 'fraud.ring@example.net',
        customer_email: 'fraud.ring@example.net',
        risk_rules: BLACKLIST_RULE,
        created_at: at,
        submitted_at: at + 1_000,
        returned_at: at + 2_500,
      });
    }

    await seedComplaints(trx, idOf, now);
  });
}
