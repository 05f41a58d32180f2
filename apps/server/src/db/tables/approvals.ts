import type { Generated } from 'kysely';
import type { Flag } from './columns';

/* A second approver (migration 0031; domains/approvals/README.md). */

/** The owner's rule for one kind of money action. */
export interface ApprovalPoliciesTable {
  merchant_id: number;
  /** APPROVAL_KINDS. */
  kind: string;
  enabled: Flag;
  /** Whole major units of the action's currency: from this amount on, the action waits. */
  threshold: number;
  expiry_hours: number;
  updated_at: number;
}

/** A money action held for another administrator. */
export interface ApprovalRequestsTable {
  id: Generated<number>;
  merchant_id: number;
  /** Null for a change of the whole merchant (a bank account). */
  gateway_id: number | null;
  kind: string;
  /** ApprovalStatus. */
  status: number;
  currency: string;
  /** Minor units of `currency`. */
  amount: number;
  /** What the action touches, as the list shows it (transaction number, masked bank account). */
  target: string;
  /** JSON of the request as it was sent. */
  payload: string;
  reason: string;
  requester_admin_id: number | null;
  requester_name: string;
  created_at: number;
  expires_at: number;
  decided_by_admin_id: number | null;
  decided_by_name: string;
  decided_at: number | null;
  comment: string;
  /** The withdrawal or refund number once approved. */
  result_no: string;
}

/** The tables of this area, by name (composed into `Database`, db/types.ts). */
export interface ApprovalTables {
  approval_policies: ApprovalPoliciesTable;
  approval_requests: ApprovalRequestsTable;
}
