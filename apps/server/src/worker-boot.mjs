// A worker thread run from the TypeScript sources (tests and `npm run dev`): registers tsx in this
// thread, then loads the thread's script named by workerData.script (export-worker.ts of the export
// pool, upload-parse-worker.ts of an upload's read). The compiled server starts dist/<script>.js directly.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(new URL(workerData.script, import.meta.url).href);
