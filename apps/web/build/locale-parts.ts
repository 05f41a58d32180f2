import { readFileSync } from 'node:fs';
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

const PART_QUERY = /\.json\?(signIn|rest)$/;
const PREFIX = '\0mbo-locale-part:';

/**
 * `import('../locales/en.json?signIn')` and `?rest`: one locale file split by top-level namespace,
 * so the three locale files stay whole (one per language, same keys) while the sign-in page's
 * download carries only what it shows.
 */
export function localeParts(): Plugin {
  return {
    name: 'mbo-locale-parts',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = PART_QUERY.exec(source);
      if (!match) return null;
      const resolved = await this.resolve(source.slice(0, source.indexOf('?')), importer, { skipSelf: true });
      return resolved ? `${PREFIX}${resolved.id}?${match[1]}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const [file = '', part] = id.slice(PREFIX.length).split('?');
      this.addWatchFile(file);
      const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.fromEntries(Object.entries(texts).filter(([key]) => SIGN_IN_NAMESPACES.includes(key) === (part === 'signIn')));
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}
