import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** The lazy modules of one signed-in screen, by its path: its levels' (data layer, layout) and its own. */
export type TRouteModules = Map<string, string[]>;

const LAZY_DECLARATION = /const (\w+) = lazyPage\(([\s\S]*?)\);\n/g;
const IMPORT_CALL = /import\('([^']+)'\)/g;
const MENU_PAGE = /'(\/[^']+)': \(\) => <(\w+)[\s/>]/g;
const ROUTE_ELEMENT = /path: '(\/[^':*]*)',\s*element: <(\w+)[\s/>]/g;

function resolveSource(fromDir: string, specifier: string): string | undefined {
  const base = resolve(fromDir, specifier);
  return ['.tsx', '.ts', '/index.tsx', '/index.ts'].map((ext) => base + ext).find(existsSync);
}

/**
 * Reads the route table (app/routes.tsx) for what each screen inside the layout loads: the `lazyPage`
 * declarations with the modules they import (the page and its first-data module), the menu screens
 * (`BUILT_MENU_PAGES`) and the routes written out with a path and a lazy element after the layout's
 * route (its children, such as the dashboard); each with the levels around it, the data layer
 * (`dataLevel`) and the layout (`layoutLevel`). Paths with parameters are left out.
 */
export function readRouteModules(routesFile: string, dataLevel: string, layoutLevel: string): TRouteModules {
  const source = readFileSync(routesFile, 'utf8');
  const dir = dirname(routesFile);
  const lazy = new Map<string, string[]>();
  for (const [, name, body] of source.matchAll(LAZY_DECLARATION)) {
    const modules = [...body!.matchAll(IMPORT_CALL)].map(([, spec]) => resolveSource(dir, spec!));
    lazy.set(
      name!,
      modules.filter((m): m is string => m !== undefined),
    );
  }
  const levels = [...(lazy.get(dataLevel) ?? []), ...(lazy.get(layoutLevel) ?? [])];
  const layoutAt = source.indexOf(`element: <${layoutLevel} />`);
  const out: TRouteModules = new Map();
  const add = (path: string, name: string) => {
    const own = lazy.get(name);
    if (own) out.set(path, [...levels, ...own]);
  };
  for (const m of source.matchAll(MENU_PAGE)) add(m[1]!, m[2]!);
  for (const m of source.matchAll(ROUTE_ELEMENT)) if (layoutAt >= 0 && m.index > layoutAt) add(m[1]!, m[2]!);
  return out;
}

/** The chunks a set of modules needs (their chunks and what those import), less those already loaded. */
function chunksOf(modules: readonly string[], bundle: Rollup.OutputBundle, loaded: ReadonlySet<string>): string[] {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const out = new Set<string>();
  const add = (file: string) => {
    if (out.has(file) || loaded.has(file)) return;
    out.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) add(dep);
  };
  for (const m of modules) {
    const chunk = chunks.find((c) => c.moduleIds.includes(m));
    if (chunk) add(chunk.fileName);
  }
  return [...out];
}

function staticClosure(entry: Rollup.OutputChunk, bundle: Rollup.OutputBundle): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const chunk = bundle[file];
    if (chunk?.type === 'chunk') for (const dep of chunk.imports) walk(dep);
  };
  walk(entry.fileName);
  return seen;
}

/** What the build writes to `dist/route-preloads.json` for the server (apps/server/src/platform/web-app.ts). */
export type TRoutePreloads = {
  /** The session cookie: without it the guard shows the sign-in page, which needs none of the chunks. */
  cookie: string;
  /** Each path's chunks, as URLs. */
  routes: Record<string, string[]>;
};

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/**
 * Lets the document ask for a signed-in screen's chunks itself, beside the first script, instead of
 * after that script arrived and ran (app/route-preload.ts then finds them fetched or on their way):
 * the build writes each screen's chunks by its path (ROUTE_PRELOADS_FILE, made from the route table
 * and the bundle), and the server adds a `<link rel="modulepreload">` for each to the index.html it
 * sends for that path when the session cookie is there.
 */
export function routePreloadLinks(o: { routesFile: string; tokenCookie: string; dataLevel: string; layoutLevel: string }): Plugin {
  return {
    name: 'mbo-route-preload-links',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find(
        (c): c is Rollup.OutputChunk => c.type === 'chunk' && c.isEntry && (c.facadeModuleId ?? '').endsWith('index.html'),
      );
      if (!entry) return;
      const loaded = staticClosure(entry, bundle);
      const routes: Record<string, string[]> = {};
      for (const [path, modules] of readRouteModules(o.routesFile, o.dataLevel, o.layoutLevel))
        routes[path] = chunksOf(modules, bundle, loaded).map((file) => `/${file}`);
      const table: TRoutePreloads = { cookie: o.tokenCookie, routes };
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(table) });
    },
  };
}
