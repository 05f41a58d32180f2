import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * ARCHITECTURE.md is the map a newcomer reads first. A map that names a file no longer there sends them
 * looking for it, and one that leaves a platform module out hides a part everybody uses; both fail here.
 * The map stays short enough to be read in one sitting.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const MAP = 'ARCHITECTURE.md';
const MAX_LINES = 300;

/** How a file named in the map may end when it has no folder in its name (`package.json`, `eslint.config.js`). */
const EXTENSIONS = ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json', 'md', 'css', 'html', 'conf', 'yaml', 'yml', 'sh', 'png', 'svg'];
const NAMED_FILE = new RegExp(`[\\w-]\\.(${EXTENSIONS.join('|')})$`);
/**
 * Only the characters of a path, not starting with a slash: code spans with spaces (commands), with
 * `<domain>`-style placeholders, globs, calls or braces are not paths, and `/v3api` is a URL path.
 */
const PATH_CHARS = /^[\w.@-][\w.@/-]*$/;

/** The text of every inline code span outside fenced blocks (a span may go on over a line break). */
function codeSpans(markdown: string): string[] {
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```[^\n]*$/gm, '');
  return [...prose.matchAll(/`([^`]+)`/g)].map((m) => (m[1] ?? '').replace(/\s+/g, ' ').trim());
}

/** The code spans that name a file or folder of the repository (or a package: `@scope/name`). */
function namedPaths(markdown: string): string[] {
  const paths = codeSpans(markdown).filter((span) => PATH_CHARS.test(span) && (span.includes('/') || NAMED_FILE.test(span)));
  return [...new Set(paths)];
}

const WORKSPACES = ['.', 'apps/server', 'apps/web', 'packages/shared', 'e2e', 'bench'];

/** Whether a named path exists: relative to the repository root, or as an installed package or a module of the shared one. */
function exists(named: string): boolean {
  const shared = /^@mbo\/shared\/(.+)$/.exec(named);
  if (shared) return existsSync(path.join(root, 'packages/shared/src', `${shared[1]}.ts`));
  if (named.startsWith('@')) return WORKSPACES.some((w) => existsSync(path.join(root, w, 'node_modules', named, 'package.json')));
  return existsSync(path.join(root, named));
}

/** Source modules of a platform folder, tests left out. */
function modulesOf(folder: string): string[] {
  return readdirSync(path.join(root, folder))
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => `${folder}/${name}`)
    .sort();
}

const map = readFileSync(path.join(root, MAP), 'utf8');
const named = namedPaths(map);

describe('the code map (ARCHITECTURE.md)', () => {
  it('reads paths from code spans, and leaves URLs, commands and placeholders alone', () => {
    const text = [
      'See `apps/server/src/app.ts`, `eslint.config.js` and `.ci/run`, under `/v3api`, with',
      '`npm run ops -- ledger:verify`, in `apps/server/src/domains/<domain>/`, as `{code, msg, data}`;',
      '`funds.insufficient` is a message key, `@fastify/multipart` a package and `@mbo/shared/list`',
      'a module of the shared one.',
      '```',
      'not/read/from/fences.ts',
      '```',
    ].join('\n');
    expect(namedPaths(text)).toEqual(['apps/server/src/app.ts', 'eslint.config.js', '.ci/run', '@fastify/multipart', '@mbo/shared/list']);
  });

  it(`is under ${MAX_LINES} lines`, () => {
    const lines = map.split('\n').length - (map.endsWith('\n') ? 1 : 0);
    expect(lines).toBeLessThan(MAX_LINES);
  });

  it('names only paths that exist', () => {
    expect(named).toContain('apps/web/src/platform/request.ts');
    expect(named).toContain('apps/server/src/platform/scope.ts');
    expect(named.filter((p) => !exists(p))).toEqual([]);
  });

  it.each(['apps/server/src/platform', 'apps/web/src/platform'])('says what each module of %s is for', (folder) => {
    const missing = modulesOf(folder).filter((module) => !named.includes(module));
    expect(missing, `add a line for each to ${MAP}`).toEqual([]);
  });
});
