import { z } from 'zod';
import { checkDateRange, dateRangeFilters } from './date-range';
import { EXPORT_FORMATS, opt, optText } from './list';
import { defineList, field } from './list-fields';
import { MODULES } from './permissions';

/**
 * The operation log (spec §2 /log/forwardOperateLogList, §3 Logs): every write the product performs,
 * recorded by the server for every write route (and by operator commands), never changed or deleted
 * through any route.
 */
export const OperationLogPath = {
  /** GET (menu /log/forwardOperateLogList). */
  list: '/log/operateLogList',
  /** POST: the list as CSV, XLSX or JSON Lines for a SIEM (OperateLog:Downloads). */
  export: '/log/operateLog/export',
  /** GET: whether the caller's merchant's hash chain verifies (menu /log/forwardOperateLogList). */
  chain: '/log/operateLogChain',
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

/** The operation log, declared once (list-fields.ts); it opens on today's entries, newest first. */
export const OPERATION_LOGS = defineList({
  fields: {
    id: field.count(),
    /** ISO 8601 UTC. */
    createdAt: field.time('opLog.time'),
    /** Login name of the administrator, or the operator's name for an operator command. */
    operator: field.text('opLog.operator'),
    actor: field.textCode(undefined, 'opLog.actors', z.enum(OPERATION_ACTORS)),
    ip: field.text('opLog.ip'),
    module: field.textCode('opLog.module', 'opLog.modules'),
    type: field.textCode('opLog.type', 'opLog.types'),
    /** Stable name of the operation (`role.update`, `login`, ...) and its label in the caller's language. */
    operation: field.text(),
    operationLabel: field.data(z.string()),
    /** Details (never a secret). */
    content: field.text('opLog.content'),
    /** The object it touched (`adminId=12`, `refundNo=R2026...`), or empty. */
    target: field.text('opLog.target'),
    success: field.data(z.boolean(), 'opLog.result'),
    /** Why it failed, in the caller's language; empty on success. */
    failure: field.data(z.string()),
    /** admin, sso, operator or job (OPERATION_ACTOR_KINDS). */
    actorKind: field.text(),
    /** How the session signed in (AUTH_METHODS of passkeys.ts); empty for operator commands and jobs. */
    authMethod: field.text(),
    /** The object before and after the change, as masked JSON text; empty when not recorded. */
    before: field.text(),
    after: field.text(),
  },
  ...dateRangeFilters({
    /** Part of the operator's login name. */
    operator: optText(64),
    type: opt(z.enum(OPERATION_TYPES)),
    module: opt(z.enum(OPERATION_MODULES)),
  }),
  days: 1,
});
export const { query: ZOperationLogListQuery, row: ZOperationLog, page: ZOperationLogPage } = OPERATION_LOGS;
export type TOperationLogFilters = z.infer<typeof OPERATION_LOGS.filters>;
export type TOperationLogListQuery = z.infer<typeof ZOperationLogListQuery>;
export type TOperationLog = z.infer<typeof ZOperationLog>;
/** The export's formats: the lists' own plus JSON Lines (one entry a line, for a SIEM). */
export const OPERATION_LOG_EXPORT_FORMATS = [...EXPORT_FORMATS, 'jsonl'] as const;
export const ZOperationLogExport = OPERATION_LOGS.filters
  .extend({ format: z.enum(OPERATION_LOG_EXPORT_FORMATS) })
  .superRefine((v, ctx) => checkDateRange(v, ctx));
export type TOperationLogExport = z.infer<typeof ZOperationLogExport>;

/** Who performed an entry, as stored and exported: an administrator, SSO, an operator command, a job. */
export const OPERATION_ACTOR_KINDS = ['admin', 'sso', 'operator', 'job'] as const;

/** What is wrong with a row of a broken chain (`npm run ops -- oplog:verify` prints each with its detail). */
export const CHAIN_PROBLEM_KINDS = ['changed', 'linkBroken', 'inserted', 'unchained', 'lastRemoved', 'cutTooYoung'] as const;

/** GET OperationLogPath.chain: the caller's merchant's chain, verified now. */
export const ZOperationLogChain = z.object({
  intact: z.boolean(),
  /** ISO 8601 UTC. */
  checkedAt: z.string(),
  /** Entries in the chain (rows written before the chain began are not counted). */
  entries: z.number().int(),
  /** The first rows found wrong (at most 20). */
  problems: z.array(z.object({ id: z.number().int(), kind: z.enum(CHAIN_PROBLEM_KINDS) })),
});
export type TOperationLogChain = z.infer<typeof ZOperationLogChain>;
