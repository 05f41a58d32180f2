import { sql } from 'kysely';
import { OPERATION_LOGS, type TOperationLogFilters, type TOperationLogListQuery } from '@mbo/shared/operation-log';
import type { Db } from '../../db/database';
import { type ExportReader } from '../../platform/export-reader';
import { keysetBatches } from '../../platform/keyset-walk';
import { keysetPage } from '../../platform/list';
import { selectFields, type FieldRow } from '../../platform/list-fields';
import type { Scope } from '../../platform/scope';
import { containsPattern, likeLower } from './roles-repository';

/**
 * Reads of the operation log: the scope's merchant, a day range (epoch ms, in the caller's timezone),
 * newest first on operation_logs_merchant_idx (operation_logs_module_idx with a module). Nothing here
 * writes: entries are written by platform/operation-log.ts only, and never changed.
 */
export type DayRange = { fromMs: number; toMs: number };

/** Who performed an entry: an operator command, a scheduled job, else an administrator (by SSO or not). */
const ACTOR = sql<string>`case when l.source = 'ops' then 'operator' when l.source = 'job' then 'system' when l.sys_admin = 1 then 'sysAdmin' else 'admin' end`;

function filtered(db: Db, scope: Scope, f: TOperationLogFilters, range: DayRange) {
  return db
    .selectFrom('operation_logs as l')
    .where('l.merchant_id', '=', scope.merchantId)
    .where('l.created_at', '>=', range.fromMs)
    .where('l.created_at', '<', range.toMs)
    .$if(f.module !== undefined, (qb) => qb.where('l.module', '=', f.module ?? ''))
    .$if(f.type !== undefined, (qb) => qb.where('l.op_type', '=', f.type ?? ''))
    .$if(f.operator !== undefined, (qb) => qb.where(likeLower('l.operator', containsPattern(f.operator ?? ''))));
}

/** The entry's own columns the answer's labels are made from (the action, the stored result and error). */
function logList(db: Db, scope: Scope, f: TOperationLogFilters, range: DayRange) {
  return {
    rows: () =>
      selectFields(filtered(db, scope, f, range), OPERATION_LOGS.fields, 'l', {
        actor: ACTOR,
        type: 'l.op_type',
        success: 'l.result',
        failure: 'l.error',
        action: 'l.action',
        actorKind: 'l.actor_kind',
        authMethod: 'l.auth_method',
        before: 'l.before_value',
        after: 'l.after_value',
      }),
    sort: { column: 'l.created_at', id: 'l.id', direction: 'desc', value: (r: OperationLogRow) => Number(r.createdAt) },
  } as const;
}

export type OperationLogRow = FieldRow<typeof OPERATION_LOGS.fields>;

export function listOperationLogs(db: Db, scope: Scope, q: TOperationLogListQuery, range: DayRange) {
  return keysetPage(db, logList(db, scope, q, range), q, { count: filtered(db, scope, q, range) });
}

export function iterateOperationLogs(db: Db, scope: Scope, f: TOperationLogFilters, range: DayRange, reader: (() => ExportReader) | null) {
  return keysetBatches(logList(db, scope, f, range), { reader });
}

/** The JSON Lines export's rows: every stored field of an entry, the chain's hashes included. */
function lineList(db: Db, scope: Scope, f: TOperationLogFilters, range: DayRange) {
  return {
    rows: () =>
      filtered(db, scope, f, range).select([
        'l.id',
        'l.created_at',
        'l.merchant_id',
        'l.admin_id',
        'l.operator',
        'l.actor_kind',
        'l.auth_method',
        'l.source',
        'l.ip',
        'l.module',
        'l.op_type',
        'l.action',
        'l.operation',
        'l.content',
        'l.target',
        'l.result',
        'l.code',
        'l.error',
        'l.before_value',
        'l.after_value',
        'l.prev_hash',
        'l.hash',
      ]),
    sort: { column: 'l.created_at', id: 'l.id', direction: 'desc', value: (r: { created_at: number }) => Number(r.created_at) },
  } as const;
}

export function iterateOperationLogLines(db: Db, scope: Scope, f: TOperationLogFilters, range: DayRange) {
  return keysetBatches(lineList(db, scope, f, range));
}
