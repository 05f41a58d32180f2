import { describe, expect, it } from 'vitest';
import { ZListQuery } from './list';
import { pageAfterSizeChange } from './paging';

describe('paging reset rule (spec §5)', () => {
  it('resets to page 1 when page × new size exceeds the total', () => {
    expect(pageAfterSizeChange(5, 50, 120)).toBe(1);
    expect(pageAfterSizeChange(3, 50, 149)).toBe(1);
  });

  it('keeps the page when it still fits', () => {
    expect(pageAfterSizeChange(2, 50, 120)).toBe(2);
    expect(pageAfterSizeChange(3, 50, 150)).toBe(3);
  });
});

describe('page query schema', () => {
  it('defaults page 1 and limit 20', () => {
    expect(ZListQuery.parse({})).toEqual({ page: 1, limit: 20 });
  });

  it('refuses zero, negative, huge and non-numeric values', () => {
    expect(ZListQuery.safeParse({ page: 0 }).success).toBe(false);
    expect(ZListQuery.safeParse({ limit: 500 }).success).toBe(false);
    expect(ZListQuery.safeParse({ page: '1e12' }).success).toBe(false);
    expect(ZListQuery.safeParse({ page: 'abc' }).success).toBe(false);
  });
});
