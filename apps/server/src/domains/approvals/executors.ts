import { ErrorCode } from '@mbo/shared/envelope';
import type { TApprovalKind } from '@mbo/shared/approvals';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import type { TxRunner } from '../../platform/idempotency';
import type { Scope } from '../../platform/scope';

/* The actions a request can hold, and how each runs when approved (registered by the domain that owns it). */

export type Applicant = { name: string; adminId: number | null };

/** How a held action runs when approved: the action's own service, inside the approval's transaction (`tx`). */
export type ApprovalExecutor<T> = {
  run: (db: Db, scope: Scope, payload: unknown, applicant: Applicant, now: number, tx: TxRunner) => Promise<T>;
  /** The number the action gave (withdrawal, refund), kept with the request. */
  resultNo: (result: T) => string;
  /** What the detail shows of the held request (default: its plain fields as sent); secrets masked. */
  describe?: (payload: unknown) => Record<string, string | number>;
};

const executors = new Map<TApprovalKind, ApprovalExecutor<unknown>>();

export function setExecutor<T>(kind: TApprovalKind, executor: ApprovalExecutor<T>): void {
  executors.set(kind, executor as ApprovalExecutor<unknown>);
}

export function executorOf(kind: TApprovalKind): ApprovalExecutor<unknown> {
  const e = executors.get(kind);
  if (!e) throw new AppError('approval.kindUnavailable', ErrorCode.business);
  return e;
}

/** An action as a policy weighs it and the approvers read it. */
export type HeldAction = {
  kind: TApprovalKind;
  /** Null: it changes the whole merchant (a bank account); only administrators who see every gateway decide it. */
  gatewayId: number | null;
  /** Empty, and amount 0, for a kind without an amount (APPROVAL_KINDS_WITHOUT_AMOUNT). */
  currency: string;
  /** Minor units of `currency`. */
  amount: number;
  /** What it touches, as the list shows it (a transaction number, a masked bank account). */
  target: string;
  /** The request as it was sent: what runs when approved. */
  payload: unknown;
  /** The requester's words for the approver (required when held, except for a kind without an amount). */
  reason: string | undefined;
};
