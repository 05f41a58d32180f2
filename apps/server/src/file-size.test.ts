import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The size limit of eslint.config.js (`max-lines`), run through ESLint's own API on files placed (by
 * path only; nothing is written) where a person could add one. Every file that was over the limit when
 * it was set has been split; only what a program writes and the seed's data tables are left out.
 */

const root = path.resolve(import.meta.dirname, '../../..');
let eslint: ESLint;
let limits: { MAX_LINES: number };

beforeAll(async () => {
  limits = (await import(pathToFileURL(path.join(root, 'eslint.config.js')).href)) as typeof limits;
  eslint = new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId }) => ruleId === 'max-lines',
  });
});

/** A module of `lines` lines, as `wc -l` counts them. */
const moduleOf = (lines: number) => Array.from({ length: lines }, (_, i) => `export const value${i} = ${i};\n`).join('');

/** The rules that `code` breaks as if it were the file at `file` (relative to the repository). */
async function brokenRules(file: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId);
}

const newFiles = ['apps/server/src/domains/refunds/fixture.ts', 'apps/web/src/features/refunds/fixture.tsx', 'scripts/fixture.mjs'];

describe('source file size', () => {
  it.each(newFiles)('refuses %s one line over the limit, and takes it at the limit', async (file) => {
    expect(await brokenRules(file, moduleOf(limits.MAX_LINES + 1))).toEqual(['max-lines']);
    expect(await brokenRules(file, moduleOf(limits.MAX_LINES))).toEqual([]);
  });
});
