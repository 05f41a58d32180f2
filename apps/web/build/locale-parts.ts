import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Top-level namespaces of the locale files the sign-in page needs (its frame, its forms and the
 * request client's messages). main.tsx loads only these before the first render; every other screen
 * sits behind the data layer (app/query-scope.tsx), which loads the rest of the language first. A
 * key the sign-in page uses must live in one of these namespaces.
 */
export const SIGN_IN_NAMESPACES: readonly string[] = [
  'app',
  'common',
  'language',
  'timezone',
  'route',
  'request',
  'version',
  'login',
  'codeLogin',
  'forgotPassword',
  'verificationCode',
  'email',
  'mobile',
];

/** Features whose modules the first script carries (the sign-in page): their texts are never an area. */
const ENTRY_FEATURES = new Set(['auth']);

const PART_QUERY = /\.json\?(signIn|shell|area=[\w-]+)$/;
const PREFIX = '\0mbo-locale-part:';
const AREA_MODULE = 'virtual:mbo-texts/';
/** The export a feature's page module gets: platform/lazy-page.ts waits for it before rendering the page. */
export const TEXTS_READY = '__textsReady';
const LANGUAGES = ['zhCn', 'zhHk', 'en'];

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(file));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(file);
  }
  return out;
}

/** The module a relative or shared-package import names, if it is one of the app's or the shared package's source files. */
function resolveImport(from: string, spec: string, files: ReadonlySet<string>, sharedDir: string): string | undefined {
  if (spec.startsWith('@mbo/shared/')) return [join(sharedDir, `${spec.slice('@mbo/shared/'.length)}.ts`)].find((f) => files.has(f));
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((f) => files.has(f));
}

/** Every module `start` reaches by static or dynamic relative imports (itself included). */
function reach(start: readonly string[], imports: (file: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...start];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...imports(file));
  }
  return seen;
}

/**
 * Which parts each top-level namespace travels in: the sign-in part (SIGN_IN_NAMESPACES); the shell
 * when the app frame, the shared package, a platform module the frame reaches or a component the
 * frame imports from a feature names it (`'ns.`), or when no code is found naming it; otherwise the
 * area of each feature whose code names it, or whose code reaches a platform module naming it that
 * the frame does not reach (the list kit's views bar and schedule dialog travel with the list
 * screens, not with every screen's frame). A screen thus never lacks a text its own code names.
 */
export function classifyNamespaces(srcDir: string, namespaces: readonly string[]): Map<string, string[]> {
  const owners = new Map<string, Set<string>>(namespaces.map((ns) => [ns, new Set<string>()]));
  const featuresDir = join(srcDir, 'features');
  const webFiles = sourceFiles(srcDir);
  const sharedDir = resolve(srcDir, '../../../packages/shared/src');
  const sharedFiles = sourceFiles(sharedDir);
  const known = new Set([...webFiles, ...sharedFiles]);
  const importCache = new Map<string, string[]>();
  const imports = (file: string): string[] => {
    let out = importCache.get(file);
    if (!out) {
      const code = readFileSync(file, 'utf8');
      // A type-only import brings no code, so no text either.
      const specs = [...code.matchAll(/(?:^(?:import|export)(?! type )[^;]*?from\s*|import\()'([^']+)'/gm)].map((m) => m[1] ?? '');
      out = specs.map((spec) => resolveImport(file, spec, known, sharedDir)).filter((f): f is string => f !== undefined);
      importCache.set(file, out);
    }
    return out;
  };
  const featureOf = (file: string): string | undefined => {
    const rel = relative(featuresDir, file);
    return rel.startsWith('..') ? undefined : rel.split(sep)[0];
  };
  // Feature files the app frame imports directly (the layout's badge and notifier) count as shell.
  const shellFiles = new Set<string>();
  for (const file of webFiles) {
    if (relative(join(srcDir, 'app'), file).startsWith('..')) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(/^import[^;]*?from '([^']*\/features\/[^']+)';/gm)) {
      const target = resolveImport(file, match[1] ?? '', known, sharedDir);
      if (target) shellFiles.add(target);
    }
  }
  // The platform modules the frame (and the sign-in page) reach: their texts are every screen's.
  const frameRoots = webFiles.filter((f) => {
    const feature = featureOf(f);
    return feature === undefined
      ? !f.startsWith(join(srcDir, 'platform') + sep) && !f.startsWith(join(srcDir, 'test') + sep)
      : ENTRY_FEATURES.has(feature) || shellFiles.has(f);
  });
  const frameReach = reach(frameRoots, (f) => imports(f).filter((t) => featureOf(t) === undefined));
  const platformUsers = new Map<string, Set<string>>();
  for (const file of webFiles) {
    const feature = featureOf(file);
    if (!feature || shellFiles.has(file) || ENTRY_FEATURES.has(feature)) continue;
    for (const used of reach([file], (f) => imports(f).filter((t) => featureOf(t) === undefined)))
      if (featureOf(used) === undefined) (platformUsers.get(used) ?? platformUsers.set(used, new Set()).get(used)!).add(feature);
  }
  const files = [...webFiles, ...sharedFiles];
  const mention = new RegExp(`['"\`](${namespaces.map((ns) => ns.replace(/[^\w]/g, '')).join('|')})\\.`, 'g');
  for (const file of files) {
    const feature = featureOf(file);
    const byFeature = feature && !shellFiles.has(file) && !ENTRY_FEATURES.has(feature) ? [feature] : undefined;
    const byUsers = !feature && !frameReach.has(file) ? [...(platformUsers.get(file) ?? [])] : undefined;
    const by = byFeature ?? (byUsers && byUsers.length > 0 ? byUsers : ['shell']);
    for (const match of readFileSync(file, 'utf8').matchAll(mention)) for (const owner of by) owners.get(match[1] ?? '')?.add(owner);
  }
  const parts = new Map<string, string[]>();
  for (const [ns, by] of owners) {
    if (SIGN_IN_NAMESPACES.includes(ns)) parts.set(ns, ['signIn']);
    else if (by.size === 0 || by.has('shell')) parts.set(ns, ['shell']);
    else
      parts.set(
        ns,
        [...by].sort().map((feature) => `area=${feature}`),
      );
  }
  return parts;
}

/**
 * One locale file split by top-level namespace, so the three locale files stay whole (one per
 * language, same keys) while each download carries what is shown:
 * - `import('../locales/en.json?signIn')`: what the sign-in page shows;
 * - `?shell`: what the frame and every screen may show (app/query-scope.tsx loads it);
 * - `?area=<feature>`: the namespaces that feature's code names and the shell does not. With `areas` on (the app's
 *   build, not the unit tests, which register whole files), every page module of a feature
 *   re-exports `textsReady` from `virtual:mbo-texts/<feature>` as `__textsReady`: evaluating it
 *   starts the current language's area, and the lazy page (platform/lazy-page.ts) renders once it is
 *   here, so the texts arrive with the route chunk and the screen never shows a bare key. (Not a
 *   top-level await: that made the bundler split the sign-in page's first script into more chunks.)
 */
export function localeParts(options: { areas?: boolean } = {}): Plugin {
  let srcDir = '';
  let cache: Map<string, string[]> | undefined;
  const classify = (localeFile: string): Map<string, string[]> => {
    const texts = JSON.parse(readFileSync(localeFile, 'utf8')) as Record<string, unknown>;
    cache ??= classifyNamespaces(resolve(dirname(localeFile), '..'), Object.keys(texts));
    return cache;
  };
  return {
    name: 'mbo-locale-parts',
    enforce: 'pre',
    configResolved(config) {
      srcDir = resolve(config.root, 'src');
    },
    watchChange() {
      cache = undefined;
    },
    async resolveId(source, importer) {
      if (source.startsWith(AREA_MODULE)) return `\0${source}`;
      const match = PART_QUERY.exec(source);
      if (!match) return null;
      const resolved = await this.resolve(source.slice(0, source.indexOf('?')), importer, { skipSelf: true });
      return resolved ? `${PREFIX}${resolved.id}?${match[1]}` : null;
    },
    load(id) {
      if (id.startsWith(`\0${AREA_MODULE}`)) {
        const area = id.slice(AREA_MODULE.length + 1);
        const parts = classify(join(srcDir, 'locales', 'zhCn.json'));
        if (![...parts.values()].some((p) => p.includes(`area=${area}`))) return 'export const textsReady = Promise.resolve();';
        const loaders = LANGUAGES.map(
          (lang) => `${lang}: () => import(${JSON.stringify(`${join(srcDir, 'locales', `${lang}.json`)}?area=${area}`)})`,
        );
        return `import { loadArea } from ${JSON.stringify(join(srcDir, 'platform', 'i18n.ts'))};\nexport const textsReady = loadArea(${JSON.stringify(area)}, { ${loaders.join(', ')} });\n`;
      }
      if (!id.startsWith(PREFIX)) return null;
      const [file = '', part] = id.slice(PREFIX.length).split('?');
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const parts = classify(file);
      const picked = Object.fromEntries(Object.entries(texts).filter(([key]) => (parts.get(key) ?? ['shell']).includes(part ?? '')));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
    transform(code, id) {
      if (!options.areas) return null;
      const match = /\/src\/features\/([\w-]+)\/pages\/[^/]+\.tsx$/.exec(id.split('?')[0] ?? '');
      if (!match?.[1] || ENTRY_FEATURES.has(match[1])) return null;
      return { code: `export { textsReady as ${TEXTS_READY} } from '${AREA_MODULE}${match[1]}';\n${code}`, map: null };
    },
  };
}
