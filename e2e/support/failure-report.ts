// What a failed browser test leaves behind: for each page open in the test file's browser when a test
// fails (and the last few closed ones), a screenshot, the page's console and errors, and the last answers
// of the API, under test-results/failures/<test>/, with their paths printed. The hook is registered by
// importing this module, which support/browser.ts does, so every spec that opens a browser has it; pages
// are watched from the moment support/browser.ts opens their context.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { resultsDir } from './paths';

type TApiAnswer = { at: string; method: string; url: string; status: number; body: string };
type TWatched = { page: Page; opened: string; closedAt?: number; console: string[]; api: TApiAnswer[] };

const CONSOLE_LINES = 300;
const API_ANSWERS = 40;
const BODY_CHARS = 2_000;

const open = new Set<TWatched>();
const recentlyClosed: TWatched[] = [];
/** When the last test of the file ended: pages closed before it belong to earlier tests. */
let lastTestEnded = 0;

const keepLast = <T>(list: T[], item: T, most: number): void => {
  list.push(item);
  if (list.length > most) list.splice(0, list.length - most);
};

function watchPage(page: Page): void {
  const watched: TWatched = { page, opened: new Date().toISOString(), console: [], api: [] };
  open.add(watched);
  const stamp = () => new Date().toISOString().slice(11, 23);
  page.on('console', (m) => keepLast(watched.console, `${stamp()} [${m.type()}] ${m.text()}`, CONSOLE_LINES));
  page.on('pageerror', (e) => keepLast(watched.console, `${stamp()} [pageerror] ${e.stack ?? e.message}`, CONSOLE_LINES));
  page.on('requestfailed', (r) =>
    keepLast(watched.console, `${stamp()} [requestfailed] ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`, CONSOLE_LINES),
  );
  page.on('response', (res) => {
    if (!res.url().includes('/v3api/')) return;
    const answer: TApiAnswer = { at: stamp(), method: res.request().method(), url: res.url(), status: res.status(), body: '' };
    keepLast(watched.api, answer, API_ANSWERS);
    // JSON bodies only: a download's body is a file, read in full by the test itself if it wants it.
    if ((res.headers()['content-type'] ?? '').includes('json'))
      res.text().then(
        (text) => (answer.body = text.slice(0, BODY_CHARS)),
        () => undefined,
      );
  });
  page.on('close', () => {
    watched.closedAt = Date.now();
    open.delete(watched);
    keepLast(recentlyClosed, watched, 6);
  });
}

/** Watches every page the context opens (called by support/browser.ts for each context it makes). */
export function watchContext(context: BrowserContext): void {
  context.on('page', watchPage);
}

const safeName = (name: string) => name.replace(/[^\w.-]+/g, '-').slice(0, 100);

async function writeReport(testName: string): Promise<string[]> {
  const dir = path.join(resultsDir, 'failures', `${safeName(testName)}-${Date.now().toString(36)}`);
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  const pages = [...open, ...recentlyClosed.filter((w) => (w.closedAt ?? 0) >= lastTestEnded)];
  for (const [i, w] of pages.entries()) {
    const base = path.join(dir, `page-${i + 1}`);
    const closed = w.page.isClosed();
    if (!closed) {
      try {
        await w.page.screenshot({ path: `${base}.png`, timeout: 10_000 });
        written.push(`${base}.png`);
      } catch (error) {
        w.console.push(`(no screenshot: ${String(error).split('\n')[0]})`);
      }
    }
    const url = closed ? '(closed)' : w.page.url();
    writeFileSync(`${base}.console.txt`, [`page opened ${w.opened}, now at ${url}`, ...w.console].join('\n') + '\n');
    writeFileSync(`${base}.api.json`, JSON.stringify(w.api, null, 2) + '\n');
    written.push(`${base}.console.txt`, `${base}.api.json`);
  }
  return written;
}

afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') {
    lastTestEnded = Date.now();
    return;
  }
  const files = await writeReport(ctx.task.fullName ?? ctx.task.name);
  if (files.length)
    console.error(
      `\n${ctx.task.name} failed; what its pages showed:\n${files.map((f) => `  ${path.relative(process.cwd(), f)}`).join('\n')}`,
    );
  else console.error(`\n${ctx.task.name} failed with no page open.`);
  lastTestEnded = Date.now();
});
