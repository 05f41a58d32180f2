import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = import.meta.dirname;
const web = 'apps/web/src';
const server = 'apps/server/src';

/** Every web feature folder, read at lint time so that a new feature is fenced in without an edit here. */
const webFeatures = readdirSync(path.join(root, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const TESTS = ['**/*.test.{ts,tsx}', `${web}/test/**`, 'apps/server/test/**', 'e2e/**'];

// Import direction (CONVENTIONS.md "The map"). A zone says: files under `target` may not import
// anything under `from` (except the `except` paths).
const crossFeature = webFeatures.map((feature) => ({
  target: `${web}/features/${feature}`,
  from: `${web}/features`,
  except: [`./${feature}`],
  message: 'A feature never imports another feature: move what both use down to platform/ or packages/shared.',
}));

/** Every server domain folder, read at lint time like the web features. */
const serverDomains = readdirSync(path.join(root, server, 'domains'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * What each server domain offers the others (ARCHITECTURE.md, "Domains"): another domain imports only
 * these modules of it, and no two domains import each other (import-boundaries.test.ts). A domain not
 * named here offers nothing; tests may reach across.
 */
export const DOMAIN_PUBLIC = {
  approvals: ['public'],
  auth: ['lockout', 'service'],
  disputes: ['due-today', 'messages'],
  funds: ['config', 'postings', 'proof-holds', 'settlement', 'summary'],
  links: ['service'],
  notifications: ['mail-sender', 'notify'],
  refunds: ['repository', 'service'],
  reports: ['programmes', 'service'],
  risk: ['service'],
  schedules: ['export-as-owner'],
  system: ['admins-service', 'repository'],
  transactions: ['repository'],
  websites: ['repository'],
  webhooks: ['outbox'],
};

const crossDomain = serverDomains.map((domain) => ({
  target: `${server}/domains/${domain}`,
  from: `${server}/domains`,
  except: [
    `./${domain}`,
    ...Object.entries(DOMAIN_PUBLIC)
      .filter(([other]) => other !== domain)
      .flatMap(([other, modules]) => modules.map((module) => `./${other}/${module}.ts`)),
  ],
  message: 'A domain uses another only through the modules that domain offers (DOMAIN_PUBLIC in eslint.config.js).',
}));

const workspaces = [
  {
    target: 'packages/shared',
    from: ['apps', 'e2e', 'bench'],
    message: 'packages/shared is imported by both apps and imports neither.',
  },
  {
    target: 'apps/web',
    from: 'apps/server',
    message: 'The web app reaches the server through HTTP only; share types through packages/shared.',
  },
  { target: 'apps/server', from: 'apps/web', message: 'The server never imports the web app; share types through packages/shared.' },
];

/**
 * The one exception to the rule above: the server module that reads the web's catalogs as data, so
 * that an export's headers are the screen's column titles (apps/server/src/platform/screen-texts.ts).
 */
const SCREEN_TEXTS = `${server}/platform/screen-texts.ts`;
const screenTextsZones = workspaces.map((zone) =>
  zone.target === 'apps/server'
    ? { ...zone, except: ['./src/locales/zhCn.json', './src/locales/zhHk.json', './src/locales/en.json'] }
    : zone,
);

const layers = [
  {
    target: `${web}/platform`,
    from: [`${web}/features`, `${web}/app`, `${web}/main.tsx`],
    message: 'platform/ sits below features/ and app/ (app -> features -> platform -> shared).',
  },
  {
    target: `${web}/features`,
    from: [`${web}/app`, `${web}/main.tsx`],
    message: 'features/ sit below app/ (app -> features -> platform -> shared).',
  },
  { target: web, from: `${web}/test`, message: 'Test helpers are for tests only.' },
  {
    target: `${server}/platform`,
    from: [`${server}/domains`, `${server}/seed`, `${server}/cli`, `${server}/jobs`],
    message: 'platform/ sits below the domains (domains -> platform -> db).',
  },
  {
    target: `${server}/db`,
    from: [`${server}/platform`, `${server}/domains`, `${server}/seed`, `${server}/cli`, `${server}/jobs`],
    message: 'db/ is the bottom layer: the schema, migrations and connection know no platform, domain or demo-data code.',
  },
  {
    target: `${server}/domains`,
    from: [`${server}/seed`, `${server}/cli`, `${server}/jobs`],
    message: 'Domains sit below the demo data, the jobs and the commands that use them.',
  },
  {
    // The demo data builds its roles, ledger and rollups with the domain and platform code, and is
    // loaded by the seed command and at the first start (main.ts), so it sits between the two.
    target: `${server}/seed`,
    from: `${server}/cli`,
    message: 'The demo data sits above the domains and below the commands that load it.',
  },
  {
    target: [`${server}/platform`, `${server}/domains`, `${server}/seed`, `${server}/db`],
    from: `${server}/*.ts`,
    except: ['**/apps/server/src/config.ts'],
    message: 'The top-level files (app, main, the message registry) put the layers together; of them only config.ts is imported below.',
  },
  { target: 'apps/server/src', from: 'apps/server/test', message: 'Test helpers are for tests only.' },
];

/**
 * No source file over this many lines (CONVENTIONS.md "Naming and size"): a file that long holds two
 * things, and is split by responsibility. Every line counts, blank lines and comments too, as `wc -l`
 * counts them, so the limit reads the same in the editor, in review and in the house rule, and a file
 * is never brought under it by deleting the comments that say why its code is as it is.
 */
export const MAX_LINES = 400;

/** Left out of the limit: what a program writes, and the seed's tables of reference data. */
const NOT_SPLIT = [
  'packages/shared/src/zone-table.ts', // written by `npm run zone-table`
  'apps/server/src/seed/trade-generator-data.ts', // names, cities, issuers and reason codes of the demo data
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'bench/.data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // The workspaces resolve as Node does (@mbo/shared through its package.json exports).
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...workspaces, ...layers, ...crossFeature, ...crossDomain] }],
      // Dependencies outside the repository cannot close a cycle through our code; skipping them keeps
      // the rule from parsing node_modules.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/avoid-barrel-files': ['error', { amountOfExportsToConsiderModuleAsBarrel: 1 }],
      'import-x/avoid-re-export-all': 'error',
    },
  },
  {
    files: [SCREEN_TEXTS],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...screenTextsZones, ...layers, ...crossFeature, ...crossDomain] },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: NOT_SPLIT,
    rules: { 'max-lines': ['error', { max: MAX_LINES, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Tests may reach across layers (a domain's API test builds the whole app), never across features.
    files: TESTS,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...workspaces, ...crossFeature] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd',
              importNames: ['DatePicker'],
              message: 'Use platform/date-picker: its "now" is the display timezone\'s, and it builds no Intl formatter on a page load.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/platform/date-picker.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
