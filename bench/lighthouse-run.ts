// Lighthouse (the npm package, desktop or mobile preset) against Debian's Chromium. Playwright starts the
// browser with a DevTools port and a persistent profile, signs in there once (the Admin-Token cookie
// and the session's localStorage keys land in the default browser context), and Lighthouse opens
// each page in a new tab of that same context, so the signed-in pages are measured signed in.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, fillLogin } from '../e2e/support/chromium';
import { freePort } from '../scripts/pg.mjs';

export type TLighthouseScore = {
  path: string;
  /** Medians over the runs. */
  performance: number;
  accessibility: number;
  performanceRuns: number[];
  /** Accessibility audits that did not pass in the last run. */
  failedAudits: string[];
  /** What Lighthouse reported when a run could not measure the page (its score is then 0). */
  runtimeErrors: string[];
  /** Medians of the metrics behind the performance score, in ms (CLS unitless): what to work on when it is low. */
  metrics: Record<TMetric, number>;
};

/**
 * The metrics the performance score is made of (weights in Lighthouse 12, both presets: TBT 30%, LCP 25%,
 * CLS 25%, FCP 10%, SI 10%). The mobile preset is Lighthouse's default: a phone's screen, 4x CPU slowdown
 * and a slow 4G network, simulated.
 */
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
type TMetric = keyof typeof METRICS;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

export async function runLighthouse(
  baseURL: string,
  paths: readonly string[],
  runs: number,
  account: { merchantNo: string; loginName: string; password: string },
  preset: 'desktop' | 'mobile' = 'desktop',
  /** A folder to write each run's full report into (`<preset>-<page>-<run>.json`), to see what a figure is made of. */
  saveDir?: string,
): Promise<TLighthouseScore[]> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'mbo-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [`--remote-debugging-port=${port}`, ...CHROMIUM_ARGS],
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  try {
    const page = await context.newPage();
    await page.goto(`${baseURL}/loginNew`);
    await fillLogin(page, account);
    await page.waitForURL((u) => u.pathname !== '/loginNew');
    const out: TLighthouseScore[] = [];
    for (const p of paths) {
      const perf: number[] = [];
      const a11y: number[] = [];
      let failedAudits: string[] = [];
      const runtimeErrors: string[] = [];
      const metricRuns = Object.fromEntries(Object.keys(METRICS).map((k) => [k, [] as number[]])) as Record<TMetric, number[]>;
      for (let i = 0; i < runs; i += 1) {
        // The sign-in page sends a signed-in visitor on: measure it signed out, then sign in again.
        if (p === '/loginNew') await context.clearCookies();
        const result = await lighthouse(
          `${baseURL}${p}`,
          { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
          preset === 'desktop' ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${p}`);
        const { categories, audits, runtimeError } = result.lhr;
        if (saveDir) {
          mkdirSync(saveDir, { recursive: true });
          writeFileSync(path.join(saveDir, `${preset}-${p.replace(/\W+/g, '_')}-${i + 1}.json`), JSON.stringify(result.lhr));
        }
        if (runtimeError) runtimeErrors.push(`${runtimeError.code}: ${runtimeError.message}`);
        perf.push(categories.performance?.score ?? 0);
        for (const [k, id] of Object.entries(METRICS) as [TMetric, string][]) metricRuns[k].push(audits[id]?.numericValue ?? Number.NaN);
        a11y.push(categories.accessibility?.score ?? 0);
        failedAudits = (categories.accessibility?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id);
        if (p === '/loginNew') {
          await page.goto(`${baseURL}/loginNew`);
          await fillLogin(page, account);
          await page.waitForURL((u) => u.pathname !== '/loginNew');
        }
      }
      out.push({
        path: p,
        performance: median(perf),
        accessibility: median(a11y),
        performanceRuns: perf,
        failedAudits,
        runtimeErrors,
        metrics: Object.fromEntries(Object.entries(metricRuns).map(([k, xs]) => [k, median(xs)])) as Record<TMetric, number>,
      });
    }
    return out;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
