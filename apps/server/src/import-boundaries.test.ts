import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The server's and the shared package's import rules of eslint.config.js, run through ESLint's own
 * API on small pieces of code placed (by file path only; nothing is written) where a person could put
 * them. `npm run lint` uses the same configuration, so a rule that stops matching fails here.
 */

const root = path.resolve(import.meta.dirname, '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    // Only the import direction rule: leaving out the cycle rule spares parsing the whole app behind each
    // fixture (the web app's test covers that rule).
    ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
  });
});

/** The rules that `code` breaks as if it were the file at `file` (relative to the repository). */
async function brokenRules(file: string, code: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId);
}

const restricted = 'import-x/no-restricted-paths';

describe('server import boundaries (domains -> platform -> db)', () => {
  it('keeps platform from importing a domain', async () => {
    const code = "import { listUnreadReminders } from '../domains/system/repository';\nexport const list = listUnreadReminders;\n";
    expect(await brokenRules('apps/server/src/platform/fixture.ts', code)).toEqual([restricted]);
  });

  it('keeps db from importing platform or a domain', async () => {
    const code = [
      "import { MINUTE_MS } from '../platform/time';",
      "import { listUnreadReminders } from '../domains/system/repository';",
      'export const parts = [MINUTE_MS, listUnreadReminders];',
      '',
    ].join('\n');
    expect(await brokenRules('apps/server/src/db/fixture.ts', code)).toEqual([restricted, restricted]);
    const deeper = code.replaceAll("'../", "'../../");
    expect(await brokenRules('apps/server/src/db/migrations/fixture.ts', deeper)).toEqual([restricted, restricted]);
  });

  it('lets a domain use platform and db, and the commands, jobs and demo data use domains', async () => {
    const domain =
      "import { MINUTE_MS } from '../../platform/time';\nimport { createDb } from '../../db/database';\nexport const parts = [MINUTE_MS, createDb];\n";
    expect(await brokenRules('apps/server/src/domains/system/fixture.ts', domain)).toEqual([]);
    const user = "import { listUnreadReminders } from '../domains/system/repository';\nexport const list = listUnreadReminders;\n";
    expect(await brokenRules('apps/server/src/cli/fixture.ts', user)).toEqual([]);
    expect(await brokenRules('apps/server/src/jobs/fixture.ts', user)).toEqual([]);
    expect(await brokenRules('apps/server/src/seed/fixture.ts', user)).toEqual([]);
    const loader = "import { seedDemo } from '../seed/demo';\nexport const load = seedDemo;\n";
    expect(await brokenRules('apps/server/src/cli/fixture.ts', loader)).toEqual([]);
  });

  it('keeps domains and platform from reaching up to the app, the commands or the demo data', async () => {
    const code =
      "import { buildApp } from '../../app';\nimport { seedDemo } from '../../seed/demo';\nexport const parts = [buildApp, seedDemo];\n";
    expect(await brokenRules('apps/server/src/domains/system/fixture.ts', code)).toEqual([restricted, restricted]);
  });
});

describe('a fence between server domains', () => {
  it("lets a domain use another's offered module, never its other modules", async () => {
    const offered = "import { postLines } from '../funds/postings';\nexport const post = postLines;\n";
    expect(await brokenRules('apps/server/src/domains/refunds/fixture.ts', offered)).toEqual([]);
    const inner =
      "import { batchRows } from '../funds/repository';\nimport { findImage } from '../waybills/repository';\nexport const parts = [batchRows, findImage];\n";
    expect(await brokenRules('apps/server/src/domains/refunds/fixture.ts', inner)).toEqual([restricted, restricted]);
    const own = "import { listRefunds } from './repository';\nexport const list = listRefunds;\n";
    expect(await brokenRules('apps/server/src/domains/refunds/fixture.ts', own)).toEqual([]);
  });

  it('has no two domains that import each other', () => {
    const domainsDir = path.join(root, 'apps/server/src/domains');
    const uses = new Set<string>();
    for (const domain of readdirSync(domainsDir)) {
      for (const file of readdirSync(path.join(domainsDir, domain), { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
        const text = readFileSync(path.join(domainsDir, domain, file), 'utf8');
        for (const m of text.matchAll(/from '\.\.\/([a-z-]+)\//g)) if (m[1] !== domain) uses.add(`${domain} -> ${m[1]}`);
      }
    }
    expect(uses.size).toBeGreaterThan(5);
    const both = [...uses].filter((pair) => uses.has(pair.split(' -> ').reverse().join(' -> ')));
    expect(both).toEqual([]);
  });
});

describe('the demo data sits above the domains and below the commands (cli -> seed -> domains)', () => {
  it('keeps every file under db/ from importing the demo data or platform', async () => {
    const demo = "import { seedDemo } from '../seed/demo';\nexport const load = seedDemo;\n";
    expect(await brokenRules('apps/server/src/db/fixture.ts', demo)).toEqual([restricted]);
    // Where the demo data lived when db/ was fenced in around it: no file under db/ is let through now.
    const platform = "import { MINUTE_MS } from '../../platform/time';\nexport const minute = MINUTE_MS;\n";
    expect(await brokenRules('apps/server/src/db/seed/fixture.ts', platform)).toEqual([restricted]);
  });

  it('keeps the demo data from importing the commands that load it', async () => {
    const code = "import { parseSeedArgs } from '../cli/seed-args';\nexport const parse = parseSeedArgs;\n";
    expect(await brokenRules('apps/server/src/seed/fixture.ts', code)).toEqual([restricted]);
  });
});

describe('packages/shared imports neither app', () => {
  it('refuses an import from the server or the web app', async () => {
    const code = [
      "import { MINUTE_MS } from '../../../apps/server/src/platform/time';",
      "import { http } from '../../../apps/web/src/platform/request';",
      'export const parts = [MINUTE_MS, http];',
      '',
    ].join('\n');
    expect(await brokenRules('packages/shared/src/fixture.ts', code)).toEqual([restricted, restricted]);
  });
});
