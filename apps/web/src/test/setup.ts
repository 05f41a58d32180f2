import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { Modal, message, notification } from 'antd';
import zhCn from '../locales/zhCn.json';
import zhHk from '../locales/zhHk.json';
import en from '../locales/en.json';
import { addLanguage } from '../platform/i18n';

// findBy*/waitFor give up after 1 s by default; lazy pages in jsdom on a busy 2-core machine can take
// longer than that. A longer wait changes no assertion: a screen that never appears still fails.
configure({ asyncUtilTimeout: 10_000 });

// The app fetches each language's texts when needed (platform/i18n.ts); tests have all three at once,
// so setLanguage() switches synchronously.
addLanguage('zhCn', zhCn);
addLanguage('zhHk', zhHk);
addLanguage('en', en);

// antd reads media queries (responsive grid, breakpoints); jsdom has no matchMedia.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(() => false),
  })),
});

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
}

// jsdom does not implement scrolling; the paging control scrolls to the top after a change.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// Toasts and confirm dialogs opened through antd's static API live in React roots of their own,
// which cleanup() does not unmount: their timers would fire after jsdom is gone ("window is not
// defined"). Calls to that API are noted (the wrappers pass everything through); after a test that
// made one they are closed. Files that never open one are left alone: closing would itself start
// React work. What React may still run after the last test is the scheduler race that
// vitest.config.ts names; no file waits a fixed time for it.
let staticUiUsed = false;

function noteCalls(api: object, names: readonly string[]): void {
  for (const name of names) {
    const original: unknown = Reflect.get(api, name);
    if (typeof original !== 'function') continue;
    Reflect.set(api, name, (...args: unknown[]) => {
      staticUiUsed = true;
      return Reflect.apply(original, api, args) as unknown;
    });
  }
}

noteCalls(message, ['open', 'success', 'error', 'info', 'warning', 'loading']);
noteCalls(notification, ['open', 'success', 'error', 'info', 'warning']);
noteCalls(Modal, ['confirm', 'info', 'success', 'error', 'warning']);

afterEach(() => {
  cleanup();
  if (!staticUiUsed) return;
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
});
