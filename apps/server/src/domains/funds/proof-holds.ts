import { WaybillStatus, asProofType, isUploaded, type TDeliveryProofType } from '@mbo/shared/waybills';
import type { Db, DbOrTrx, Trx } from '../../db/database';

/*
 * What the settlement reads of the delivery proofs: the merchant's proof type and, per transaction,
 * whether its proof is uploaded as that type requires. The rules are the shared ones
 * (packages/shared/src/waybills.ts, isUploaded); the waybills domain writes the proofs and reads the
 * type from here, so funds never imports waybills.
 */

export async function findProofType(db: DbOrTrx, merchantId: number): Promise<TDeliveryProofType | null> {
  const m = await db.selectFrom('merchants').select('delivery_proof_type').where('id', '=', merchantId).executeTakeFirst();
  return asProofType(m?.delivery_proof_type);
}

/**
 * For the settlement hold and the settlement cycle's flags: per transaction of the
 * merchant, whether its delivery proof is uploaded as the merchant's type requires and whether it is
 * delivered. A merchant that needs no proof (type null) has nothing to wait for: every transaction is
 * { uploaded: true, delivered: true }. Ids of other merchants' transactions are left out of the map.
 */
export async function findDeliveryProofFlags(
  db: Db | Trx,
  merchantId: number,
  transactionIds: number[],
): Promise<Map<number, { uploaded: boolean; delivered: boolean }>> {
  const out = new Map<number, { uploaded: boolean; delivered: boolean }>();
  if (transactionIds.length === 0) return out;
  const type = await findProofType(db, merchantId);
  for (let i = 0; i < transactionIds.length; i += 500) {
    const rows = await db
      .selectFrom('transactions as t')
      .leftJoin('waybills as w', 'w.transaction_id', 't.id')
      .select(['t.id', 'w.tracking_no', 'w.image_count', 'w.status'])
      .where('t.merchant_id', '=', merchantId)
      .where('t.id', 'in', transactionIds.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      out.set(Number(r.id), {
        uploaded: isUploaded(type, r.status === null ? null : r),
        delivered: type === null || r.status === WaybillStatus.delivered,
      });
    }
  }
  return out;
}
