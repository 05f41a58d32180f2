// `npm run bench -- lighthouse [--runs N] [--preset desktop|mobile|both | --mobile] [--page PATH] [--save DIR]`: Lighthouse's performance and
// accessibility scores of five pages, signed in as the demo owner, on the product as `npm start` runs it
// (the built web app and server, demo data on a fresh SQLite file). A measurement, not a test: its
// figures move with the machine's load, and a run that could not measure a page says so. Every screen's
// accessibility is tested by axe in the browser stage of `npm test` (e2e/specs/a11y.test.ts), in three
// languages, with the rules Lighthouse's accessibility category runs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO } from '../e2e/support/chromium';
import { repoRoot } from './bench-figures';
import { startServer } from './bench-server';
import { runLighthouse } from './lighthouse-run';

export const LIGHTHOUSE_PAGES = [
  '/loginNew',
  '/index',
  '/merTradeMgr/initTradeRecordPage',
  '/merTradeMgr/initProConTradePage',
  '/tradeDailyReport/showTradeDaily',
] as const;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

export async function lighthouseBench(args: string[]): Promise<void> {
  const runs = Number(option(args, 'runs') ?? 3);
  // `--mobile`: the phone figures alone (bench/RESULTS.md, "Phones (Lighthouse mobile)").
  const presetArg = args.includes('--mobile') ? 'mobile' : (option(args, 'preset') ?? 'both');
  // `--page PATH`: that page alone; `--save DIR`: every run's full Lighthouse report written there.
  const only = option(args, 'page');
  const pages = only ? LIGHTHOUSE_PAGES.filter((p) => p === only) : LIGHTHOUSE_PAGES;
  if (pages.length === 0) throw new Error(`--page: one of ${LIGHTHOUSE_PAGES.join(', ')}`);
  const saveDir = option(args, 'save');
  const presets = presetArg === 'both' ? (['desktop', 'mobile'] as const) : ([presetArg] as ['desktop' | 'mobile']);
  // The web app as `npm start` builds it (the server is built by startServer); MBO_BUILT=1 uses the builds as they are.
  if (process.env.MBO_BUILT !== '1')
    execFileSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], { cwd: repoRoot, stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mbo-lighthouse-data-'));
  const server = await startServer(`sqlite:${path.join(dataDir, 'mbo.sqlite')}`, {
    webDist: path.join(repoRoot, 'apps', 'web', 'dist'),
    seed: true,
  });
  try {
    for (const preset of presets) {
      const scores = await runLighthouse(server.baseURL, pages, runs, DEMO, preset, saveDir && path.resolve(saveDir));
      console.log(`\nLighthouse ${preset}, median of ${runs} run(s) per page (performance / accessibility):`);
      for (const s of scores)
        console.log(
          `${s.path.padEnd(36)} perf ${s.performance.toFixed(2)}  a11y ${s.accessibility.toFixed(2)}  [perf runs ${s.performanceRuns.join(', ')}]  ` +
            `[FCP ${Math.round(s.metrics.fcp)} ms, LCP ${Math.round(s.metrics.lcp)} ms, TBT ${Math.round(s.metrics.tbt)} ms, CLS ${s.metrics.cls.toFixed(3)}, SI ${Math.round(s.metrics.si)} ms]` +
            (s.failedAudits.length ? `  a11y audits failing: ${s.failedAudits.join(', ')}` : '') +
            (s.runtimeErrors.length ? `  not measured: ${s.runtimeErrors.join('; ')}` : ''),
        );
    }
  } finally {
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
