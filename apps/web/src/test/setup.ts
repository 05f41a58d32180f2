import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { ConfigProvider, Modal, message, notification } from 'antd';
import { actDestroy as resetMessageHolder } from 'antd/lib/message';
import { actDestroy as resetNotificationHolder } from 'antd/lib/notification';
import zhCn from '../locales/zhCn.json';
import zhHk from '../locales/zhHk.json';
import en from '../locales/en.json';
import { addLanguage, detectLanguage, setLanguage } from '../platform/i18n';
import { clearCookies } from './utils';

// findBy*/waitFor give up after 1 s by default; lazy pages in jsdom on a busy 2-core machine can take
// longer than that. A longer wait changes no assertion: a screen that never appears still fails.
configure({ asyncUtilTimeout: 10_000 });

// The app fetches each language's texts when needed (platform/i18n.ts); tests have all three at once,
// so setLanguage() switches synchronously.
addLanguage('zhCn', zhCn);
addLanguage('zhHk', zhHk);
addLanguage('en', en);

// The files of a worker may share one jsdom (vitest.config.ts, isolate: false; the app's modules are
// fresh for each file: fresh-modules.ts). What a file leaves in the browser's state is put back here,
// before each file, to what a fresh page load has: no stored language, session or cookie, the
// browser's language, real timers and globals.
localStorage.clear();
sessionStorage.clear();
clearCookies();
setLanguage(detectLanguage());
vi.useRealTimers();
vi.unstubAllGlobals();
// A loading bar a previous file's screen left fading out (its module, and the timer that removes it,
// belong to that file): a fresh page has none.
document.getElementById('nprogress')?.remove();

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

/** Where a wrapper keeps antd's own function: a later file's setup wraps that one, not the wrapper. */
const ORIGINAL = Symbol('antd static function');

function noteCalls(api: object, names: readonly string[]): void {
  for (const name of names) {
    const current: unknown = Reflect.get(api, name);
    if (typeof current !== 'function') continue;
    const original: unknown = Reflect.get(current, ORIGINAL) ?? current;
    const wrapper = (...args: unknown[]) => {
      staticUiUsed = true;
      return Reflect.apply(original as (...a: unknown[]) => unknown, api, args);
    };
    Reflect.set(wrapper, ORIGINAL, original);
    Reflect.set(api, name, wrapper);
  }
}

// jsdom reports CSS transitions as supported but never ends one, so a closed toast or dialog of the
// static API stayed in the document, leaving phase, for the rest of the worker. Without motion it is
// removed when it closes, as a user sees it go.
ConfigProvider.config({ theme: { token: { motion: false } } });
// antd stays loaded from file to file, and so did its toast holders, made by an earlier file. In
// later files a toast then found its holder gone (antd warned "calling notice in render", 48 times in
// one run) and showed nothing. Each file starts without holders; its first toast makes new ones
// (antd's hooks for tests; 'antd/lib' is the build that 'antd' resolves to in Node).
resetMessageHolder();
resetNotificationHolder();

noteCalls(message, ['open', 'success', 'error', 'info', 'warning', 'loading']);
noteCalls(notification, ['open', 'success', 'error', 'info', 'warning']);
noteCalls(Modal, ['confirm', 'info', 'success', 'error', 'warning']);

afterEach(() => {
  cleanup();
  if (!staticUiUsed) return;
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
  // antd renders a static dialog on a timer: one asked for at the end of a test may appear after
  // destroyAll() ran. Its node (the portal's div in <body>) goes too, so that the next test, or the
  // next file of this worker, does not find its buttons.
  for (const root of document.querySelectorAll('.ant-modal-root'))
    if (root.parentElement?.parentElement === document.body) root.parentElement.remove();
});
