import { afterEach, describe, expect, it, vi } from 'vitest';
import { monthStartIn, todayIn } from './zone-clock';

describe('date filter defaults', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes "today" in the chosen timezone, not the machine one', () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-01T17:30:00Z'), toFake: ['Date'] });
    expect(todayIn('Asia/Shanghai')).toBe('2026-03-02');
    expect(todayIn('America/New_York')).toBe('2026-03-01');
  });

  it('starts months in the chosen timezone', () => {
    vi.useFakeTimers({ now: Date.parse('2026-03-31T20:00:00Z'), toFake: ['Date'] });
    expect(monthStartIn('Asia/Shanghai')).toBe('2026-04-01');
    expect(monthStartIn('Europe/London', 2)).toBe('2026-01-01');
  });
});
