import type { FastifyInstance } from 'fastify';
import type { TApprovalKind, TApprovalWaiting } from '@mbo/shared/approvals';
import type { TxRunner } from '../../platform/idempotency';
import type { SessionContext } from '../../platform/session';
import { setExecutor, type ApprovalExecutor, type HeldAction } from './executors';
import { approversOf, holdAction, mailApprovers, noticeApprovers, policyFor } from './service';

/*
 * What other domains use of approvals (DOMAIN_PUBLIC in eslint.config.js). A domain whose money action
 * may be held registers how the action runs (its own service function, so the same checks run when it
 * is approved) and sends each request through runOrHold. Approvals never imports those domains.
 */

/** How the action runs when approved (executors.ts). */
export function registerApprovalExecutor<T>(kind: TApprovalKind, executor: ApprovalExecutor<T>): void {
  setExecutor(kind, executor);
}

/** What a domain tells of its action (executors.ts). */
export type { HeldAction };

/**
 * Runs the action (`run`, with the request's transaction runner), or, when the owner's policy holds an
 * action of this kind and amount, records it for another administrator instead and answers that it waits.
 * `action` null: the request is not well formed enough to weigh; `run` refuses it with its own message.
 */
export async function runOrHold<T>(
  app: FastifyInstance,
  session: SessionContext,
  action: HeldAction | null,
  now: number,
  tx: TxRunner,
  run: (tx: TxRunner) => Promise<T>,
): Promise<T | TApprovalWaiting> {
  const policy = action ? await policyFor(app.db, session.merchantId, action) : null;
  if (!action || !policy) return run(tx);
  // Who to tell is read before the transaction (the same checks a session makes), so that it holds one connection only.
  const approvers = await approversOf(app.db, session, action.gatewayId);
  const waiting = await tx(async (trx) => {
    const w = await holdAction(trx, session, action, policy, now);
    await noticeApprovers(trx, session, action, w.approvalId, approvers, now);
    return w;
  });
  mailApprovers(app, session, action, waiting, approvers);
  return waiting;
}
