/// <reference types="vite/client" />

/** Build timestamp (ms) injected by vite.config.ts; also written to dist/version.json. */
declare const __BUILD_VERSION__: number;

/** A locale file's sign-in namespaces, or the shell's (build/locale-parts.ts). */
declare module '*.json?signIn' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?shell' {
  const texts: Record<string, unknown>;
  export default texts;
}
