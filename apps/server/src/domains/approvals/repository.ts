import { APPROVALS, ApprovalStatus, type TApprovalKind } from '@mbo/shared/approvals';
import type { TListPaging } from '@mbo/shared/list';
import { AdminStatus } from '@mbo/shared/merchants';
import type { Db, DbOrTrx, Trx } from '../../db/database';
import type { Flag } from '../../db/types';
import { keysetPage } from '../../platform/list';
import { selectFields } from '../../platform/list-fields';
import { inScope, type Scope } from '../../platform/scope';

/* All of the approvals domain's SQL (README.md). */

export type PolicyRow = { kind: string; enabled: Flag; threshold: number; expiry_hours: number };

export function readPolicies(db: DbOrTrx, merchantId: number): Promise<PolicyRow[]> {
  return db
    .selectFrom('approval_policies')
    .select(['kind', 'enabled', 'threshold', 'expiry_hours'])
    .where('merchant_id', '=', merchantId)
    .execute();
}

export async function readPolicy(db: DbOrTrx, merchantId: number, kind: TApprovalKind): Promise<PolicyRow | undefined> {
  return db
    .selectFrom('approval_policies')
    .select(['kind', 'enabled', 'threshold', 'expiry_hours'])
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export async function savePolicy(trx: Trx, merchantId: number, p: Omit<PolicyRow, 'kind'> & { kind: TApprovalKind }, now: number) {
  const values = { enabled: p.enabled, threshold: p.threshold, expiry_hours: p.expiry_hours, updated_at: now };
  await trx
    .insertInto('approval_policies')
    .values({ merchant_id: merchantId, kind: p.kind, ...values })
    .onConflict((oc) => oc.columns(['merchant_id', 'kind']).doUpdateSet(values))
    .execute();
}

export type NewRequest = {
  merchant_id: number;
  gateway_id: number | null;
  kind: TApprovalKind;
  currency: string;
  amount: number;
  target: string;
  payload: string;
  reason: string;
  requester_admin_id: number;
  requester_name: string;
  created_at: number;
  expires_at: number;
};

export async function insertRequest(trx: Trx, r: NewRequest): Promise<number> {
  const { id } = await trx
    .insertInto('approval_requests')
    .values({ ...r, status: ApprovalStatus.pending, decided_by_name: '', comment: '', result_no: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

/** Pending requests whose time ran out become expired (at every read of the merchant's requests, and by the job). */
export async function expireDue(db: DbOrTrx, now: number, merchantId?: number): Promise<number> {
  const res = await db
    .updateTable('approval_requests')
    .set({ status: ApprovalStatus.expired })
    .where('status', '=', ApprovalStatus.pending)
    .where('expires_at', '<=', now)
    .$if(merchantId !== undefined, (qb) => qb.where('merchant_id', '=', merchantId ?? 0))
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

type Filters = { status?: number | undefined; kind?: TApprovalKind | undefined };

function rows(db: DbOrTrx, scope: Scope, f: Filters) {
  const qb = db
    .selectFrom('approval_requests as r')
    // A merchant-wide request (bank change) has no gateway; a gateway-limited scope does not see it (inScope).
    .leftJoin('gateways as g', 'g.id', 'r.gateway_id')
    .where(inScope(scope, 'r'))
    .$if(f.status !== undefined, (q) => q.where('r.status', '=', f.status ?? 0))
    .$if(f.kind !== undefined, (q) => q.where('r.kind', '=', f.kind ?? ''));
  return selectFields(qb, APPROVALS.fields, 'r', {
    gatewayNo: 'g.gateway_no',
    requester: 'r.requester_name',
    requesterId: 'r.requester_admin_id',
    decidedBy: 'r.decided_by_name',
    resultNo: 'r.result_no',
    payload: 'r.payload',
    gatewayId: 'r.gateway_id',
  });
}

export function listRequests(db: Db, scope: Scope, q: Filters & TListPaging) {
  return keysetPage(
    db,
    {
      rows: () => rows(db, scope, q),
      sort: { column: 'r.created_at', id: 'r.id', direction: 'desc', value: (x) => Number(x.createdAt) },
    },
    q,
    { count: rows(db, scope, q) },
  );
}

export function findRequest(db: DbOrTrx, scope: Scope, id: number) {
  return rows(db, scope, {}).where('r.id', '=', id).executeTakeFirst();
}

/**
 * The one move out of pending: conditional on the request still pending and (for an approval) not
 * expired, so of two approvers at once exactly one moves it; the other finds nothing to move.
 */
export async function decide(
  trx: Trx,
  id: number,
  to: number,
  d: { adminId: number; name: string; now: number; comment?: string; resultNo?: string },
): Promise<boolean> {
  const res = await trx
    .updateTable('approval_requests')
    .set({
      status: to,
      decided_by_admin_id: d.adminId,
      decided_by_name: d.name,
      decided_at: d.now,
      comment: d.comment ?? '',
      result_no: d.resultNo ?? '',
    })
    .where('id', '=', id)
    .where('status', '=', ApprovalStatus.pending)
    .where('expires_at', '>', d.now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function setResultNo(trx: Trx, id: number, resultNo: string): Promise<void> {
  await trx.updateTable('approval_requests').set({ result_no: resultNo }).where('id', '=', id).execute();
}

/** The merchant's active administrators with their role and address (who may be told of a request). */
export function activeAdmins(db: Db, merchantId: number) {
  return db
    .selectFrom('admins as a')
    .leftJoin('persons as p', 'p.id', 'a.person_id')
    .select(['a.id', 'a.role_id', 'a.email', 'p.email as personEmail', 'p.language'])
    .where('a.merchant_id', '=', merchantId)
    .where('a.status', '=', AdminStatus.normal)
    .execute();
}
