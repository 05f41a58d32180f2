import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The import rules of eslint.config.js, run through ESLint's own API on small pieces of code placed
 * (by file path only; nothing is written) where a person could put them. `npm run lint` uses the same
 * configuration, so a rule that stops matching (a renamed folder, a resolver that no longer finds the
 * files) fails here instead of letting the boundary go quietly.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** ESLint with the repository's configuration, running only `rules`. */
function eslintWith(rules: readonly string[]): ESLint {
  return new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId }) => rules.includes(ruleId),
  });
}

let direction: ESLint;
let cycles: ESLint;

beforeAll(() => {
  direction = eslintWith(['import-x/no-restricted-paths', 'import-x/avoid-barrel-files', 'import-x/avoid-re-export-all']);
  // Apart, because the cycle rule parses everything a fixture reaches: only its own case pays for that.
  cycles = eslintWith(['import-x/no-cycle']);
});

/** The findings for `code` as if it were the file at `file` (relative to the repository). */
async function importProblems(file: string, code: string, eslint = direction): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }));
}

describe('web import boundaries', () => {
  it('refuses an import from another feature', async () => {
    const problems = await importProblems(
      'apps/web/src/features/auth/pages/fixture-page.tsx',
      "import { signUp } from '../../onboarding/api/sign-up';\nexport const send = signUp;\n",
    );
    expect(problems).toEqual([
      {
        rule: 'import-x/no-restricted-paths',
        message: expect.stringContaining('A feature never imports another feature') as string,
      },
    ]);
  });

  it('lets a feature import its own files, platform and shared', async () => {
    const problems = await importProblems(
      'apps/web/src/features/auth/pages/fixture-page.tsx',
      [
        "import { login } from '../api/login';",
        "import { http } from '../../../platform/request';",
        "import { ApiPath } from '@mbo/shared/api-paths';",
        'export const parts = [login, http, ApiPath];',
        '',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
  });

  it('keeps platform below features and app, and features below app', async () => {
    const fromPlatform = await importProblems(
      'apps/web/src/platform/fixture.ts',
      "import { signUp } from '../features/onboarding/api/sign-up';\nimport { routes } from '../app/routes';\nexport const parts = [signUp, routes];\n",
    );
    expect(fromPlatform.map((p) => p.rule)).toEqual(['import-x/no-restricted-paths', 'import-x/no-restricted-paths']);
    const fromFeature = await importProblems(
      'apps/web/src/features/auth/fixture.ts',
      "import { routes } from '../../app/routes';\nexport const parts = [routes];\n",
    );
    expect(fromFeature).toEqual([
      { rule: 'import-x/no-restricted-paths', message: expect.stringContaining('features/ sit below app/') as string },
    ]);
  });

  it('finds an import cycle, also through a dynamic import', async () => {
    // request-ui.ts holds the toasts that i18n uses; the dialogs use i18n and session-expired.ts loads
    // the dialogs on demand. Making request-ui import session-expired again closes the loop that
    // session-expired.ts was split out to break.
    const problems = await importProblems(
      'apps/web/src/platform/request-ui.ts',
      "import { confirmSessionExpired } from './session-expired';\nexport const ask = confirmSessionExpired;\n",
      cycles,
    );
    expect(problems.map((p) => p.rule)).toEqual(['import-x/no-cycle']);
  });

  it('refuses a barrel file', async () => {
    const problems = await importProblems(
      'apps/web/src/platform/fixture-index.ts',
      "export { http, pathWith } from './request';\nexport { formatMoney } from './format';\n",
    );
    expect(problems.map((p) => p.rule)).toContain('import-x/avoid-barrel-files');
  });
});
