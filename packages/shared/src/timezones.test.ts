import { describe, expect, it } from 'vitest';
import { TIMEZONE_OPTIONS, resolveTimezoneId, timezoneById } from './timezones';

describe('timezone options (spec §3)', () => {
  it('has the seven options in order', () => {
    expect(TIMEZONE_OPTIONS.map((o) => [o.id, o.timezone])).toEqual([
      [1, 'Asia/Shanghai'],
      [2, 'Asia/Kuala_Lumpur'],
      [3, 'Asia/Seoul'],
      [4, 'Europe/London'],
      [5, 'Europe/Paris'],
      [6, 'America/New_York'],
      [7, 'America/Chicago'],
    ]);
  });

  it('defaults to 1 unless the user timeZone matches an option', () => {
    expect(resolveTimezoneId(null, null)).toBe(1);
    expect(resolveTimezoneId(null, 'Pacific/Auckland')).toBe(1);
    expect(resolveTimezoneId(null, 'Europe/Paris')).toBe(5);
  });

  it('keeps a valid stored id and ignores an invalid one', () => {
    expect(resolveTimezoneId('6', 'Europe/Paris')).toBe(6);
    expect(resolveTimezoneId('9', 'Asia/Seoul')).toBe(3);
    expect(resolveTimezoneId('abc', null)).toBe(1);
  });

  it('finds an option by id, falling back to the first', () => {
    expect(timezoneById(4).timezone).toBe('Europe/London');
    expect(timezoneById(42).timezone).toBe('Asia/Shanghai');
  });
});
