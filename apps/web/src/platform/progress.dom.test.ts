import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { doneProgress, startProgress } from './progress';

const bar = () => document.getElementById('nprogress');

describe('the loading bar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('shows a named progressbar while something loads, then ends and leaves the page', () => {
    expect(bar()).toBeNull();
    startProgress();
    const shown = bar();
    expect(shown?.querySelector('[role="progressbar"]')?.getAttribute('aria-label')).toBeTruthy();
    // Put at the end of the body, outside the page's landmarks: a named region of its own.
    expect(shown?.getAttribute('role')).toBe('region');
    expect(shown?.getAttribute('aria-label')).toBeTruthy();
    expect(shown?.classList.contains('done')).toBe(false);
    doneProgress();
    expect(bar()?.classList.contains('done')).toBe(true);
    vi.advanceTimersByTime(600);
    expect(bar()).toBeNull();
  });

  it('is one bar for overlapping waits, ending with the last of them', () => {
    startProgress();
    startProgress();
    doneProgress();
    expect(document.querySelectorAll('#nprogress')).toHaveLength(1);
    expect(bar()?.classList.contains('done')).toBe(false);
    doneProgress();
    expect(bar()?.classList.contains('done')).toBe(true);
    vi.advanceTimersByTime(600);
    expect(bar()).toBeNull();
  });

  it('starts again at once when a wait begins while the last bar fades', () => {
    startProgress();
    doneProgress();
    startProgress();
    expect(document.querySelectorAll('#nprogress')).toHaveLength(1);
    expect(bar()?.classList.contains('done')).toBe(false);
    // The fading bar's removal does not take the new one with it.
    vi.advanceTimersByTime(600);
    expect(bar()).not.toBeNull();
    doneProgress();
    vi.advanceTimersByTime(600);
    expect(bar()).toBeNull();
  });

  it('never reads a layout value', () => {
    const reads = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get');
    const style = vi.spyOn(window, 'getComputedStyle');
    startProgress();
    doneProgress();
    expect(reads).not.toHaveBeenCalled();
    expect(style).not.toHaveBeenCalled();
  });
});
