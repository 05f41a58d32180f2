import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkGroups } from './build/chunk-groups';
import { localeParts } from './build/locale-parts';
import { precompress } from './build/precompress';

/**
 * The build timestamp doubles as the release version: the guard compares it with the number in
 * /version.json (served from the same build) to detect that a newer release has been deployed.
 */
const buildVersion = Date.now();

function versionFile(version: number): Plugin {
  const body = JSON.stringify({ version });
  return {
    name: 'mbo-version-file',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: body });
    },
    configureServer(server) {
      server.middlewares.use('/version.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(body);
      });
    },
  };
}

const payEntry = resolve(import.meta.dirname, 'pay.html');
// The first script, the data layer and the layout each as one chunk, and the small modules the list
// screens share as one more (build/chunk-groups.ts).
const chunks = chunkGroups({
  root: import.meta.dirname,
  otherEntry: payEntry,
  otherEntryOwn: 'src/pay',
  levels: [
    {
      name: 'data',
      roots: ['src/app/query-scope.tsx'],
      shared: [
        'src/app/route-prefetch.ts',
        'src/platform/use-idle-after.ts',
        'src/platform/format.ts',
        '../../node_modules/antd/es/empty/index.js',
      ],
    },
    { name: 'layout', roots: ['src/app/layout/main-layout.tsx'] },
    {
      name: 'list',
      roots: [],
      shared: [
        'src/platform/export-buttons.tsx',
        'src/platform/download.ts',
        'src/platform/deferred-part.tsx',
        '../../packages/shared/src/trade-enums.ts',
        '../../node_modules/antd/es/table/index.js',
      ],
    },
  ],
});

export default defineConfig({
  plugins: [react(), localeParts({ areas: true }), versionFile(buildVersion), precompress(), chunks.plugin],
  define: {
    __BUILD_VERSION__: JSON.stringify(buildVersion),
  },
  server: {
    proxy: {
      '/v3api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    // dist/.vite/manifest.json: lets scripts/check-bundle-size.ts find the per-language text chunks.
    manifest: true,
    // Every browser the back office supports has <link rel=modulepreload>: no polyfill in the first script.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // The hosted payment page (/pay/{key}) is its own small entry, not the back office bundle.
      input: { main: resolve(import.meta.dirname, 'index.html'), pay: payEntry },
      output: {
        // Chunks are named by their hash alone: the app's first script lists every lazy chunk it may preload,
        // and descriptive names made that list a tenth of the sign-in page's own code.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: { groups: chunks.groups },
      },
      // The shared package declares its schemas beside the paths and constants a screen imports: a zod
      // constructor has no side effect, so a screen that uses none of them (the layout) loads no zod.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
