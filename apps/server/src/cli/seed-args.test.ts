import { describe, expect, it } from 'vitest';
import { parseSeedArgs } from './seed-args';

const CLOCK = Date.UTC(2026, 10, 26, 12, 0);

describe('npm run seed arguments', () => {
  it('reads every option, and --now as the instant it names at its own offset', () => {
    expect(
      parseSeedArgs(
        [
          '--reset',
          '--seed',
          '7',
          '--transactions',
          '50000',
          '--merchant',
          '100002',
          '--months',
          '6',
          '--now',
          '2026-11-26T17:30:00+08:00',
        ],
        CLOCK,
      ),
    ).toEqual({
      reset: true,
      now: Date.UTC(2026, 10, 26, 9, 30),
      trade: { seed: 7, transactions: 50000, merchantNo: '100002', months: 6 },
    });
    expect(parseSeedArgs(['--now', '2026-11-26T09:30Z'], CLOCK)).toMatchObject({ now: Date.UTC(2026, 10, 26, 9, 30) });
    expect(parseSeedArgs(['--now', '2026-11-25T23:15:30.250-05:00'], CLOCK)).toMatchObject({ now: Date.UTC(2026, 10, 26, 4, 15, 30, 250) });
    expect(parseSeedArgs([], CLOCK)).toEqual({ reset: false, now: null, trade: {} });
  });

  it('refuses a --now without an offset, an impossible date or time, one before 2000 or one in the future', () => {
    const format = /^--now needs a time with its offset/;
    for (const bad of [
      '2026-11-26',
      '2026-11-26T09:30:00',
      '2026-11-26 09:30Z',
      '2026-02-30T09:30Z',
      '2026-04-31T00:00Z',
      '2026-11-26T24:00Z',
      'yesterday',
      undefined,
    ]) {
      expect(parseSeedArgs(bad === undefined ? ['--now'] : ['--now', bad], CLOCK), String(bad)).toMatch(format);
    }
    expect(parseSeedArgs(['--now', '1999-12-31T23:59Z'], CLOCK)).toBe('--now must be in 2000 or later');
    expect(parseSeedArgs(['--now', '2026-11-26T12:01Z'], CLOCK)).toMatchObject({ now: CLOCK + 60_000 });
    expect(parseSeedArgs(['--now', '2026-11-26T12:02Z'], CLOCK)).toMatch(/^--now must not be in the future/);
  });

  it('refuses numbers out of range and unknown arguments', () => {
    expect(parseSeedArgs(['--months', '13'], CLOCK)).toBe('--months needs a whole number from 1 to 12');
    expect(parseSeedArgs(['--seed', '-1'], CLOCK)).toBe('--seed needs a whole number from 0 to 4294967295');
    expect(parseSeedArgs(['--merchant', '100003'], CLOCK)).toMatch(/^--merchant needs a demo merchant number/);
    expect(parseSeedArgs(['--day', '1'], CLOCK)).toBe('unknown argument: --day');
  });
});
