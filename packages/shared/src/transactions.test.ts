import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from './permissions';
import { TRANSACTION_VIEWS, TRANSACTION_VIEW_DEFS, ZTransactionExportRequest, ZTransactionListQuery, maskCard } from './transactions';
import { compareAmountText } from './list';

const range = { from: '2026-03-01', to: '2026-03-31' };

function issues(input: Record<string, unknown>): string[] {
  const r = ZTransactionListQuery.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
}

describe('transaction views', () => {
  it('every view has distinct paths and permissions that exist', () => {
    const paths = TRANSACTION_VIEWS.flatMap((v) => [
      TRANSACTION_VIEW_DEFS[v].list,
      TRANSACTION_VIEW_DEFS[v].detail,
      TRANSACTION_VIEW_DEFS[v].export,
    ]);
    expect(new Set(paths).size).toBe(paths.length);
    for (const v of TRANSACTION_VIEWS) {
      expect(ALL_PERMISSIONS).toContain(TRANSACTION_VIEW_DEFS[v].menu);
      expect(ALL_PERMISSIONS).toContain(TRANSACTION_VIEW_DEFS[v].download);
    }
  });
});

describe('ZTransactionListQuery', () => {
  it('coerces query-string text and applies defaults', () => {
    const q = ZTransactionListQuery.parse({ ...range, payStatus: '2', currency: 'usd', chargebackStatus: '1', email: '' });
    expect(q).toMatchObject({ page: 1, limit: 20, timeType: 'trade', payStatus: 2, currency: 'USD', chargebackStatus: 1 });
    expect(q.email).toBeUndefined();
  });

  it('refuses unknown codes, long ranges, reversed amounts and bad cursors', () => {
    expect(issues({ ...range, payStatus: '7' })).toHaveLength(1);
    expect(issues({ ...range, cardScheme: 'DINERS' })).toHaveLength(1);
    expect(issues({ from: '2026-01-01', to: '2026-07-01' })).toEqual(['to:dateRange.tooLong']);
    expect(issues({ ...range, amountMin: '10.01', amountMax: '10' })).toEqual(['amountMax:trade.amountReversed']);
    expect(issues({ ...range, amountMin: '1.001' })).toEqual(['amountMin:trade.badAmount']);
    expect(issues({ ...range, after: 'abc' })).toHaveLength(1);
    expect(issues({ ...range, cardFirst6: '41111' })).toHaveLength(1);
    expect(issues({ ...range, after: '1773100800000_12', cardLast4: '1234' })).toEqual([]);
  });

  it('the export request needs a known format', () => {
    expect(ZTransactionExportRequest.safeParse({ ...range, format: 'csv' }).success).toBe(true);
    expect(ZTransactionExportRequest.safeParse({ ...range, format: 'pdf' }).success).toBe(false);
  });
});

describe('helpers', () => {
  it('compares amount text exactly', () => {
    expect(compareAmountText('10.5', '10.50')).toBe(0);
    expect(compareAmountText('9.99', '10')).toBeLessThan(0);
    expect(compareAmountText('0100', '99.9')).toBeGreaterThan(0);
    expect(compareAmountText('0.1', '0.09')).toBeGreaterThan(0);
  });

  it('masks a card as first 6, six stars, last 4', () => {
    expect(maskCard('411111', '1111')).toBe('411111******1111');
  });
});
