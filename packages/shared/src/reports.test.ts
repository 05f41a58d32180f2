import { describe, expect, it } from 'vitest';
import {
  addMonths,
  DEFAULT_THRESHOLDS,
  formatBp,
  levelOf,
  monthSpan,
  ratioBp,
  ZChargebackRefundQuery,
  ZDailyReportQuery,
  ZMonthReportQuery,
} from './reports';

describe('report rates', () => {
  it('rounds basis points half up from integers and gives null for an empty denominator', () => {
    expect(ratioBp(1, 3)).toBe(3333);
    expect(ratioBp(2, 3)).toBe(6667);
    expect(ratioBp(1, 8)).toBe(1250);
    expect(ratioBp(1, 20_000)).toBe(1); // 0.5 bp rounds up
    expect(ratioBp(0, 5)).toBe(0);
    expect(ratioBp(3, 0)).toBeNull();
  });

  it('formats basis points as percent text without floating point', () => {
    expect(formatBp(160)).toBe('1.60%');
    expect(formatBp(7)).toBe('0.07%');
    expect(formatBp(10_000)).toBe('100.00%');
    expect(formatBp(-25)).toBe('-0.25%');
    expect(formatBp(null)).toBe('-');
  });
});

describe('monitoring levels', () => {
  it('compares the exact ratio, not the rounded one, and requires the minimum count', () => {
    const vamp = DEFAULT_THRESHOLDS.vamp;
    // 149.6 bp rounds to 150 but is below 1.5 %.
    expect(ratioBp(1496, 100_000)).toBe(150);
    expect(levelOf(vamp, 1496, 100_000, 1496)).toBeNull();
    expect(levelOf(vamp, 1500, 100_000, 1500)).toBe('excessive');
    const ecp = DEFAULT_THRESHOLDS.ecp;
    expect(levelOf(ecp, 99, 5_000, 99)).toBeNull();
    expect(levelOf(ecp, 100, 10_000, 100)).toBe('warning');
    expect(levelOf(ecp, 299, 9_000, 299)).toBe('excessive');
    expect(levelOf(ecp, 300, 10_000, 300)).toBe('highExcessive');
    expect(levelOf(ecp, 5, 0, 5)).toBeNull();
  });
});

describe('report queries', () => {
  it('counts months and refuses ranges over 6 months or reversed', () => {
    expect(monthSpan('2025-11', '2026-04')).toBe(6);
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(ZMonthReportQuery.safeParse({ from: '2025-11', to: '2026-04' }).success).toBe(true);
    const long = ZMonthReportQuery.safeParse({ from: '2025-11', to: '2026-05' });
    expect(long.error?.issues[0]?.message).toBe('dateRange.tooLong');
    expect(ZMonthReportQuery.safeParse({ from: '2026-13', to: '2026-12' }).success).toBe(false);
    expect(ZChargebackRefundQuery.safeParse({ from: '2026-01', to: '2026-02', cardScheme: 'DISCOVER' }).success).toBe(false);
  });

  it('parses the daily report query with defaults and empty filters', () => {
    const q = ZDailyReportQuery.parse({ from: '2026-05-01', to: '2026-05-31', gatewayNo: '', currency: '' });
    expect(q).toEqual({ from: '2026-05-01', to: '2026-05-31', page: 1, limit: 20, gatewayNo: undefined, currency: undefined });
    expect(ZDailyReportQuery.safeParse({ from: '2026-01-01', to: '2026-07-01' }).error?.issues[0]?.message).toBe('dateRange.tooLong');
  });
});
