import { z } from 'zod';
import { checkDateRange, ZDateRange } from './date-range';
import { exportRequest, listQuery, opt, optText, zListPage } from './list';
import { MODULES } from './permissions';

/**
 * The operation log (spec §2 /log/forwardOperateLogList, §3 Logs): every write the product performs,
 * recorded by the server for every write route (and by operator commands), never changed or deleted
 * through any route.
 */
export const OperationLogPath = {
  /** GET (menu /log/forwardOperateLogList). */
  list: '/log/operateLogList',
  /** POST: the list as CSV or XLSX (OperateLog:Downloads). */
  export: '/log/operateLog/export',
} as const;

/** Where an operation belongs: a module of the permission catalog, or sign-in (`auth`) and onboarding. */
export const OPERATION_MODULES = [...MODULES.map((m) => m.key), 'auth', 'onboarding'] as const;
export type TOperationModule = (typeof OPERATION_MODULES)[number];

/** What kind of write it was. */
export const OPERATION_TYPES = ['add', 'edit', 'delete', 'export', 'view', 'signIn', 'signOut'] as const;
export type TOperationType = (typeof OPERATION_TYPES)[number];

/** Who performed it: an administrator, a system administrator signed in by SSO, an acquirer operator command, or a scheduled job. */
export const OPERATION_ACTORS = ['admin', 'sysAdmin', 'operator', 'system'] as const;
export type TOperationActor = (typeof OPERATION_ACTORS)[number];

/** Entries are kept at least this long (the database refuses to delete younger ones). */
export const OPERATION_LOG_RETENTION_MONTHS = 12;

export const ZOperationLogFilters = ZDateRange.extend({
  /** Part of the operator's login name. */
  operator: optText(64),
  type: opt(z.enum(OPERATION_TYPES)),
  module: opt(z.enum(OPERATION_MODULES)),
});
export type TOperationLogFilters = z.infer<typeof ZOperationLogFilters>;
export const ZOperationLogListQuery = listQuery(ZOperationLogFilters, checkDateRange);
export type TOperationLogListQuery = z.infer<typeof ZOperationLogListQuery>;
export const ZOperationLogExport = exportRequest(ZOperationLogFilters, checkDateRange);
export type TOperationLogExport = z.infer<typeof ZOperationLogExport>;

export const ZOperationLog = z.object({
  id: z.number().int(),
  /** ISO 8601 UTC. */
  createdAt: z.string(),
  /** Login name of the administrator, or the operator's name for an operator command. */
  operator: z.string(),
  actor: z.enum(OPERATION_ACTORS),
  ip: z.string(),
  module: z.string(),
  type: z.string(),
  /** Stable name of the operation (`role.update`, `login`, ...) and its label in the caller's language. */
  operation: z.string(),
  operationLabel: z.string(),
  /** Details (never a secret). */
  content: z.string(),
  /** The object it touched (`adminId=12`, `refundNo=R2026...`), or empty. */
  target: z.string(),
  success: z.boolean(),
  /** Why it failed, in the caller's language; empty on success. */
  failure: z.string(),
});
export type TOperationLog = z.infer<typeof ZOperationLog>;
export const ZOperationLogPage = zListPage(ZOperationLog);
