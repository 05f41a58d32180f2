// `npm run build -w apps/server`: compiles the server to plain JavaScript in apps/server/dist, so that
// production runs `node apps/server/dist/main.js` without a TypeScript loader (less memory, faster start).
//
// - dist/main.js  the API server (what `npm start` runs)
// - dist/ops.js   the operator commands (`node apps/server/dist/ops.js <command>`)
// - dist/seed.js  the demo data loader
// - dist/export-worker.js  a thread of the export pool (platform/export-pool.ts), started by main.js
//
// Our own code and packages/shared (TypeScript sources) are bundled; every package from node_modules
// stays an ordinary import resolved by Node at run time (native addons such as better-sqlite3 and
// @node-rs/argon2 cannot be bundled; bundling the others as well made a 6 MB file that Node parses whole
// and left the server with more memory, not less). The files sit directly in dist/, at the same depth as
// src/, so the repository root resolved from import.meta.url (config.ts: the default WEB_DIST) is the same
// from the compiled files. Source maps are written beside them but not loaded by default (about 10 MB of
// memory): `NODE_OPTIONS=--enable-source-maps npm start` gives stack traces with TypeScript lines.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');

/** Bare imports stay external, except the workspace's own TypeScript package. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@mbo/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: here,
  entryPoints: {
    main: 'src/main.ts',
    ops: 'src/cli/ops.ts',
    seed: 'src/cli/seed.ts',
    'export-worker': 'src/export-worker.ts',
  },
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
  plugins: [externalPackages],
});
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .map(([file, out]) => `${path.basename(file)} ${(out.bytes / 1024).toFixed(0)} KB`);
console.log(`server build: ${bytes.join(', ')} in ${Date.now() - started} ms (apps/server/dist)`);
