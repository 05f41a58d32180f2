import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { DatePicker, pickerNow } from './date-picker';
import { setTimezoneId } from './timezone';

const savedTz = process.env.TZ;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setTimezoneId(1);
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

/** 2026-11-27 20:30 UTC: already the 28th in Shanghai and Seoul, still the 27th in Los Angeles. */
const AT = Date.UTC(2026, 10, 27, 20, 30);

describe('date picker', () => {
  it("takes today from the display timezone, not the browser's", () => {
    process.env.TZ = 'America/Los_Angeles';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(AT);
    setTimezoneId(1);
    expect(pickerNow().format('YYYY-MM-DD HH:mm')).toBe('2026-11-28 04:30');
    expect(pickerNow('Asia/Seoul').format('YYYY-MM-DD HH:mm')).toBe('2026-11-28 05:30');
    expect(pickerNow('Europe/London').format('YYYY-MM-DD HH:mm')).toBe('2026-11-27 20:30');

    const { baseElement, unmount } = render(<DatePicker open />);
    expect(baseElement.querySelector('.ant-picker-cell-today')?.getAttribute('title')).toBe('2026-11-28');
    unmount();

    // New York (option 6) is still on the 27th.
    setTimezoneId(6);
    const { baseElement: other } = render(<DatePicker.RangePicker open />);
    expect(other.querySelector('.ant-picker-cell-today')?.getAttribute('title')).toBe('2026-11-27');
  });
});
