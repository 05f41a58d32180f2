import { describe, expect, it } from 'vitest';
import { AppealStatus, DisputeKind, ProcessingType, RefundProcessing } from '@mbo/shared/trade-enums';
import type { TTransactionDetail } from '@mbo/shared/transactions';
import { call, testAppForFile } from '../../../test/helpers';
import { createTransaction } from '../../../test/trade-factories';
import { at, detailPath, worldForFile } from '../../../test/transaction-world';

const t = testAppForFile();
const w = worldForFile(t);

describe('transaction detail', () => {
  it('groups every field, masks the card, computes the refundable amount and orders the timeline', async () => {
    const tx = await createTransaction(t.db, w.m, w.usd, {
      created_at: at(12),
      submitted_at: at(12) + 2_000,
      returned_at: at(12) + 5_000,
      amount: 10_000,
      refunded_amount: 2_000,
      refund_pending_amount: 1_500,
      card_first6: '400000',
      card_last4: '0002',
      shipping_country: 'GB',
      issuer_name: 'Example Bank',
      trade_url: 'https://shop.example',
    });
    const applied = at(13);
    // What each refund and case below shares: the transaction it belongs to.
    const ofTrade = { merchant_id: w.m.id, gateway_id: w.usd.id, transaction_id: tx.id, currency: 'USD', trade_at: at(12) };
    const ownersRefund = {
      ...ofTrade,
      refund_type: 1,
      method: 2,
      source: 1,
      dispute_id: null,
      applicant: 'owner',
      applicant_admin_id: null,
    };
    await t.db
      .insertInto('refunds')
      .values([
        {
          ...ownersRefund,
          refund_no: `R-${tx.tradeNo}-1`,
          amount: 2_000,
          settle_amount: 2_000,
          available_amount: 10_000,
          reason: 'damaged',
          status: RefundProcessing.refunded,
          applied_at: applied,
          processed_at: at(14),
        },
        {
          ...ownersRefund,
          refund_no: `R-${tx.tradeNo}-2`,
          amount: 1_500,
          settle_amount: 1_500,
          available_amount: 8_000,
          reason: 'late',
          status: RefundProcessing.pendingReview,
          applied_at: at(16),
          processed_at: null,
        },
      ])
      .execute();
    const caseOf5000 = {
      ...ofTrade,
      processing_type: ProcessingType.chargeback,
      amount: 5_000,
      settle_amount: 5_000,
      decided_at: null,
      refund_id: null,
      reminded_5d_at: null,
      reminded_24h_at: null,
      created_at: at(15),
    };
    await t.db
      .insertInto('disputes')
      .values([
        {
          ...caseOf5000,
          case_no: `CB-${tx.tradeNo}`,
          kind: DisputeKind.chargeback,
          reply_deadline: at(25),
          appeal_status: AppealStatus.underAppeal,
          appealed_at: at(17),
          updated_at: at(17),
        },
        {
          ...caseOf5000,
          case_no: `FR-${tx.tradeNo}`,
          kind: DisputeKind.fraudReport,
          reply_deadline: null,
          appeal_status: AppealStatus.none,
          appealed_at: null,
          updated_at: at(15),
        },
      ])
      .execute();

    const res = await call<TTransactionDetail>(t.app, detailPath('formal', tx.tradeNo), { token: w.token });
    expect(res.body.code).toBe(0);
    const d = res.body.data;
    expect(d.order).toMatchObject({ tradeNo: tx.tradeNo, gatewayNo: w.usd.gatewayNo, tradeUrl: 'https://shop.example' });
    expect(d.payment).toMatchObject({ cardMasked: '400000******0002', amount: 10_000, refundedAmount: 2_000, refundPendingAmount: 1_500 });
    expect(d.shipping.country).toBe('GB');
    expect(d.risk.issuerName).toBe('Example Bank');
    expect(d.cardholder.name).toBe('Test Buyer');
    expect(d.refundable).toBe(6_500);
    expect(d.timeline.map((e) => e.event)).toEqual([
      'entered',
      'submitted',
      'returned',
      'refundApplied',
      'refundProcessed',
      'disputeArrived',
      'refundApplied',
      'appealed',
      'disputeDeadline',
    ]);
    expect(d.timeline[3]).toMatchObject({ ref: `R-${tx.tradeNo}-1`, amount: 2_000, currency: 'USD', status: RefundProcessing.refunded });
    expect(d.timeline[5]).toMatchObject({ ref: `CB-${tx.tradeNo}`, disputeKind: DisputeKind.chargeback });
    expect(JSON.stringify(d)).not.toContain(`FR-${tx.tradeNo}`);
  });

  it('nothing is refundable on a failed payment', async () => {
    const res = await call<TTransactionDetail>(t.app, detailPath('formal', w.tx.eur!.tradeNo), { token: w.token });
    expect(res.body.data.refundable).toBeNull();
  });
});
