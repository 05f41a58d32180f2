import { z } from 'zod';
import { listQuery } from './list';

/** Login log filters: the outcome (`success=true|false`, also 1/0); blank is "all". */
export const ZLoginLogFilters = z.object({
  success: z.preprocess((v) => (v === '' ? undefined : v), z.stringbool().optional()),
});
/** Login log list query: the shared paging plus the outcome filter, newest first. */
export const ZLoginLogQuery = listQuery(ZLoginLogFilters);
export type TLoginLogQuery = z.infer<typeof ZLoginLogQuery>;
