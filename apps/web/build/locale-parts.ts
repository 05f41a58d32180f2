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

/**
 * Which parts each top-level namespace travels in: the sign-in part (SIGN_IN_NAMESPACES); the shell
 * when the app frame, the platform, the shared package or a component the frame imports from a
 * feature names it (`'ns.`), or when no code is found naming it; otherwise the area of each feature
 * whose code names it. A screen thus never lacks a text its own code names.
 */
export function classifyNamespaces(srcDir: string, namespaces: readonly string[]): Map<string, string[]> {
  const owners = new Map<string, Set<string>>(namespaces.map((ns) => [ns, new Set<string>()]));
  const featuresDir = join(srcDir, 'features');
  const shellFiles = new Set<string>();
  // Feature files the app frame imports directly (the layout's badge and notifier) count as shell.
  for (const file of sourceFiles(join(srcDir, 'app'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/^import[^;]*?from '([^']*\/features\/[^']+)';/gm)) {
      const target = resolve(dirname(file), match[1] ?? '');
      for (const ext of ['.ts', '.tsx']) shellFiles.add(target + ext);
    }
  }
  const files = [...sourceFiles(srcDir), ...sourceFiles(resolve(srcDir, '../../../packages/shared/src'))];
  const mention = new RegExp(`['"\`](${namespaces.map((ns) => ns.replace(/[^\w]/g, '')).join('|')})\\.`, 'g');
  for (const file of files) {
    const rel = relative(featuresDir, file);
    const feature = !rel.startsWith('..') && !shellFiles.has(file) ? rel.split(sep)[0] : undefined;
    const owner = feature && !ENTRY_FEATURES.has(feature) ? feature : 'shell';
    for (const match of readFileSync(file, 'utf8').matchAll(mention)) owners.get(match[1] ?? '')?.add(owner);
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
