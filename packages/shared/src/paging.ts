import { z } from 'zod';

/** Spec §3/§9 paging control constants. */
export const PAGE_DEFAULT = 1;
export const LIMIT_DEFAULT = 20;
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const LIMIT_MAX = 50;
/** Deepest page a list accepts; deeper jumps must narrow their filters. */
export const PAGE_MAX = 100_000;
export const PAGER_COUNT_MOBILE = 5;
export const PAGER_COUNT_DESKTOP = 7;
export const MOBILE_BREAKPOINT = 992;
export const PAGE_SCROLL_MS = 800;

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(PAGE_DEFAULT),
  limit: z.coerce.number().int().min(1).max(LIMIT_MAX).default(LIMIT_DEFAULT),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const zPage = <T extends z.ZodType>(row: T) =>
  z.object({
    list: z.array(row),
    total: z.number().int(),
    /** true when `total` is a lower bound (the count stopped at a cap). */
    capped: z.boolean(),
    page: z.number().int(),
    limit: z.number().int(),
  });

export type TPage<T> = { list: T[]; total: number; capped: boolean; page: number; limit: number };

/** Spec §5: after a size change, if page × new size exceeds total, the page resets to 1. */
export function pageAfterSizeChange(page: number, newSize: number, total: number): number {
  return page * newSize > total ? 1 : page;
}
