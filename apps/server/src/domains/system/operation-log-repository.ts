import type { TOperationLogFilters, TOperationLogListQuery } from '@mbo/shared/operation-log';
import type { Db } from '../../db/database';
import { type ExportReader } from '../../platform/export-reader';
import { keysetBatches } from '../../platform/keyset-walk';
import { keysetPage } from '../../platform/list';
import type { Scope } from '../../platform/scope';
import { containsPattern, likeLower } from './roles-repository';

/**
 * Reads of the operation log: the scope's merchant, a day range (epoch ms, in the caller's timezone),
 * newest first on operation_logs_merchant_idx (operation_logs_module_idx with a module). Nothing here
 * writes: entries are written by platform/operation-log.ts only, and never changed.
 */
export type DayRange = { fromMs: number; toMs: number };

const COLUMNS = [
  'id',
  'created_at',
  'operator',
  'admin_id',
  'sys_admin',
  'source',
  'ip',
  'module',
  'op_type',
  'operation',
  'action',
  'content',
  'target',
  'result',
  'error',
] as const;

function filtered(db: Db, scope: Scope, f: TOperationLogFilters, range: DayRange) {
  return db
    .selectFrom('operation_logs')
    .where('merchant_id', '=', scope.merchantId)
    .where('created_at', '>=', range.fromMs)
    .where('created_at', '<', range.toMs)
    .$if(f.module !== undefined, (qb) => qb.where('module', '=', f.module ?? ''))
    .$if(f.type !== undefined, (qb) => qb.where('op_type', '=', f.type ?? ''))
    .$if(f.operator !== undefined, (qb) => qb.where(likeLower('operator', containsPattern(f.operator ?? ''))));
}

function logList(db: Db, scope: Scope, f: TOperationLogFilters, range: DayRange) {
  return {
    rows: () => filtered(db, scope, f, range).select(COLUMNS),
    sort: { column: 'created_at', id: 'id', direction: 'desc', value: (r: { created_at: number }) => r.created_at },
  } as const;
}

export type OperationLogRow = Awaited<ReturnType<ReturnType<ReturnType<typeof logList>['rows']>['execute']>>[number];

export function listOperationLogs(db: Db, scope: Scope, q: TOperationLogListQuery, range: DayRange) {
  return keysetPage(db, logList(db, scope, q, range), q, { count: filtered(db, scope, q, range) });
}

export function iterateOperationLogs(db: Db, scope: Scope, f: TOperationLogFilters, range: DayRange, reader: (() => ExportReader) | null) {
  return keysetBatches(logList(db, scope, f, range), { reader });
}
