import { z } from 'zod';
import { ZPageQuery } from './paging';

/** Login log list query: paging plus an optional outcome filter (`success=true|false`, also 1/0). */
export const ZLoginLogQuery = ZPageQuery.extend({
  success: z.stringbool().optional(),
});
export type TLoginLogQuery = z.infer<typeof ZLoginLogQuery>;
