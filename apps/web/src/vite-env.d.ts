/// <reference types="vite/client" />

/** Build timestamp (ms) injected by vite.config.ts; also written to dist/version.json. */
declare const __BUILD_VERSION__: number;

/** A locale file's sign-in namespaces, or all the others (build/locale-parts.ts). */
declare module '*.json?signIn' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?rest' {
  const texts: Record<string, unknown>;
  export default texts;
}
