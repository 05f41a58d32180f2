import { describe, expect, it } from 'vitest';
import { changeText, countryName, pointsText, toneOf } from './insight-texts';

describe('report insight texts', () => {
  it('signs a change from the previous period and says when there was none', () => {
    expect(changeText(1234)).toBe('+12.34%');
    expect(changeText(-500)).toBe('-5.00%');
    expect(changeText(0)).toBe('0.00%');
    expect(changeText(null)).toBe('-');
    expect(pointsText(120)).toBe('+1.20');
    expect(pointsText(-35)).toBe('-0.35');
    expect(pointsText(null)).toBe('-');
  });

  it('calls more refunds or chargebacks bad news and more volume good news', () => {
    expect(toneOf(100, true)).toBe('good');
    expect(toneOf(-100, true)).toBe('bad');
    expect(toneOf(100, false)).toBe('bad');
    expect(toneOf(-100, false)).toBe('good');
    expect(toneOf(0, false)).toBe('flat');
    expect(toneOf(null, true)).toBe('flat');
  });

  it('names a country in the interface language with its code', () => {
    expect(countryName('DE', 'en')).toBe('Germany (DE)');
    expect(countryName('DE', 'zhCn')).toBe('德国 (DE)');
    expect(countryName('DE', 'zhHk')).toBe('德國 (DE)');
    expect(countryName('', 'en')).toBe('');
  });
});

describe('report insight chart series', () => {
  it('has every day of the period, the empty ones as zero amounts and no rate, in one currency', async () => {
    const { chartSeries, periodLabels } = await import('./insight-series');
    expect(periodLabels('day', '2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(periodLabels('month', '2025-11-01', '2026-02-28')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    const point = {
      txCount: 4,
      successCount: 3,
      successRateBp: 7500,
      refundCount: 0,
      refundAmount: 0,
      chargebackCount: 0,
      chargebackAmount: 0,
    };
    const s = chartSeries(
      {
        unit: 'day',
        period: { from: '2026-03-01', to: '2026-03-03' },
        previous: { from: '2026-02-26', to: '2026-02-28' },
        series: [
          { ...point, at: '2026-03-01', currency: 'USD', successAmount: 123_450 },
          { ...point, at: '2026-03-01', currency: 'JPY', successAmount: 5000 },
          { ...point, at: '2026-03-03', currency: 'USD', successAmount: 5 },
        ],
        comparison: [],
        breakdown: { gateway: [], currency: [], cardScheme: [], country: [] },
      },
      'USD',
    );
    expect(s.labels).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(s.amounts).toEqual([1234.5, 0, 0.05]);
    expect(s.rates).toEqual([75, null, 75]);
    expect(s.amountTexts).toEqual(['1,234.50 USD', '0.00 USD', '0.05 USD']);
    expect(s.rateTexts).toEqual(['75.00%', '-', '75.00%']);
  });
});
