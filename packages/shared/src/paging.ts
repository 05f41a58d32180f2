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

/** Spec §5: after a size change, if page × new size exceeds total, the page resets to 1. */
export function pageAfterSizeChange(page: number, newSize: number, total: number): number {
  return page * newSize > total ? 1 : page;
}
