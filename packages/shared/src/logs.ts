import { z } from 'zod';
import { defineList, field } from './list-fields';

/** The login log, declared once (list-fields.ts): the sign-ins to the merchant, newest first. */
export const LOGIN_LOGS = defineList({
  fields: {
    id: field.count(),
    loginName: field.text('loginLog.loginName'),
    ip: field.text('loginLog.ip'),
    success: field.data(z.boolean(), 'loginLog.result'),
    /** Why it failed, in the caller's language; empty on success. */
    reason: field.text('loginLog.reason'),
    createdAt: field.time('loginLog.time'),
  },
  /** The outcome (`success=true|false`, also 1/0); blank is "all". */
  filters: z.object({
    success: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().optional()),
  }),
  days: null,
});
/** Login log list query: the shared paging plus the outcome filter, newest first. */
export const { query: ZLoginLogQuery, row: ZLoginLog } = LOGIN_LOGS;
export type TLoginLogQuery = z.infer<typeof ZLoginLogQuery>;
export type TLoginLog = z.infer<typeof ZLoginLog>;
