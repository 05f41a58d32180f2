/// <reference types="vite/client" />

/** Build timestamp (ms) injected by vite.config.ts; also written to dist/version.json. */
declare const __BUILD_VERSION__: number;
