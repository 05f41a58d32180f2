import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The server's thread scripts: src/<name>.ts, compiled to dist/<name>.js beside main.js (build.mjs). */
export type ThreadScript = 'export-worker' | 'upload-parse-worker' | 'count-worker';

/**
 * Starts a thread on one of the server's scripts: the compiled file when the server runs from dist/,
 * or the TypeScript source through tsx (worker-boot.mjs, which reads the script's name from
 * workerData) when it runs from its sources (tests, `npm run dev`).
 */
export function startThread(script: ThreadScript, options: WorkerOptions & { workerData?: Record<string, unknown> }): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  const url = fromSources ? new URL('../worker-boot.mjs', import.meta.url) : new URL(`./${script}.js`, import.meta.url);
  return new Worker(url, { ...options, workerData: { ...options.workerData, script: `${script}.ts` } });
}
