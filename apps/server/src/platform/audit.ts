import type { Db } from '../db/database';
import type { MessageKey } from './messages';

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

export type OperationEntry = {
  merchantId: number;
  adminId: number;
  sysAdmin: boolean;
  /** Module key as in the shared permission catalog (`system`, `auth`, ...). */
  module: string;
  /** Stable operation name (`login`, `logout`, `updatePassword`, ...). */
  operation: string;
  /** Non-translated detail (ids, numbers); never secrets. */
  content: string;
  ip: string;
  now: number;
};

export async function writeOperationLog(db: Db, e: OperationEntry): Promise<void> {
  await db
    .insertInto('operation_logs')
    .values({
      merchant_id: e.merchantId,
      admin_id: e.adminId,
      sys_admin: e.sysAdmin ? 1 : 0,
      module: e.module,
      operation: e.operation,
      content: e.content.slice(0, 2000),
      ip: e.ip.slice(0, 64),
      created_at: e.now,
    })
    .execute();
}
