import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { localeParts } from './build/locale-parts';

/**
 * Two projects: plain `.ts` tests (rules, parsers, formatting) run in Node without a DOM and without
 * the antd and locale setup, which is most of what a jsdom test file costs before its first test.
 * Component tests (`.tsx`) and the few `.ts` tests that need a browser's globals (cookies, storage,
 * fetch with the request client's toasts; named `*.dom.test.ts`) run in jsdom with the setup.
 */
export default defineConfig({
  plugins: [react(), localeParts()],
  define: {
    __BUILD_VERSION__: '0',
  },
  test: {
    css: false,
    // Vitest's default is one worker fewer than the cores: one on these 2-core machines, which left the
    // second core idle while a file built its jsdom and rendered (8 component files: 72-76 s -> 52-53 s).
    maxWorkers: 2,
    // A hang detector, not a speed check: the slowest tests take 8-10 s beside a CPU burner (`npm test -- --stress`).
    testTimeout: 60_000,
    // React's scheduler can run a last queued render on setImmediate after a file's jsdom has been torn
    // down; it then finds no `window`. That is the test environment closing under React, not a failure
    // of any test, so exactly that error (a ReferenceError for window from the scheduler/react-dom) is
    // ignored. Every other unhandled error still fails the run.
    onUnhandledError(error) {
      const stack = error.stack ?? '';
      const teardownRace =
        error.name === 'ReferenceError' && /window is not defined/.test(error.message) && /scheduler|react-dom/.test(stack);
      return teardownRace ? false : undefined;
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.dom.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'jsdom',
          // A worker runs its files one after another in one process instead of a new one per file,
          // which loaded antd, React and the locale texts again for each (setup and imports summed over
          // the 39 files: 89 s before, 11 s after; this project 158 s -> 51-58 s on 2 cores). The app's
          // own modules are still fresh for each file (fresh-modules.ts), and setup.ts puts back the
          // browser state and antd's static toasts and dialogs a file leaves.
          isolate: false,
          environment: 'jsdom',
          setupFiles: ['./src/test/fresh-modules.ts', './src/test/setup.ts'],
          include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
        },
      },
    ],
  },
});
