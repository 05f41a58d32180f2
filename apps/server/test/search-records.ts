import type { Db } from '../src/db/database';
import type { GatewayRow, MerchantRow } from './factories';
import { caseOfTrade, createTransaction } from './trade-factories';

/**
 * One record of every kind the search box finds, for one gateway of a merchant, each named with `tag`
 * so that two merchants (or two gateways) hold look-alike numbers that begin the same way. Numbers
 * are unique across merchants where the schema says so; `tag` keeps them apart.
 */
/** A batch's fee and reserve columns, none of which the search shows. */
const NO_FEES = Object.fromEntries(
  ['single_fee', 'refund_fee', 'chargeback_fee', 'rdr_fee', 'ethoca_fee', 'reserve_extracted', 'reserve_returned'].map((c) => [c, 0]),
) as Record<'single_fee' | 'refund_fee' | 'chargeback_fee' | 'rdr_fee' | 'ethoca_fee' | 'reserve_extracted' | 'reserve_returned', number>;

export type Records = {
  tradeNo: string;
  orderNo: string;
  email: string;
  first6: string;
  last4: string;
  refundNo: string;
  caseNo: string;
  complaintNo: string;
  complaintEmail: string;
  withdrawalNo: string;
  batchNo: string;
  trackingNo: string;
  linkKey: string;
  url: string;
  host: string;
  blacklistEmail: string;
};

export async function createRecords(db: Db, m: MerchantRow, g: GatewayRow, tag: string, at: number): Promise<Records> {
  const lower = tag.toLowerCase();
  const r: Records = {
    tradeNo: `TSRCH${tag}0001`,
    orderNo: `ORDSRCH-${tag}-1`,
    email: `buyer.${lower}@shop.example`,
    first6: '535310',
    last4: tag.slice(-1).padStart(4, '7'),
    refundNo: `RFSRCH${tag}01`,
    caseNo: `CBSRCH${tag}01`,
    complaintNo: `CPSRCH${tag}01`,
    complaintEmail: `holder.${lower}@mail.example`,
    withdrawalNo: `WDSRCH${tag}01`,
    batchNo: `SBSRCH${tag}01`,
    trackingNo: `TRKSRCH${tag}01`,
    linkKey: `srch${tag}`.padEnd(32, 'x').slice(0, 32),
    url: `https://${lower}.srch-shop.example`,
    host: `${lower}.srch-shop.example`,
    blacklistEmail: `fraud.${lower}@bad.example`,
  };
  const trade = await createTransaction(db, m, g, {
    trade_no: r.tradeNo,
    merchant_order_no: r.orderNo,
    email: r.email,
    card_first6: r.first6,
    card_last4: r.last4,
    amount: 12_345,
    created_at: at,
  });
  const base = { merchant_id: m.id, gateway_id: g.id, currency: g.currency };
  await db
    .insertInto('refunds')
    .values({
      ...base,
      transaction_id: trade.id,
      refund_no: r.refundNo,
      refund_type: 1,
      method: 1,
      source: 1,
      dispute_id: null,
      amount: 1_000,
      settle_amount: 1_000,
      available_amount: 12_345,
      reason: 'search test',
      applicant: 'tester',
      applicant_admin_id: null,
      status: 1,
      applied_at: at + 1_000,
      trade_at: at,
      processed_at: null,
    })
    .execute();
  await db
    .insertInto('disputes')
    .values(caseOfTrade(m, g, trade.id, { case_no: r.caseNo, amount: 12_345, created_at: at + 2_000 }))
    .execute();
  await db
    .insertInto('complaints')
    .values({
      merchant_id: m.id,
      gateway_id: g.id,
      transaction_id: trade.id,
      complaint_no: r.complaintNo,
      kind: 1,
      cardholder_name: 'Holder',
      cardholder_email: r.complaintEmail,
      language: 'en',
      content: 'Where is my parcel?',
      status: 1,
      reply_deadline: at + 86_400_000,
      refund_id: null,
      processed_at: null,
      created_at: at + 3_000,
    })
    .execute();
  await db
    .insertInto('withdrawals')
    .values({
      ...base,
      withdrawal_no: r.withdrawalNo,
      amount: 50_000,
      fee: 100,
      received: 49_900,
      bank_account_id: null,
      bank_name: 'Bank',
      bank_holder: 'Holder',
      bank_account_no: '6222000011112222',
      status: 1,
      applicant: 'tester',
      applicant_admin_id: null,
      created_at: at + 4_000,
      processed_at: null,
    })
    .execute();
  await db
    .insertInto('settlement_batches')
    .values({
      ...base,
      batch_no: r.batchNo,
      settle_date: new Date(at).toISOString().slice(0, 10),
      trade_deadline: at,
      credit_status: 1,
      tx_count: 1,
      gross: 12_345,
      ...NO_FEES,
      recognized: 12_345,
      tabulated_at: at + 5_000,
      credited_at: null,
    })
    .execute();
  await db
    .insertInto('waybills')
    .values({
      merchant_id: m.id,
      gateway_id: g.id,
      transaction_id: trade.id,
      trade_at: at,
      tracking_no: r.trackingNo,
      carrier: 'DHL',
      status: 1,
      checked_at: null,
      uploaded_at: at + 6_000,
      created_at: at + 6_000,
    })
    .execute();
  await db
    .insertInto('payment_links')
    .values({
      ...base,
      link_key: r.linkKey,
      title: `Link ${tag}`,
      description: '',
      link_type: 1,
      active_until_date: '2099-12-31',
      expires_at: at + 365 * 86_400_000,
      reference: '',
      amount_mode: 1,
      amount: 2_000,
      min_amount: null,
      max_amount: null,
      customer_message: '',
      collect_billing: 0,
      collect_shipping: 0,
      methods: 'card',
      custom_domain: '',
      operating_name: '',
      prefill: '{}',
      status: 1,
      pay_status: 1,
      created_by: 'tester',
      created_at: at + 7_000,
      disabled_at: null,
      paid_at: null,
    })
    .execute();
  return r;
}

/** The merchant-wide records (no gateway): a website and a blacklist entry. */
export async function createMerchantRecords(db: Db, m: MerchantRow, r: Records, at: number): Promise<void> {
  await db
    .insertInto('websites')
    .values({
      merchant_id: m.id,
      url: r.url,
      host: r.host,
      site_type: 1,
      average_amount: null,
      status: 5,
      batch_id: null,
      checklist_confirmed_at: at,
      created_at: at + 8_000,
      updated_at: at + 8_000,
    })
    .execute();
  await db
    .insertInto('blacklist_entries')
    .values({
      merchant_id: m.id,
      entry_type: 'email',
      value: r.blacklistEmail,
      reason: 'chargebacks',
      added_by: 'tester',
      created_at: at + 9_000,
    })
    .execute();
}
