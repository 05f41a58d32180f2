import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { CreditStatus, SettleType } from '@mbo/shared/funds';
import { PayStatus, ReserveStatus, SettleStatus, TradeCategory } from '@mbo/shared/trade-enums';
import type { Db, DbOrTrx, Trx } from '../../db/database';
import { NOT_SETTLED } from '../../db/migrations/0010-funds';
import { businessDay, businessDayRange } from '../../platform/rollups';
import { DAY_MS } from '../../platform/time';
import { emitWebhookEvent } from '../webhooks/outbox';
import { getConfig, type SettlementConfig } from './config';
import { tellSettlementHeld } from './notices';
import { findDeliveryProofFlags } from './proof-holds';
import { credit, deduction, post, type AccountKind, type Balances, type Line } from './ledger';

/*
 * Settlement (README.md): for each merchant's gateway and settlement day, a batch takes the successful
 * formal transactions still unsettled whose settlement date (trade day + T+N business days) has come,
 * except those held for missing delivery proof, and records one item per transaction (gross, fee,
 * reserve, net). Tabulation (batch and items written, transactions tabulated) and credit (the ledger
 * posting, transactions settled, the reserve hold) are two database transactions; a batch left
 * tabulated by a crash is credited by the next run.
 */

const WEEKDAY = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
export const isBusinessDay = (day: string) => WEEKDAY(day) !== 0 && WEEKDAY(day) !== 6;
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The `n`th business day after `day` (Monday to Friday). */
export function addBusinessDays(day: string, n: number): string {
  let d = day;
  for (let left = n; left > 0;) {
    d = addDays(d, 1);
    if (isBusinessDay(d)) left -= 1;
  }
  return d;
}

/** Spec §3 Settlement cycle: the settlement date of a transaction made on `tradeDay`. */
export const settlementDateOf = (tradeDay: string, cycleDays: number) => addBusinessDays(tradeDay, cycleDays);

/** Whether a batch is built on `day` for this settlement type: daily on business days, weekly on Mondays, monthly on the first business day. */
export function isSettlementDay(day: string, settleType: number): boolean {
  if (!isBusinessDay(day)) return false;
  if (settleType === SettleType.weekly) return WEEKDAY(day) === 1;
  if (settleType === SettleType.monthly) {
    let first = `${day.slice(0, 8)}01`;
    while (!isBusinessDay(first)) first = addDays(first, 1);
    return first === day;
  }
  return true;
}

/** End (exclusive, UTC ms) of the trades whose settlement date is `day` or earlier. */
export function tradeDeadlineOf(day: string, cycleDays: number): number {
  // The last trade day d with addBusinessDays(d, N) <= day: step back from `day` while that holds.
  let d = day;
  while (settlementDateOf(addDays(d, 1), cycleDays) <= day) d = addDays(d, 1);
  while (settlementDateOf(d, cycleDays) > day) d = addDays(d, -1);
  return businessDayRange(d, d).toMs;
}

/**
 * The transactions (of those given) whose required delivery proof is missing; they are held back from
 * the batch. The waybills domain owns the merchant's delivery-proof type and the proofs, and refuses an
 * upload later than 3 days before the settlement date, so what is not uploaded by the time the batch is
 * built stays held until an operator accepts a proof (a merchant that needs no proof holds nothing).
 */
export async function findTransactionsMissingProof(
  db: DbOrTrx,
  merchantId: number,
  transactionIds: readonly number[],
): Promise<{ transactionId: number; delivered: boolean; uploaded: boolean }[]> {
  const flags = await findDeliveryProofFlags(db, merchantId, [...transactionIds]);
  return [...flags].filter(([, f]) => !f.uploaded).map(([transactionId, f]) => ({ transactionId, ...f }));
}

export function newBatchNo(day: string): string {
  return `SB${day.replace(/-/g, '')}${randomBytes(4).toString('hex').toUpperCase()}`;
}

type GatewayRef = { merchantId: number; gatewayId: number; currency: string };

/** Tabulates one batch (or returns null when there is nothing to settle or it exists already). */
async function tabulate(db: Db, g: GatewayRef, c: SettlementConfig, day: string, now: number): Promise<number | null> {
  const deadline = tradeDeadlineOf(day, c.cycleDays);
  return db.transaction().execute(async (trx) => {
    const exists = await trx
      .selectFrom('settlement_batches')
      .select('id')
      .where('merchant_id', '=', g.merchantId)
      .where('gateway_id', '=', g.gatewayId)
      .where('settle_date', '=', day)
      .executeTakeFirst();
    if (exists) return null;
    const due = trx
      .selectFrom('transactions')
      .where('merchant_id', '=', g.merchantId)
      .where('gateway_id', '=', g.gatewayId)
      .where('category', '=', TradeCategory.formal)
      .where('pay_status', '=', PayStatus.success)
      .where(sql.raw<boolean>(NOT_SETTLED))
      .where('settle_status', '=', SettleStatus.unsettled)
      .where('created_at', '<', deadline);
    const candidates = await due.select('id').execute();
    if (candidates.length === 0) return null;
    const held = await findTransactionsMissingProof(
      trx,
      g.merchantId,
      candidates.map((r) => r.id),
    );
    const heldIds = held.map((h) => h.transactionId);
    const { id } = await trx
      .insertInto('settlement_batches')
      .values({
        batch_no: newBatchNo(day),
        merchant_id: g.merchantId,
        gateway_id: g.gatewayId,
        currency: g.currency,
        settle_date: day,
        trade_deadline: deadline,
        credit_status: CreditStatus.tabulated,
        tx_count: 0,
        gross: 0,
        single_fee: 0,
        refund_fee: 0,
        chargeback_fee: 0,
        rdr_fee: 0,
        ethoca_fee: 0,
        reserve_extracted: 0,
        reserve_returned: 0,
        recognized: 0,
        held_count: heldIds.length,
        tabulated_at: now,
        credited_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fee = sql<number>`(settle_amount * ${sql.lit(c.feeBp)} + 5000) / 10000 + ${sql.lit(c.feeFixed)}`;
    const reserve = sql<number>`(settle_amount * ${sql.lit(c.reserveBp)} + 5000) / 10000`;
    await trx
      .insertInto('settlement_items')
      .columns(['batch_id', 'transaction_id', 'gross', 'fee', 'reserve', 'net'])
      .expression(
        due
          .$if(heldIds.length > 0, (qb) => qb.where('id', 'not in', heldIds))
          .select([
            sql<number>`${sql.lit(Number(id))}`.as('batch_id'),
            'id',
            'settle_amount',
            fee.as('fee'),
            reserve.as('reserve'),
            sql<number>`settle_amount - (${fee}) - (${reserve})`.as('net'),
          ]),
      )
      .execute();
    const totals = await trx
      .selectFrom('settlement_items')
      .select([
        sql<number>`count(*)`.as('n'),
        sql<number>`coalesce(sum(gross), 0)`.as('gross'),
        sql<number>`coalesce(sum(fee), 0)`.as('fee'),
        sql<number>`coalesce(sum(reserve), 0)`.as('reserve'),
      ])
      .where('batch_id', '=', id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('transactions')
      .set({ settle_status: SettleStatus.tabulated })
      .where('id', 'in', (eb) => eb.selectFrom('settlement_items').select('transaction_id').where('batch_id', '=', id))
      .execute();
    await trx
      .updateTable('settlement_batches')
      .set({
        tx_count: Number(totals.n),
        gross: Number(totals.gross),
        single_fee: Number(totals.fee),
        reserve_extracted: Number(totals.reserve),
      })
      .where('id', '=', id)
      .execute();
    await tellSettlementHeld(trx, g, Number(id), day, heldIds.length, now);
    return Number(id);
  });
}

/** Fees of refunds, chargebacks and alerts posted for this gateway since its previous batch (shown on the credit entry). */
async function eventFees(trx: Trx, b: { merchant_id: number; gateway_id: number; id: number }, until: number) {
  const prev = await trx
    .selectFrom('settlement_batches')
    .select(sql<number>`max(credited_at)`.as('at'))
    .where('merchant_id', '=', b.merchant_id)
    .where('gateway_id', '=', b.gateway_id)
    .where('id', '<>', b.id)
    .where('credited_at', 'is not', null)
    .executeTakeFirst();
  const rows = await trx
    .selectFrom('ledger_entries')
    .select(['account_kind', sql<number>`sum(amount)`.as('total')])
    .where('merchant_id', '=', b.merchant_id)
    .where('gateway_id', '=', b.gateway_id)
    .where('account_kind', 'in', ['feeRefund', 'feeChargeback', 'feeRdr', 'feeEthoca'])
    .where('occurred_at', '>', Number(prev?.at ?? 0))
    .where('occurred_at', '<=', until)
    .groupBy('account_kind')
    .execute();
  const of = (k: string) => Number(rows.find((r) => r.account_kind === k)?.total ?? 0);
  return { refund_fee: of('feeRefund'), chargeback_fee: of('feeChargeback'), rdr_fee: of('feeRdr'), ethoca_fee: of('feeEthoca') };
}

export const SETTLEMENT_KINDS: readonly AccountKind[] = ['available', 'unsettled', 'reserve', 'debt', 'feeTxn'];

/**
 * The lines of a batch's credit: its gross leaves the unsettled pool, the fees and the reserve are
 * taken, the rest is credited (debt repaid first). Refunds and chargebacks netted from the unsettled
 * pool before this batch already took part of its gross: only what is left of the pool is taken, and
 * a net below zero is a deduction (owed if short).
 */
export function settlementLines(bal: Balances, gross: number, fee: number, reserve: number): { lines: Line[]; recognized: number } {
  const take = Math.min(gross, Math.max(bal.unsettled, 0));
  const net = take - fee - reserve;
  const after = { ...bal, unsettled: bal.unsettled - take, reserve: bal.reserve + reserve };
  return {
    recognized: net,
    lines: [
      { kind: 'unsettled', amount: -take },
      { kind: 'feeTxn', amount: fee },
      { kind: 'reserve', amount: reserve },
      ...(net >= 0 ? credit(after, net) : deduction({ ...after, unsettled: 0 }, -net, true)),
    ],
  };
}

/** Credits a tabulated batch: the ledger posting, its reserve hold, the transactions settled. */
export async function creditBatch(db: Db, batchId: number, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('settlement_batches')
      .set({ credit_status: CreditStatus.credited, credited_at: now })
      .where('id', '=', batchId)
      .where('credit_status', '=', CreditStatus.tabulated)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    const b = await trx.selectFrom('settlement_batches').selectAll().where('id', '=', batchId).executeTakeFirstOrThrow();
    const c = await getConfig(trx, b.merchant_id, b.gateway_id);
    const gross = Number(b.gross);
    const fee = Number(b.single_fee);
    const reserve = Number(b.reserve_extracted);
    const key = { merchantId: b.merchant_id, gatewayId: b.gateway_id, currency: b.currency };
    let recognized = 0;
    await post(
      trx,
      key,
      SETTLEMENT_KINDS,
      (bal) => {
        const r = settlementLines(bal, gross, fee, reserve);
        recognized = r.recognized;
        return r.lines;
      },
      { type: 'settlement', refType: 'batch', refId: b.id, refNo: b.batch_no, at: now },
    );
    if (reserve > 0)
      await trx
        .insertInto('reserve_holds')
        .values({
          merchant_id: b.merchant_id,
          gateway_id: b.gateway_id,
          currency: b.currency,
          batch_id: b.id,
          amount: reserve,
          release_on: addDays(b.settle_date, c.reserveDays),
          released_at: null,
        })
        .execute();
    const fees = await eventFees(trx, b, now);
    await trx
      .updateTable('settlement_batches')
      .set({ recognized, ...fees })
      .where('id', '=', b.id)
      .execute();
    await trx
      .updateTable('transactions')
      .set({
        settle_status: SettleStatus.settled,
        reserve_status: sql<number>`case when reserve_amount > 0 then ${sql.lit(ReserveStatus.held)} else reserve_status end`,
      })
      .where('id', 'in', (eb) => eb.selectFrom('settlement_items').select('transaction_id').where('batch_id', '=', b.id))
      .execute();
    await emitWebhookEvent(trx, 'settlement.credited', b.id, now);
    return true;
  });
}

/** Releases the reserve holds due on or before `day`: each its own ledger posting (reserve -> available). */
export async function releaseReserves(
  db: Db,
  day: string,
  now: number,
  merchantId?: number,
): Promise<{ released: number; amount: number }> {
  const due = await db
    .selectFrom('reserve_holds')
    .select(['id', 'merchant_id', 'gateway_id', 'currency', 'amount', 'batch_id'])
    .where('release_on', '<=', day)
    .where('released_at', 'is', null)
    .$if(merchantId !== undefined, (qb) => qb.where('merchant_id', '=', merchantId ?? 0))
    .orderBy('release_on')
    .orderBy('id')
    .execute();
  let released = 0;
  let amount = 0;
  for (const h of due) {
    await db.transaction().execute(async (trx) => {
      const marked = await trx
        .updateTable('reserve_holds')
        .set({ released_at: now })
        .where('id', '=', h.id)
        .where('released_at', 'is', null)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) return;
      let x = 0;
      await post(
        trx,
        { merchantId: h.merchant_id, gatewayId: h.gateway_id, currency: h.currency },
        ['available', 'reserve', 'debt'],
        (b) => {
          // The reserve may have paid refunds or chargebacks meanwhile: release what is left of this hold.
          x = Math.min(Number(h.amount), Math.max(b.reserve, 0));
          return [{ kind: 'reserve', amount: -x }, ...credit(b, x)];
        },
        { type: 'reserveRelease', refType: 'reserve', refId: h.id, refNo: String(h.id), at: now },
      );
      await trx.updateTable('reserve_holds').set({ released_amount: x }).where('id', '=', h.id).execute();
      await trx
        .updateTable('settlement_batches')
        .set({ reserve_returned: sql<number>`reserve_returned + ${x}` })
        .where('id', '=', h.batch_id)
        .execute();
      released += 1;
      amount += x;
    });
  }
  return { released, amount };
}

export type SettleRun = { day: string; batches: number; transactions: number; released: number };

/**
 * One settlement run for a business day: reserves due are released, then every gateway whose
 * settlement type settles that day gets its batch, tabulated then credited; batches a crash left
 * tabulated are credited too.
 */
export async function runSettlement(db: Db, day: string, now: number, merchantId?: number): Promise<SettleRun> {
  const { released } = await releaseReserves(db, day, now, merchantId);
  const gateways = await db
    .selectFrom('gateways')
    .select(['id', 'merchant_id', 'currency'])
    .$if(merchantId !== undefined, (qb) => qb.where('merchant_id', '=', merchantId ?? 0))
    .orderBy('id')
    .execute();
  let batches = 0;
  let transactions = 0;
  for (const g of gateways) {
    const c = await getConfig(db, g.merchant_id, g.id);
    if (!isSettlementDay(day, c.settleType)) continue;
    // A gateway whose payments were recorded before the ledger has no capture posted: it waits for
    // `ledger:backfill` rather than settling money the ledger never received.
    const captured = await db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('gateway_id', '=', g.id)
      .where('kind', '=', 'capture')
      .executeTakeFirst();
    if (!captured) continue;
    const id = await tabulate(db, { merchantId: g.merchant_id, gatewayId: g.id, currency: g.currency }, c, day, now);
    if (id === null) continue;
    batches += 1;
  }
  const pending = await db
    .selectFrom('settlement_batches')
    .select(['id', 'tx_count'])
    .where('credit_status', '=', CreditStatus.tabulated)
    .$if(merchantId !== undefined, (qb) => qb.where('merchant_id', '=', merchantId ?? 0))
    .orderBy('id')
    .execute();
  for (const b of pending) if (await creditBatch(db, b.id, now)) transactions += b.tx_count;
  return { day, batches, transactions, released };
}

/** The business day of an instant (UTC+08:00). */
export const settlementDayOf = (now: number) => businessDay(now);
