import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DisputeKind,
  PayStatus,
  REFUND_PENDING_STATES,
  RefundProcessing,
  RefundSource,
  TradeCategory,
  TradeType,
} from '@mbo/shared/trade-enums';
import type { Db } from '../db/database';
import { businessDay } from '../platform/rollups';
import { createTestDb, type TestDb } from '../../test/test-db';
import { createPlannedMerchant } from '../../test/trade-factories';
import { generateTradeData } from './trade-generator';
import type { TradeMerchantPlan } from './trade-rows';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20, 6, 30);

/** Two merchants with fixed numbers, so two databases get identical plans. */
async function setUp(db: Db): Promise<TradeMerchantPlan[]> {
  return [
    await createPlannedMerchant(db, {
      merchantNo: '300001',
      currencies: ['USD', 'EUR'],
      now: NOW,
      orderPrefix: 'TS',
      weight: 3,
      months: 12,
      gatewayWeight: (i) => (i === 0 ? 3 : 1),
    }),
    await createPlannedMerchant(db, {
      merchantNo: '300002',
      currencies: ['HKD'],
      now: NOW,
      orderPrefix: 'TS',
      weight: 1,
      months: 12,
      gatewayWeight: (i) => (i === 0 ? 3 : 1),
    }),
  ];
}

type Snapshot = { first: unknown[]; totals: unknown };
async function snapshot(db: Db): Promise<Snapshot> {
  const first = await db.selectFrom('transactions').selectAll().orderBy('id').limit(25).execute();
  const t = await db
    .selectFrom('transactions')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('amount').as('amount'),
      eb.fn.sum<number>('settle_amount').as('settle'),
    ])
    .executeTakeFirstOrThrow();
  const r = await db
    .selectFrom('refunds')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('amount')])
    .executeTakeFirstOrThrow();
  const d = await db
    .selectFrom('disputes')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('amount')])
    .executeTakeFirstOrThrow();
  const norm = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Number(v ?? 0)]));
  return { first, totals: { t: norm(t), r: norm(r), d: norm(d) } };
}

async function clearTrade(db: Db): Promise<void> {
  for (const t of ['trade_rollups', 'trade_rollups_day', 'trade_rollups_month', 'refunds', 'disputes', 'transactions'] as const)
    await db.deleteFrom(t).execute();
}

let a: TestDb;
let b: TestDb;
let plansA: TradeMerchantPlan[];
let plansB: TradeMerchantPlan[];
beforeAll(async () => {
  a = await createTestDb();
  b = await createTestDb();
  plansA = await setUp(a.db);
  plansB = await setUp(b.db);
});
afterAll(async () => {
  await a.cleanup();
  await b.cleanup();
});

describe('acquiring-data generator', () => {
  it('gives the same rows for the same seed and now, and other rows for another seed', async () => {
    const sa = await generateTradeData(a.db, { now: NOW, seed: 11, transactions: 3000, merchants: plansA, chunkSize: 700 });
    await generateTradeData(b.db, { now: NOW, seed: 11, transactions: 3000, merchants: plansB });
    expect(sa.transactions).toBe(3000);
    const first = await snapshot(a.db);
    expect(await snapshot(b.db)).toEqual(first);

    await clearTrade(b.db);
    await generateTradeData(b.db, { now: NOW, seed: 12, transactions: 3000, merchants: plansB });
    const other = await snapshot(b.db);
    expect(other.first).not.toEqual(first.first);
    expect(other.totals).not.toEqual(first.totals);
    // Never a full card number: only 6 + 4 digits exist, and every trade number is unique.
    const cards = await a.db.selectFrom('transactions').select(['card_first6', 'card_last4', 'trade_no']).execute();
    expect(cards.every((c) => /^\d{6}$/.test(c.card_first6) && /^\d{4}$/.test(c.card_last4))).toBe(true);
    expect(new Set(cards.map((c) => c.trade_no)).size).toBe(3000);
  });

  it('produces every category, status and follow-on kind in roughly the intended shares', async () => {
    await clearTrade(b.db);
    await generateTradeData(b.db, { now: NOW, seed: 5, transactions: 24_000, merchants: plansB });
    const db = b.db;
    const rows = await db
      .selectFrom('transactions')
      .select(['category', 'trade_type', 'pay_status', 'card_scheme', 'duplicate_failure', 'risk_rules', 'created_at'])
      .execute();
    const share = (f: (r: (typeof rows)[number]) => boolean, of = rows) => of.filter(f).length / of.length;
    expect(rows).toHaveLength(24_000);
    expect(rows.every((r) => r.created_at <= NOW && r.created_at > NOW - 13 * 31 * DAY)).toBe(true);
    expect(share((r) => r.category === TradeCategory.formal)).toBeGreaterThan(0.83);
    expect(share((r) => r.category === TradeCategory.formal)).toBeLessThan(0.89);
    expect(share((r) => r.category === TradeCategory.riskDeclined)).toBeGreaterThan(0.045);
    expect(share((r) => r.category === TradeCategory.uncompleted)).toBeGreaterThan(0.035);
    expect(share((r) => r.category === TradeCategory.test)).toBeGreaterThan(0.012);
    expect(share((r) => r.category === TradeCategory.counterfeit)).toBeGreaterThan(0.005);
    expect(share((r) => r.category === TradeCategory.counterfeit)).toBeLessThan(0.016);
    expect(share((r) => r.card_scheme === 'VISA')).toBeGreaterThan(0.5);
    expect(share((r) => r.card_scheme === 'VISA')).toBeLessThan(0.6);
    expect(share((r) => r.card_scheme === 'MASTERCARD')).toBeGreaterThan(0.25);
    expect(new Set(rows.map((r) => r.card_scheme))).toEqual(new Set(['VISA', 'MASTERCARD', 'JCB', 'AMEX', 'UNIONPAY']));

    const formal = rows.filter((r) => r.category === TradeCategory.formal);
    expect(share((r) => r.pay_status === PayStatus.success, formal)).toBeGreaterThan(0.74);
    expect(share((r) => r.pay_status === PayStatus.success, formal)).toBeLessThan(0.82);
    expect(share((r) => r.trade_type === TradeType.preAuthorization, formal)).toBeGreaterThan(0.06);
    expect(share((r) => r.trade_type === TradeType.preAuthorization, formal)).toBeLessThan(0.1);
    expect(new Set(formal.map((r) => r.pay_status))).toEqual(new Set(Object.values(PayStatus)));
    expect(formal.some((r) => r.pay_status === PayStatus.preAuthConfirming && r.trade_type !== TradeType.preAuthorization)).toBe(false);
    expect(formal.some((r) => r.duplicate_failure === 1 && r.pay_status === PayStatus.failed)).toBe(true);
    const declined = rows.filter((r) => r.category === TradeCategory.riskDeclined);
    expect(declined.every((r) => /^R00[1-5](,R00[1-5]){0,2}$/.test(r.risk_rules))).toBe(true);

    const approved = formal.filter((r) => r.pay_status === PayStatus.success).length;
    const visaApproved = formal.filter((r) => r.pay_status === PayStatus.success && r.card_scheme === 'VISA').length;
    const disputes = await db.selectFrom('disputes').select(['kind', 'processing_type', 'appeal_status']).execute();
    const kinds = (k: number) => disputes.filter((d) => d.kind === k).length;
    expect(kinds(DisputeKind.chargeback) / approved).toBeGreaterThan(0.004);
    expect(kinds(DisputeKind.chargeback) / approved).toBeLessThan(0.012);
    expect(kinds(DisputeKind.retrieval) / approved).toBeGreaterThan(0.0015);
    expect(kinds(DisputeKind.rdrAlert) / approved).toBeGreaterThan(0.0015);
    expect(kinds(DisputeKind.ethocaAlert) / approved).toBeGreaterThan(0.0015);
    expect(kinds(DisputeKind.fraudReport) / visaApproved).toBeGreaterThan(0.002);
    expect(kinds(DisputeKind.fraudReport) / visaApproved).toBeLessThan(0.007);
    expect(new Set(disputes.map((d) => d.processing_type))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8]));
    expect(new Set(disputes.map((d) => d.appeal_status))).toEqual(new Set([0, 1, 2, 3]));

    const refunds = await db.selectFrom('refunds').select(['source', 'status']).execute();
    const merchantRefunds = refunds.filter((r) => r.source === RefundSource.merchant).length;
    expect(merchantRefunds / approved).toBeGreaterThan(0.02);
    expect(merchantRefunds / approved).toBeLessThan(0.04);
    expect(new Set(refunds.map((r) => r.status))).toEqual(new Set(Object.values(RefundProcessing)));
    expect(new Set(refunds.map((r) => r.source))).toEqual(new Set(Object.values(RefundSource)));

    // Open cases with deadlines over the next days, for every merchant (dashboard and reminders).
    for (const p of plansB) {
      const open = await db
        .selectFrom('disputes')
        .select(['kind'])
        .where('merchant_id', '=', p.merchantId)
        .where('reply_deadline', '>', NOW + 12 * 3_600_000)
        .where('reply_deadline', '<', NOW + 5 * DAY)
        .where('appeal_status', '=', 0)
        .where('refund_id', 'is', null)
        .execute();
      expect(open.filter((d) => d.kind === DisputeKind.chargeback).length).toBeGreaterThanOrEqual(3);
      expect(open.some((d) => d.kind === DisputeKind.ethocaAlert)).toBe(true);
    }
  });

  it('keeps every transaction flag consistent with its refunds and disputes', async () => {
    const db = a.db;
    const txs = await db.selectFrom('transactions').selectAll().execute();
    const refunds = await db.selectFrom('refunds').selectAll().execute();
    const disputes = await db.selectFrom('disputes').selectAll().execute();
    const byTx = new Map(txs.map((t) => [t.id, t]));
    const groupBy = <T extends { transaction_id: number }>(list: T[]) => {
      const m = new Map<number, T[]>();
      for (const x of list) m.set(x.transaction_id, [...(m.get(x.transaction_id) ?? []), x]);
      return m;
    };
    const refundsOf = groupBy(refunds);
    const disputesOf = groupBy(disputes);
    expect(refunds.length).toBeGreaterThan(30);
    expect(disputes.length).toBeGreaterThan(20);

    for (const t of txs) {
      const rs = refundsOf.get(t.id) ?? [];
      const ds = disputesOf.get(t.id) ?? [];
      const refunded = rs.filter((r) => r.status === RefundProcessing.refunded).reduce((s, r) => s + r.amount, 0);
      const pending = rs.filter((r) => (REFUND_PENDING_STATES as number[]).includes(r.status)).reduce((s, r) => s + r.amount, 0);
      expect({ id: t.id, refunded: t.refunded_amount, pending: t.refund_pending_amount }).toEqual({ id: t.id, refunded, pending });
      expect(refunded + pending).toBeLessThanOrEqual(t.amount);
      expect(t.refund_status).toBe(refunded > 0 ? 1 : 0);
      expect(t.chargeback_status).toBe(ds.some((d) => d.kind === DisputeKind.chargeback) ? 1 : 0);
      expect(t.retrieval_status).toBe(ds.some((d) => d.kind === DisputeKind.retrieval) ? 1 : 0);
      expect(t.rdr_status).toBe(ds.some((d) => d.kind === DisputeKind.rdrAlert) ? 1 : 0);
      expect(t.ethoca_status).toBe(ds.some((d) => d.kind === DisputeKind.ethocaAlert) ? 1 : 0);
      const cb = ds.find((d) => d.kind === DisputeKind.chargeback);
      expect(t.appeal_status).toBe(cb?.appeal_status ?? 0);
      if (rs.length + ds.length > 0) {
        expect(t.category).toBe(TradeCategory.formal);
        expect(t.pay_status).toBe(PayStatus.success);
      }
      if (cb || refunded + pending > 0) expect(t.abnormal_status).toBeGreaterThan(0);
    }
    for (const r of refunds) {
      const t = byTx.get(r.transaction_id);
      expect(r.applied_at).toBeGreaterThan(t?.created_at ?? Infinity);
      expect(r.processed_at ?? r.applied_at).toBeLessThanOrEqual(NOW);
      expect(r.amount).toBeLessThanOrEqual(r.available_amount);
    }
    for (const d of disputes) {
      expect(d.created_at).toBeGreaterThan(byTx.get(d.transaction_id)?.created_at ?? Infinity);
      expect(d.created_at).toBeLessThanOrEqual(NOW);
      if (d.kind === DisputeKind.rdrAlert) {
        const r = refunds.find((x) => x.id === d.refund_id);
        expect(r).toMatchObject({ source: RefundSource.rdr, status: RefundProcessing.refunded, dispute_id: d.id });
      }
      if (d.kind === DisputeKind.ethocaAlert && d.refund_id !== null)
        expect(refunds.find((x) => x.id === d.refund_id)).toMatchObject({ source: RefundSource.ethoca, dispute_id: d.id });
    }
    expect(new Set(disputes.map((d) => d.case_no)).size).toBe(disputes.length);
    expect(new Set(refunds.map((r) => r.refund_no)).size).toBe(refunds.length);
  });

  it('leaves rollups that equal the raw rows summed independently', async () => {
    const db = a.db;
    const expected = new Map<string, { tx: number; success: number; refund: number; chargebacks: number }>();
    const at = (k: string) => {
      let e = expected.get(k);
      if (!e) expected.set(k, (e = { tx: 0, success: 0, refund: 0, chargebacks: 0 }));
      return e;
    };
    const txs = await db.selectFrom('transactions').selectAll().execute();
    const scheme = new Map(txs.map((t) => [t.id, t]));
    for (const t of txs) {
      if (t.category !== TradeCategory.formal) continue;
      const e = at(`${t.gateway_id}|${businessDay(t.created_at)}|${t.card_scheme}`);
      e.tx += 1;
      if (t.pay_status === PayStatus.success) e.success += t.settle_amount;
    }
    for (const r of await db.selectFrom('refunds').selectAll().where('status', '=', RefundProcessing.refunded).execute())
      at(`${r.gateway_id}|${businessDay(r.processed_at ?? 0)}|${scheme.get(r.transaction_id)?.card_scheme}`).refund += r.settle_amount;
    for (const d of await db.selectFrom('disputes').selectAll().where('kind', '=', DisputeKind.chargeback).execute())
      at(`${d.gateway_id}|${businessDay(d.created_at)}|${scheme.get(d.transaction_id)?.card_scheme}`).chargebacks += 1;

    const rollups = await db.selectFrom('trade_rollups').selectAll().execute();
    const actual = new Map(
      rollups.map((r) => [
        `${r.gateway_id}|${r.day}|${r.card_scheme}`,
        {
          tx: Number(r.tx_count),
          success: Number(r.success_amount),
          refund: Number(r.refund_amount),
          chargebacks: Number(r.chargeback_count),
        },
      ]),
    );
    for (const [k, v] of actual) if (!expected.has(k)) expect(v).toEqual({ tx: 0, success: 0, refund: 0, chargebacks: 0 });
    for (const [k, v] of expected) expect({ k, ...actual.get(k) }).toEqual({ k, ...v });
    expect([...expected.values()].reduce((s, e) => s + e.tx, 0)).toBe(txs.filter((t) => t.category === TradeCategory.formal).length);
  });
});
