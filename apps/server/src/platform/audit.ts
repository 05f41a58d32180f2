import type { Db } from '../db/database';
import type { MessageKey } from './messages';
import { recordEntry, type OperationEntry } from './operation-log';

export type LoginAttempt = {
  merchantId: number | null;
  adminId: number | null;
  merchantNo: string;
  loginName: string;
  ip: string;
  userAgent: string;
  success: boolean;
  reason: MessageKey;
  now: number;
};

export async function writeLoginLog(db: Db, a: LoginAttempt): Promise<void> {
  await db
    .insertInto('login_logs')
    .values({
      merchant_id: a.merchantId,
      admin_id: a.adminId,
      merchant_no: a.merchantNo.slice(0, 32),
      login_name: a.loginName.slice(0, 64),
      ip: a.ip.slice(0, 64),
      user_agent: a.userAgent.slice(0, 512),
      success: a.success ? 1 : 0,
      reason: a.reason,
      created_at: a.now,
    })
    .execute();
}

export type { OperationEntry };

/**
 * An operation-log entry written by code that knows the details (sign-in, password change, ...). Inside
 * a request or an operator command it joins the entry that platform/operation-log.ts writes for it.
 */
export async function writeOperationLog(db: Db, e: OperationEntry): Promise<void> {
  await recordEntry(db, e);
}
