import { describe, expect, it } from 'vitest';
import { canonicalAmountInput, isMajorAmountText, majorTextToMinor, parseMajorAmount, toMajorString } from './money';

describe('money in minor units', () => {
  it('parses canonical amounts exactly', () => {
    expect(parseMajorAmount('1234.5', 'USD')).toBe(123450);
    expect(parseMajorAmount('0.07', 'EUR')).toBe(7);
    expect(parseMajorAmount('1200', 'JPY')).toBe(1200);
    expect(parseMajorAmount('007.50', 'USD')).toBe(750);
    expect(parseMajorAmount('9999999999999.99', 'USD')).toBe(999999999999999);
  });

  it('refuses a comma instead of reading "1,5" as 15 or "12,50" JPY as 1250', () => {
    expect(parseMajorAmount('1,5', 'USD')).toBeNull();
    expect(parseMajorAmount('12,50', 'JPY')).toBeNull();
    expect(parseMajorAmount('1,234.50', 'USD')).toBeNull();
  });

  it('refuses spaces, a second dot, signs, exponents, full-width digits and bare dots', () => {
    const bad = [
      '',
      ' ',
      '1 000',
      ' 12',
      '12 ',
      '1.2.3',
      '-1',
      '+1',
      '1e3',
      '1E3',
      '０.５',
      '１２',
      '٣',
      '.5',
      '5.',
      'abc',
      'NaN',
      'Infinity',
      '0x10',
    ];
    for (const text of bad) expect(parseMajorAmount(text, 'USD'), text).toBeNull();
  });

  it('refuses amounts that are not positive or have more decimals than the currency', () => {
    for (const text of ['0', '0.00', '0.001']) expect(parseMajorAmount(text, 'USD')).toBeNull();
    expect(parseMajorAmount('12.5', 'JPY')).toBeNull();
    expect(parseMajorAmount('99999999999999.99', 'USD')).toBeNull();
  });

  it('checks filter amount text with the same rule, zero allowed', () => {
    expect(isMajorAmountText('0')).toBe(true);
    expect(isMajorAmountText('12.34')).toBe(true);
    expect(isMajorAmountText('12.345')).toBe(false);
    expect(isMajorAmountText('1,5')).toBe(false);
    expect(isMajorAmountText('12.5', 0)).toBe(false);
    expect(isMajorAmountText('125', 0)).toBe(true);
    expect(majorTextToMinor('0', 2)).toBe(0);
  });

  it('makes what a person typed canonical only when commas group thousands', () => {
    expect(canonicalAmountInput(' 1,234.50 ')).toBe('1234.50');
    expect(canonicalAmountInput('1,234,567')).toBe('1234567');
    expect(canonicalAmountInput('1,5')).toBe('1,5');
    expect(canonicalAmountInput('12,50')).toBe('12,50');
    expect(canonicalAmountInput('1,23,456')).toBe('1,23,456');
    expect(parseMajorAmount(canonicalAmountInput('1,5'), 'USD')).toBeNull();
  });

  it('writes minor units as plain major text', () => {
    expect(toMajorString(123450, 'USD')).toBe('1234.50');
    expect(toMajorString(5, 'USD')).toBe('0.05');
    expect(toMajorString(-5, 'USD')).toBe('-0.05');
    expect(toMajorString(1200, 'JPY')).toBe('1200');
  });
});
