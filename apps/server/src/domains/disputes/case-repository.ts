import type { Insertable, Updateable } from 'kysely';
import { AppealStatus, DisputeKind, ProcessingType } from '@mbo/shared/trade-enums';
import type { Db, DbOrTrx, Trx } from '../../db/database';
import type { DisputeFilesTable, DisputesTable, TransactionsTable } from '../../db/types';

/*
 * The writes of cases and alerts and the deadline job's SQL. Each runs inside the transaction the
 * service (merchant-service.ts, operator-service.ts) or the job opened; a conditional update answers
 * whether it applied, and the caller decides what a refusal means.
 */

/** A case by its number, across merchants (operator commands). */
export function findCaseByNo(db: DbOrTrx, caseNo: string) {
  return db.selectFrom('disputes').selectAll().where('case_no', '=', caseNo).executeTakeFirst();
}

export async function insertCase(trx: Trx, values: Insertable<DisputesTable>): Promise<number> {
  const row = await trx.insertInto('disputes').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export type TradeFlags = Pick<
  Updateable<TransactionsTable>,
  'chargeback_status' | 'retrieval_status' | 'rdr_status' | 'ethoca_status' | 'abnormal_status' | 'appeal_status'
>;

/** The flags a case sets on its transaction (what the transaction list filters on). */
export async function setTradeFlags(trx: Trx, tradeId: number, flags: TradeFlags): Promise<void> {
  await trx.updateTable('transactions').set(flags).where('id', '=', tradeId).execute();
}

/** Whether a retrieval of this transaction was already turned into a chargeback. */
export async function hasRetrievalConversion(trx: Trx, transactionId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('disputes')
    .select('id')
    .where('transaction_id', '=', transactionId)
    .where('processing_type', '=', ProcessingType.retrievalToChargeback)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records the acquirer's decision, only on a case still under appeal. */
export async function decideCaseAppeal(trx: Trx, caseId: number, won: boolean, now: number): Promise<boolean> {
  const res = await trx
    .updateTable('disputes')
    .set({
      appeal_status: won ? AppealStatus.success : AppealStatus.failed,
      processing_type: won ? ProcessingType.appealSuccessful : ProcessingType.appealFailed,
      decided_at: now,
      updated_at: now,
    })
    .where('id', '=', caseId)
    .where('appeal_status', '=', AppealStatus.underAppeal)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Files the merchant's appeal, only when none was filed and the deadline is still ahead (a second appeal cannot slip in). */
export async function fileCaseAppeal(trx: Trx, c: { id: number; chargeback_amount: number }, note: string, now: number): Promise<boolean> {
  const res = await trx
    .updateTable('disputes')
    .set({
      appeal_status: AppealStatus.underAppeal,
      processing_type: ProcessingType.appealPending,
      appeal_note: note,
      appeal_amount: c.chargeback_amount,
      appealed_at: now,
      updated_at: now,
    })
    .where('id', '=', c.id)
    .where('appeal_status', '=', AppealStatus.none)
    .where('reply_deadline', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertEvidenceFiles(trx: Trx, rows: Insertable<DisputeFilesTable>[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('dispute_files').values(rows).execute();
}

/** Points an alert at its refund, only if no refund was linked meanwhile (the same money is never refunded twice). */
export async function linkAlertRefund(trx: Trx, caseId: number, refundId: number, now: number): Promise<boolean> {
  const res = await trx
    .updateTable('disputes')
    .set({ refund_id: refundId, updated_at: now })
    .where('id', '=', caseId)
    .where('refund_id', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export type ReminderColumn = 'reminded_5d_at' | 'reminded_24h_at' | 'reminded_4h_at';

/**
 * Open cases whose deadline is within `before` of `now` and that were not reminded in this window yet:
 * a chargeback waiting for its appeal, a retrieval not turned into a chargeback, an Ethoca alert not
 * refunded. `kinds` keeps only cases of those kinds (the last reminder is for Ethoca alerts only).
 */
export function findCasesDueForReminder(
  db: Db,
  now: number,
  before: number,
  column: ReminderColumn,
  limit: number,
  kinds: readonly number[] | null = null,
) {
  return db
    .selectFrom('disputes as x')
    .innerJoin('transactions as t', 't.id', 'x.transaction_id')
    .select(['x.id', 'x.merchant_id', 'x.gateway_id', 'x.case_no', 'x.kind', 'x.reply_deadline', 't.trade_no'])
    .where('x.reply_deadline', '>', now)
    .where('x.reply_deadline', '<=', now + before)
    .where(`x.${column}`, 'is', null)
    .$if(kinds !== null, (qb) => qb.where('x.kind', 'in', kinds ?? []))
    .where((eb) =>
      eb.or([
        eb.and([
          eb('x.kind', '=', DisputeKind.chargeback),
          eb('x.appeal_status', '=', AppealStatus.none),
          eb('x.processing_type', 'in', [ProcessingType.chargeback, ProcessingType.retrievalToChargeback]),
        ]),
        eb.and([
          eb('x.kind', '=', DisputeKind.retrieval),
          eb.not(
            eb.exists(
              eb
                .selectFrom('disputes as c')
                .select('c.id')
                .whereRef('c.transaction_id', '=', 'x.transaction_id')
                .where('c.processing_type', '=', ProcessingType.retrievalToChargeback),
            ),
          ),
        ]),
        eb.and([eb('x.kind', '=', DisputeKind.ethocaAlert), eb('x.refund_id', 'is', null)]),
      ]),
    )
    .orderBy('x.reply_deadline', 'asc')
    .limit(limit)
    .execute();
}

/** Marks a case reminded in a window, only once (two runs at once still remind once). */
export async function markCaseReminded(trx: Trx, caseId: number, column: ReminderColumn, now: number): Promise<boolean> {
  const res = await trx
    .updateTable('disputes')
    .set({ [column]: now })
    .where('id', '=', caseId)
    .where(column, 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
