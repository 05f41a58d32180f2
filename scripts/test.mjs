// `npm test`: every check the project has, in one run, with one summary line at the end.
// Stages run in order and keep going after a failure so that one run shows every problem;
// the exit code is non-zero when any stage failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { databaseTestFiles } from './database-test-files.mjs';
import { startPostgres } from './pg.mjs';
import { ensureSystemDeps } from './system-deps.mjs';
import { machineProbeSeconds } from './machine-probe.mjs';
import { budgetFor, SLOWEST_FILES_SHOWN, TEST_BUDGET_SECONDS } from './test-budget.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const runStarted = Date.now();
/** The machine's speed before, during and after the run (scripts/test-budget.mjs): only a whole CI run is held to the budget. */
const holdsBudget = process.env.CI === 'true' && process.argv.slice(2).every((arg) => arg === '--stress');
const probes = [];
const probe = () => holdsBudget && probes.push(machineProbeSeconds());
probe();
// e.g. `npm test -- unit-web api-pg`; `--stress` runs them beside a CPU burner (scripts/cpu-burner.mjs).
const stress = process.argv.includes('--stress');
const only = process.argv.slice(2).filter((arg) => arg !== '--stress');
/** Every test file's time, by stage, written to test-results/reports/timings.txt at the end. */
const fileTimings = [];
let burner;
if (stress) {
  burner = spawn(process.execPath, [path.join(root, 'scripts', 'cpu-burner.mjs'), String(3 * TEST_BUDGET_SECONDS)], { stdio: 'ignore' });
  console.log(`stress: a CPU burner (pid ${burner.pid}) keeps one core busy until the run ends`);
}
const results = [];
let passed = 0;
let failed = 0;
/** Failed tests by stage, file and name: repeated after the summary, whose end is what a CI log shows first. */
const failures = [];
/** Tests that failed once and passed when tried again (only a browser that died is tried again: e2e/vitest.config.ts). */
const retried = [];

function run(name, cmd, args, { env = {}, cwd = root } = {}) {
  if (only.length && !only.includes(name)) return true;
  console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = res.status === 0;
  results.push({ name, ok, seconds: (Date.now() - started) / 1000 });
  return ok;
}

/** Runs stages at the same time (`[name, cmd, args, options]`), printing each one's output when it ends. */
async function runTogether(stages) {
  const picked = stages.filter(([name]) => !only.length || only.includes(name));
  const done = picked.map(
    ([name, cmd, args, { env = {}, cwd = root } = {}]) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
        const out = [];
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => out.push(d));
        child.on('error', (err) => resolve({ name, ok: false, seconds: (Date.now() - started) / 1000, err }));
        child.on('close', (code) => {
          const seconds = (Date.now() - started) / 1000;
          console.log(`\n=== ${name}: ${[cmd, ...args].join(' ')} (${seconds.toFixed(1)} s, beside the other stages of its group)`);
          process.stdout.write(Buffer.concat(out));
          resolve({ name, ok: code === 0, seconds });
        });
      }),
  );
  for (const r of await Promise.all(done)) results.push(r);
}

/** The vitest command of one workspace (only `files` when given), with a JSON report so that the tests can be counted. */
function vitestCommand(name, dir, files = []) {
  const out = path.join(reports, `${name}.json`);
  return ['npx', ['vitest', 'run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile=${out}`, ...files]];
}

/** Counts a vitest stage's tests and failures from its JSON report once it has run. */
function countVitest(name) {
  const out = path.join(reports, `${name}.json`);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    printSlowestFiles(name, r);
    for (const file of r.testResults ?? [])
      for (const t of file.assertionResults ?? [])
        if (t.status === 'failed' || t.failureMessages?.length)
          (t.status === 'failed' ? failures : retried).push({
            stage: name,
            file: path.relative(root, file.name),
            title: t.fullName ?? t.title,
            message: t.failureMessages?.[0] ?? '',
          });
  } else if (!only.length || only.includes(name)) {
    failed += 1; // the runner itself failed before reporting
  }
}

/** Runs vitest for one workspace and counts its tests. */
function vitest(name, dir, env = {}, files = []) {
  const [cmd, args] = vitestCommand(name, dir, files);
  const ok = run(name, cmd, args, { env });
  countVitest(name);
  return ok;
}

/** The stage's slowest files (vitest's JSON report has each file's start and end). */
function printSlowestFiles(stage, report) {
  const files = (report.testResults ?? [])
    .map((f) => ({ stage, file: path.relative(root, f.name), seconds: ((f.endTime ?? 0) - (f.startTime ?? 0)) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds);
  fileTimings.push(...files);
  if (!files.length) return;
  console.log(`\n${stage}: slowest files`);
  for (const f of files.slice(0, SLOWEST_FILES_SHOWN)) console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`);
}

const wants = (...stages) => !only.length || stages.some((st) => only.includes(st));
const problems = ensureSystemDeps({
  chromium: wants('e2e', 'e2e-cluster'),
  postgres: wants('api-pg', 'e2e-cluster'),
  nginx: wants('e2e-cluster'),
});
for (const p of problems) console.error(`\n${p}`);

// The static checks and the unit tests share nothing: they run side by side, and each one's output is
// printed whole when it ends (the linter: oxlint for the one rule that needs the types, .oxlintrc.json, then ESLint).
// The OpenAPI document of /v3api, generated from the route schemas without a listening server, then linted
// with Redocly's recommended rules (redocly.yaml); lint errors fail the stage.
const openapiStage =
  'node --import tsx apps/server/src/cli/openapi.ts test-results/openapi.json && npx redocly lint test-results/openapi.json';
await runTogether([
  ['lint', 'npm', ['run', 'lint:code', '--silent']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
  ['openapi', 'sh', ['-c', openapiStage], { env: { REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } }],
  ['unit-shared', ...vitestCommand('unit-shared', 'packages/shared')],
  ['unit-web', ...vitestCommand('unit-web', 'apps/web')],
]);
countVitest('unit-shared');
countVitest('unit-web');
vitest('api-sqlite', 'apps/server');

if (!only.length || only.includes('api-pg')) {
  let pg;
  try {
    pg = await startPostgres();
    console.log(`\nPostgreSQL test cluster on ${pg.url}`);
    // Only the files that open a test database: the others already ran, unchanged, on SQLite.
    vitest('api-pg', 'apps/server', { TEST_DATABASE_URL: pg.url }, databaseTestFiles(path.join(root, 'apps/server')));
  } catch (err) {
    console.error(`\napi-pg: could not start PostgreSQL: ${err.message}`);
    results.push({ name: 'api-pg', ok: false, seconds: 0 });
    failed += 1;
  } finally {
    pg?.stop();
  }
}

// The web app and the server are built once for both browser stages (`npm run build`); each then starts
// the compiled server as `npm start` does after its build (MBO_BUILT=1: `npm run serve`, e2e/support).
let e2eEnv = {};
if (wants('build', 'e2e', 'e2e-cluster')) {
  const started = Date.now();
  console.log('\n=== build: npm run build');
  const ok = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' }).status === 0;
  results.push({ name: 'build', ok, seconds: (Date.now() - started) / 1000 });
  if (ok) e2eEnv = { MBO_BUILT: '1' };
}
probe();
// The two browser stages run side by side, each with its own server, database, mail catcher and browser:
// one after the other they took 588 + 228 s, and the single-node stage kept the two cores 79% busy
// (a browser waits on the server and the server on the browser), so the multi-node stage fills the
// rest. Their journeys wait for what a person waits for and pass beside a CPU burner (`--stress`).
// Several nodes: PostgreSQL, three API nodes and nginx (deploy/nginx) in front; the onboarding and
// transaction-menu journeys run through it, and the scale-out checks talk to each node.
await runTogether([
  ['e2e', ...vitestCommand('e2e', 'e2e'), { env: e2eEnv }],
  ['e2e-cluster', ...vitestCommand('e2e-cluster', 'e2e', ['--config', 'vitest.cluster.config.ts']), { env: e2eEnv }],
]);
countVitest('e2e');
countVitest('e2e-cluster');

burner?.kill();
probe();
writeFileSync(
  path.join(reports, 'timings.txt'),
  fileTimings.map((f) => `${f.seconds.toFixed(1).padStart(7)} s  ${f.stage.padEnd(12)} ${f.file}`).join('\n') + '\n',
);
const totalSeconds = (Date.now() - runStarted) / 1000;
// The budget holds a whole run: with CI=true and every stage (a single stage is not held to it). Under
// --stress the machine has less to give by however much other work takes, so the total is printed
// against the budget but the run is judged by its tests alone: the stress run finds tests that depend
// on the machine's speed, the plain run holds the time.
const budget = budgetFor(probes);
const overBudget = holdsBudget && totalSeconds > budget;
const budgetFails = overBudget && !stress;
console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(12)} ${r.seconds.toFixed(1)} s`);
console.log(
  `${budgetFails ? 'FAIL' : 'ok  '} ${'total'.padEnd(12)} ${totalSeconds.toFixed(1)} s of a ${budget} s budget (scripts/test-budget.mjs: ${TEST_BUDGET_SECONDS} s, machine probes ${probes.map((p) => p.toFixed(2)).join(', ') || 'not taken'} s)${stress ? ', under stress: printed, not held' : ''}`,
);
if (overBudget)
  console.log(
    `\nThe run took longer than its budget: make the slowest files faster (test-results/reports/timings.txt lists every file's time).`,
  );
const bad = results.filter((r) => !r.ok);
/** A failure's first lines (the assertion and where it failed), without colour codes; when the browser's process
 * ended under the test, the last lines of the browser's own log (what it said before it ended), not its start-up noise. */
function printMessage(message) {
  const lines = stripVTControlCharacters(message)
    .split('\n')
    .filter((l) => l.trim() !== '');
  for (const l of lines.slice(0, 6)) console.log(`    ${l.slice(0, 200)}`);
  const browserLog = lines.filter((l) => /^\[pid=\d+\]/.test(l) && !l.includes('dbus') && !l.includes('unexpected operator'));
  for (const l of browserLog.slice(-4)) console.log(`    ${l.slice(0, 200)}`);
}
if (retried.length) {
  console.log('\npassed on a second try, in a new browser, after the browser process had died under them (vitest.config.ts `retry`):');
  for (const f of retried) {
    console.log(`- [${f.stage}] ${f.file} > ${f.title}`);
    printMessage(f.message);
  }
}
if (failures.length) {
  console.log('\nfailed tests:');
  for (const f of failures) {
    console.log(`- [${f.stage}] ${f.file} > ${f.title}`);
    printMessage(f.message);
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(bad.length || failed || problems.length || budgetFails ? 1 : 0);
