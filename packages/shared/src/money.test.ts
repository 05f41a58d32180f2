import { describe, expect, it } from 'vitest';
import { parseMajorAmount, toMajorString } from './money';

describe('money in minor units', () => {
  it('parses what a person types, exactly', () => {
    expect(parseMajorAmount('1,234.5', 'USD')).toBe(123450);
    expect(parseMajorAmount('0.07', 'EUR')).toBe(7);
    expect(parseMajorAmount('1200', 'JPY')).toBe(1200);
  });

  it('refuses amounts that are not positive or have too many decimals', () => {
    for (const bad of ['', '0', '0.00', '-1', '1e3', '0.001', 'abc', '1.2.3']) expect(parseMajorAmount(bad, 'USD')).toBeNull();
    expect(parseMajorAmount('12.5', 'JPY')).toBeNull();
  });

  it('writes minor units as plain major text', () => {
    expect(toMajorString(123450, 'USD')).toBe('1234.50');
    expect(toMajorString(5, 'USD')).toBe('0.05');
    expect(toMajorString(-5, 'USD')).toBe('-0.05');
    expect(toMajorString(1200, 'JPY')).toBe('1200');
  });
});
