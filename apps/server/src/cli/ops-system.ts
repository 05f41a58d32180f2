import { OPERATION_LOG_RETENTION_MONTHS } from '@mbo/shared/operation-log';
import { OPERATION_LOG_KEEP_MS } from '../db/migrations/0008-system-management';
import { clearOwnerLockouts } from '../domains/auth/lockout';
import { findAccountForLogin } from '../domains/auth/repository';
import { accountKey, accountLockedUntil } from '../platform/attempt-limiter';
import { writeOperationLog } from '../platform/audit';
import { AppError } from '../platform/errors';
import { verifyChains } from '../platform/operation-log-verify';
import { merchantScope, positiveInt, text, UsageError, type Command } from './ops-common';

/** Operator commands of system management. */
export const SYSTEM_COMMANDS: Record<string, Command> = {
  // For a login with neither a person nor a mobile or email on its admin row: nobody can be sent an
  // unlock code, so customer service lifts the lock once it knows who is asking (auth README).
  'admin:unlock': {
    summary: 'lift the sign-in lock of a login (and of its password checks) after confirming who asks',
    usage: 'admin:unlock --merchant 100001 --login NAME',
    options: { merchant: { type: 'string' }, login: { type: 'string' } },
    async run({ db, now }, values) {
      const merchantNo = text(values, 'merchant', true);
      const login = text(values, 'login', true);
      const account = await findAccountForLogin(db, merchantNo, login);
      if (!account) throw new UsageError(`no login "${login}" in merchant ${merchantNo}`);
      const at = now();
      const lockedUntil = await accountLockedUntil(db, accountKey(merchantNo, login), at);
      await clearOwnerLockouts(db, account.person_id !== null ? { personId: account.person_id } : { adminId: account.id });
      await writeOperationLog(db, {
        merchantId: account.merchant_id,
        adminId: account.id,
        sysAdmin: true,
        module: 'auth',
        operation: 'unlockByOperator',
        content: `login=${login}`,
        ip: '',
        now: at,
      });
      console.log(
        lockedUntil !== null
          ? `unlocked "${login}" of merchant ${merchantNo} (it was locked until ${new Date(lockedUntil).toISOString()})`
          : `"${login}" of merchant ${merchantNo} was not locked; its failure counts start over`,
      );
    },
  },
  'oplog:purge': {
    summary: `delete operation-log entries older than N months (at least ${OPERATION_LOG_RETENTION_MONTHS}; younger entries are kept by the database)`,
    usage: `oplog:purge --months N   (N >= ${OPERATION_LOG_RETENTION_MONTHS})`,
    options: { months: { type: 'string' } },
    async run({ db, now }, values) {
      const months = positiveInt(
        typeof values.months === 'string' ? values.months : undefined,
        '--months',
        OPERATION_LOG_RETENTION_MONTHS,
        1200,
      );
      if (months < OPERATION_LOG_RETENTION_MONTHS) throw new UsageError(`--months must be at least ${OPERATION_LOG_RETENTION_MONTHS}`);
      const at = now();
      const d = new Date(at);
      d.setUTCMonth(d.getUTCMonth() - months);
      // Never younger than the database's own limit, which would refuse the whole statement.
      const before = Math.min(d.getTime(), at - OPERATION_LOG_KEEP_MS);
      const res = await db.deleteFrom('operation_logs').where('created_at', '<', before).executeTakeFirst();
      console.log(`deleted ${Number(res.numDeletedRows)} operation-log entries older than ${new Date(before).toISOString()}`);
    },
  }, // Walks each merchant's hash chain (platform/operation-log-chain.ts); exits 1 naming every row that
  // was changed, removed or inserted behind the server's back.
  'oplog:verify': {
    summary: "verify the operation log's hash chains (every merchant's, or one's) and name each changed, removed or inserted entry",
    usage: 'oplog:verify [--merchant 100001]',
    options: { merchant: { type: 'string' } },
    async run({ db, now }, values) {
      const merchantNo = text(values, 'merchant', false);
      const ids = merchantNo ? [(await merchantScope(db, merchantNo)).merchantId] : undefined;
      const reports = await verifyChains(db, now(), ids);
      let broken = 0;
      for (const r of reports) {
        if (r.problems.length === 0) continue;
        broken += 1;
        console.log(`merchant ${r.merchantId}: ${r.problems.length} problem(s) in ${r.checked} chained entries`);
        for (const p of r.problems) console.log(`  entry ${p.id} [${p.kind}]: ${p.detail}`);
      }
      const checked = reports.reduce((n, r) => n + r.checked, 0);
      if (broken > 0) throw new AppError('opLog.chainBroken');
      console.log(`operation log intact: ${reports.length} merchant chain(s), ${checked} chained entries verified`);
    },
  },
};
