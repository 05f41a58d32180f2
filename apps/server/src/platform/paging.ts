import type { TPage, TPageQuery } from '@mbo/shared/paging';

export function pageOffset(q: TPageQuery): number {
  return (q.page - 1) * q.limit;
}

export function toPage<T>(list: T[], total: number, q: TPageQuery, capped = false): TPage<T> {
  return { list, total, capped, page: q.page, limit: q.limit };
}
