// `npm run build -w apps/server`: compiles the server to plain JavaScript in apps/server/dist, so that
// production runs `node apps/server/dist/main.js` without a TypeScript loader (less memory, faster start).
//
// - dist/main.js  the API server (what `npm start` runs)
// - dist/ops.js   the operator commands (`node apps/server/dist/ops.js <command>`)
// - dist/seed.js  the demo data loader
// - dist/migrate.js  the migrations as a deployment step of their own (`npm run migrate`)
// - dist/export-worker.js  a thread of the export pool (platform/export-pool.ts), started by main.js
// - dist/upload-parse-worker.js  the thread that reads one uploaded batch file (platform/upload-parse.ts)
// - dist/count-worker.js  the thread that counts lists exactly on a SQLite file (platform/count-thread.ts)
//
// Our own code and packages/shared (TypeScript sources) are bundled; every package from node_modules
// stays an ordinary import resolved by Node at run time (native addons such as better-sqlite3 and
// @node-rs/argon2 cannot be bundled; bundling the others as well made a 6 MB file that Node parses whole
// and left the server with more memory, not less). The files sit directly in dist/, at the same depth as
// src/, so the repository root resolved from import.meta.url (config.ts: the default WEB_DIST) is the same
// from the compiled files. Source maps are written beside them but not loaded by default (about 10 MB of
// memory): `NODE_OPTIONS=--enable-source-maps npm start` gives stack traces with TypeScript lines.
//
// The export thread's script is the one exception: it bundles kysely too. A thread starts on the first
// large export and its start is on that download's path (nothing is sent before a thread has read the
// first rows). Node resolving, reading and compiling kysely's 279 module files took about 210 ms of each
// thread's start; two threads started side by side were ready 587-604 ms after `new Worker` with kysely
// external and 258-332 ms with it bundled (in turns, an ad hoc script timing `new Worker` until the
// script had run). The file grows from 333 KB to about 780 KB; zod bundled as well gained nothing more.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');

/** The package a bare import names: `kysely` of `kysely/helpers/sqlite`, `@scope/name` of `@scope/name/x`. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Bare imports stay external, except the workspace's own TypeScript package and the packages in `bundled`. */
function externalPackages(bundled = []) {
  return {
    name: 'external-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@mbo/') || bundled.includes(packageOf(args.path))) return undefined;
        return { path: args.path, external: true };
      });
    },
  };
}

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
const common = {
  absWorkingDir: here,
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Keep function and class names: error messages, logs and `instanceof` checks read the same as from sources.
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
};
const results = await Promise.all([
  build({
    ...common,
    entryPoints: {
      main: 'src/main.ts',
      ops: 'src/cli/ops.ts',
      seed: 'src/cli/seed.ts',
      migrate: 'src/cli/migrate.ts',
      'upload-parse-worker': 'src/upload-parse-worker.ts',
      'count-worker': 'src/count-worker.ts',
    },
    plugins: [externalPackages()],
  }),
  build({ ...common, entryPoints: { 'export-worker': 'src/export-worker.ts' }, plugins: [externalPackages(['kysely'])] }),
]);
const bytes = results
  .flatMap((result) => Object.entries(result.metafile.outputs))
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, out]) => `${path.basename(file)} ${(out.bytes / 1024).toFixed(0)} KB`);
console.log(`server build: ${bytes.join(', ')} in ${Date.now() - started} ms (apps/server/dist)`);
