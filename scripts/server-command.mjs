// How the compiled server is started, read from the `serve` script of package.json (what `npm start` runs
// after `npm run build`), so that the browser tests, the cluster stage and the benchmarks start the
// product exactly as a person does, with the same Node flags, while holding the node process's own pid.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serve = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.serve;
const words = serve.split(/\s+/);
if (words[0] !== 'node' || words.some((w) => /["'$`\\]/.test(w)))
  throw new Error(`package.json "serve" must be a plain node command: ${serve}`);

/** Arguments of `node` for the compiled server, relative to the repository root (its working directory). */
export const SERVER_NODE_ARGS = Object.freeze(words.slice(1));
/** The same server from its TypeScript sources under the loader (`npm run dev` without the watcher). */
export const SOURCE_SERVER_NODE_ARGS = Object.freeze(['--import', 'tsx', 'apps/server/src/main.ts']);
