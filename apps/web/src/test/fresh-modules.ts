import { vi } from 'vitest';

// The first setup file of every jsdom test file (vitest.config.ts). The files of a worker share one
// jsdom and the packages' modules (antd, React), which are what made a file slow to start; the app's
// own modules are evaluated again for each file, so that no module state (the language, an open
// dialog's flag, the duplicate-submit window) passes from one file to the next.
vi.resetModules();
