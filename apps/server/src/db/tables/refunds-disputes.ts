import type { ColumnType, Generated } from 'kysely';
import type { UploadedFileColumns } from './columns';

/* Refunds, and the cases a transaction can draw (chargebacks, retrievals, alerts) with their appeal files. */

export interface RefundsTable {
  id: Generated<number>;
  merchant_id: number;
  gateway_id: number;
  transaction_id: number;
  refund_no: string;
  refund_type: number;
  method: number;
  /** RefundSource code: merchant, Ethoca alert, RDR alert. */
  source: number;
  dispute_id: number | null;
  currency: string;
  amount: number;
  settle_amount: number;
  available_amount: number;
  reason: string;
  applicant: string;
  applicant_admin_id: number | null;
  /** RefundProcessing code. */
  status: number;
  fail_reason: Generated<string>;
  applied_at: number;
  processed_at: number | null;
  /** The transaction's time (created_at), copied when the refund is recorded: the lists by transaction time seek it (migration 0038). */
  trade_at: number;
}

export interface DisputesTable {
  id: Generated<number>;
  merchant_id: number;
  gateway_id: number;
  transaction_id: number;
  case_no: string;
  /** DisputeKind code. */
  kind: number;
  /** ProcessingType code. */
  processing_type: number;
  currency: string;
  amount: number;
  settle_amount: number;
  chargeback_amount: Generated<number>;
  appeal_amount: Generated<number>;
  alert_amount: Generated<number>;
  settle_batch: Generated<string>;
  reason_code: Generated<string>;
  reason: Generated<string>;
  reply_deadline: number | null;
  appeal_status: Generated<number>;
  appeal_note: Generated<string>;
  appealed_at: number | null;
  decided_at: number | null;
  refund_id: number | null;
  reminded_5d_at: number | null;
  reminded_24h_at: number | null;
  /** Ethoca alerts only: the reminder 4 hours before the deadline (migration 0029). */
  reminded_4h_at: Generated<number | null>;
  /** The transaction's time (created_at), copied when the case is recorded: the lists by transaction time seek it (migration 0038). */
  trade_at: number;
  created_at: number;
  updated_at: number;
}

export interface DisputeFilesTable extends UploadedFileColumns {
  id: Generated<number>;
  dispute_id: number;
  merchant_id: number;
  uploaded_by_admin_id: number | null;
  created_at: number;
  /** The draft the file was chosen for (migration 0028): the appeal's evidence only once that draft is submitted. */
  draft_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The evidence draft of a case (migration 0028): saved freely, submitted once as the appeal. */
export interface DisputeDraftsTable {
  id: Generated<number>;
  dispute_id: number;
  merchant_id: number;
  version: number;
  note: Generated<string>;
  /** JSON object of the package's sections. */
  sections: Generated<string>;
  use_ce3: Generated<number>;
  updated_by_admin_id: number | null;
  created_at: number;
  updated_at: number;
  submitted_at: number | null;
}

/** The tables of this area, by name (composed into `Database`, db/types.ts). */
export interface RefundDisputeTables {
  refunds: RefundsTable;
  disputes: DisputesTable;
  dispute_files: DisputeFilesTable;
  dispute_drafts: DisputeDraftsTable;
}
