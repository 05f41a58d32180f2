import { OPERATION_LOG_RETENTION_MONTHS } from '@mbo/shared/operation-log';
import { OPERATION_LOG_KEEP_MS } from '../db/migrations/0008-system-management';
import { positiveInt, UsageError, type Command } from './ops-common';

/** Operator commands of system management. */
export const SYSTEM_COMMANDS: Record<string, Command> = {
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
  },
};
