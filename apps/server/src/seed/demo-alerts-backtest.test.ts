import { describe, expect, it } from 'vitest';
import { alertDeadline } from './demo-alerts-backtest';

const at = (iso: string) => Date.parse(iso);

describe("the demo alert's deadline", () => {
  it('is 3.5 hours away, or earlier to stay on the business day (UTC+08:00), or the next day when the day is nearly over', () => {
    // 10:00 in Shanghai: 13:30 the same day.
    expect(alertDeadline(at('2026-11-29T02:00:00Z'))).toBe(at('2026-11-29T05:30:00Z'));
    // 21:42 in Shanghai: 23:50, still today, so the dashboard counts it due today.
    expect(alertDeadline(at('2026-11-29T13:42:00Z'))).toBe(at('2026-11-29T15:50:00Z'));
    // 23:40 in Shanghai: too little of the day is left; 3:10 the next day.
    expect(alertDeadline(at('2026-11-29T15:40:00Z'))).toBe(at('2026-11-29T19:10:00Z'));
  });
});
