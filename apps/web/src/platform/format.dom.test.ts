import { afterEach, describe, expect, it } from 'vitest';
import { formatCount, formatMoney, formatMoneyInteger, formatPercent, parseTime } from './format';
import { setTimezoneId } from './timezone';

describe('parseTime', () => {
  afterEach(() => {
    localStorage.clear();
    setTimezoneId(1);
  });

  it('formats an ISO instant in the given timezone with the default pattern', () => {
    expect(parseTime('2026-03-01T16:30:05Z', undefined, 'Asia/Shanghai')).toBe('2026-03-02 00:30:05');
    expect(parseTime('2026-03-01T16:30:05Z', undefined, 'America/New_York')).toBe('2026-03-01 11:30:05');
    expect(parseTime('2026-07-01T16:30:05+08:00', undefined, 'Europe/London')).toBe('2026-07-01 09:30:05');
  });

  it('accepts a pattern', () => {
    expect(parseTime('2026-03-01T16:30:05Z', 'YYYY/MM/DD', 'Asia/Seoul')).toBe('2026/03/02');
  });

  it('reads millisecond numbers and 10-digit second timestamps, as numbers or numeric strings', () => {
    const seconds = Date.UTC(2026, 0, 2, 3, 4, 5) / 1000;
    expect(parseTime(seconds, undefined, 'Asia/Shanghai')).toBe('2026-01-02 11:04:05');
    expect(parseTime(seconds * 1000, undefined, 'Asia/Shanghai')).toBe('2026-01-02 11:04:05');
    expect(parseTime(String(seconds), undefined, 'Asia/Shanghai')).toBe('2026-01-02 11:04:05');
    expect(parseTime(String(seconds * 1000), undefined, 'Asia/Shanghai')).toBe('2026-01-02 11:04:05');
  });

  it('reads a date-time without offset as UTC and leaves a bare calendar date as it is', () => {
    expect(parseTime('2026-01-02 03:04:05', undefined, 'Asia/Shanghai')).toBe('2026-01-02 11:04:05');
    expect(parseTime('2026-01-02', 'YYYY-MM-DD', 'America/Chicago')).toBe('2026-01-02');
  });

  it('uses the chosen timezone when none is given (default Asia/Shanghai)', () => {
    expect(parseTime('2026-03-01T16:30:05Z')).toBe('2026-03-02 00:30:05');
    setTimezoneId(7);
    expect(parseTime('2026-03-01T16:30:05Z')).toBe('2026-03-01 10:30:05');
  });

  it('gives an empty string for empty or unreadable input', () => {
    expect(parseTime(null)).toBe('');
    expect(parseTime(undefined)).toBe('');
    expect(parseTime('')).toBe('');
    expect(parseTime('not a date')).toBe('');
    expect(parseTime(Number.NaN)).toBe('');
  });
});

describe('formatMoney', () => {
  it('formats major units with thousands separators and two decimals', () => {
    expect(formatMoney(1234567.891)).toBe('1,234,567.89');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(12)).toBe('12.00');
    expect(formatMoney('98765.4')).toBe('98,765.40');
    expect(formatMoney(-1234.5)).toBe('-1,234.50');
  });

  it('rounds half away from zero without floating-point slips', () => {
    expect(formatMoney(1.005)).toBe('1.01');
    expect(formatMoney(2.675)).toBe('2.68');
    expect(formatMoney(-1.005)).toBe('-1.01');
    expect(formatMoney(0.1 + 0.2)).toBe('0.30');
  });

  it('formats minor-unit integers of a currency exactly', () => {
    expect(formatMoney(123456789, { minorUnits: 2 })).toBe('1,234,567.89');
    expect(formatMoney(5, { minorUnits: 2 })).toBe('0.05');
    expect(formatMoney(-5, { minorUnits: 2 })).toBe('-0.05');
    expect(formatMoney(1500, { minorUnits: 0 })).toBe('1,500.00');
    expect(formatMoney(1234567, { minorUnits: 3 })).toBe('1,234.57');
  });

  it('gives an empty string for empty or non-numeric input', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('');
  });
});

describe('formatMoneyInteger', () => {
  it('rounds up to a whole number with thousands separators', () => {
    expect(formatMoneyInteger(1234.01)).toBe('1,235');
    expect(formatMoneyInteger(1234)).toBe('1,234');
    expect(formatMoneyInteger(0.1 + 0.2)).toBe('1');
    expect(formatMoneyInteger(1234567.2)).toBe('1,234,568');
    expect(formatMoneyInteger(123401, { minorUnits: 2 })).toBe('1,235');
    expect(formatMoneyInteger(100000, { minorUnits: 2 })).toBe('1,000');
    expect(formatMoneyInteger(null)).toBe('');
  });
});

describe('formatCount and formatPercent', () => {
  it('groups thousands in counts like amounts, and gives rates two decimals and %', () => {
    expect(formatCount(88547)).toBe('88,547');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-5739)).toBe('-5,739');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(null)).toBe('');
    expect(formatPercent(72.3)).toBe('72.30%');
    expect(formatPercent(null)).toBe('-');
  });
});
