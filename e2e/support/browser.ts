import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { inject } from 'vitest';
import { MODULES } from '@mbo/shared/permissions';
import { CHROMIUM_ARGS, DEMO, fillLogin } from './chromium';
import { watchContext } from './failure-report';
import { repoRoot, screenshotsDir } from './paths';

export const baseURL = (): string => inject('baseURL');

/** The one browser of a test file: a promise, so that tests starting side by side share one launch. */
let browser: Promise<Browser> | undefined;

export function launch(): Promise<Browser> {
  if (browser) return browser;
  const launched: Promise<Browser> = chromium
    .launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [...CHROMIUM_ARGS],
      headless: true,
    })
    .then((b) => {
      // A browser whose process died (seen once in CI, in the middle of a journey, with nothing in its log)
      // fails the test that was using it, which the stage's config tries once more (`retry` in
      // vitest.config.ts); the tests after it get a new browser instead of failing on the dead one.
      b.on('disconnected', () => {
        if (browser !== launched) return; // closed by closeBrowser()
        browser = undefined;
        console.error(`${new Date().toISOString()} the test browser's process ended; the next test launches a new one`);
      });
      return b;
    })
    .catch((error: unknown) => {
      // A launch that failed is tried again by the next test, not handed to every later one.
      browser = undefined;
      throw error;
    });
  browser = launched;
  return launched;
}

export async function closeBrowser(): Promise<void> {
  const open = browser;
  browser = undefined;
  await (await open?.catch(() => undefined))?.close();
}

/**
 * A browser context as a person at the given width and language has it. Journeys ask for reduced motion
 * (the app then shows dialogs, menus and drawers without animating them) unless `motion` is set: they click
 * a control as soon as it is there, and a dialog zooming in moved its OK button from under the pointer
 * between the press and the release, so the release and the click landed beside it and nothing was sent.
 */
export async function newContext(
  options: { width?: number; height?: number; language?: string; motion?: boolean } = {},
): Promise<BrowserContext> {
  const b = await launch();
  const context = await b.newContext({
    baseURL: baseURL(),
    viewport: { width: options.width ?? 1366, height: options.height ?? 860 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: options.motion ? 'no-preference' : 'reduce',
  });
  watchContext(context);
  if (options.language) {
    const lang = options.language;
    await context.addInitScript((l) => {
      if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', l);
    }, lang);
  }
  return context;
}

/** Signs in from /loginNew and waits until the app has left the login page. */
export async function signIn(page: Page, account = DEMO): Promise<void> {
  await page.goto('/loginNew');
  await fillLogin(page, account);
  await page.waitForURL((u) => u.pathname !== '/loginNew');
}

/**
 * Opens a menu screen from the sidebar as a person does: unfolds its module when it is folded, clicks
 * the entry and waits until the screen's title is there. If the page has not moved 10 s after the
 * click, it says so (with a screenshot) and clicks once more, as a person would; a second click that
 * does not navigate either fails the test.
 */
export async function openMenu(page: Page, url: string): Promise<void> {
  const module = MODULES.find((m) => m.menus.some((menu) => menu.url === url));
  if (!module) throw new Error(`no menu entry has the url ${url}`);
  const item = page.getByTestId(`menu-${url}`);
  // A folded module's entries are not in the page until it is unfolded (the title's id ends with its key).
  const title = page.locator(`.ant-menu-submenu-title[data-menu-id$="-${module.key}"]`);
  if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  const arrived = (u: URL) => u.pathname === url;
  await item.click();
  try {
    await page.waitForURL(arrived, { timeout: 10_000 });
  } catch {
    const shot = await screenshot(page, `menu-click-ignored-${Date.now()}`);
    console.warn(`openMenu: still at ${page.url()} 10 s after a click on ${url} (item visible: ${await item.isVisible()}); ${shot}`);
    await item.click();
    await page.waitForURL(arrived);
  }
  await page.getByTestId('page-title').waitFor();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotsDir, { recursive: true });
  const file = path.join(screenshotsDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Runs an operator command against the same database the app under test uses. */
export function ops(args: string[]): string {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: inject('dataDir') };
  delete env.DATABASE_URL;
  // The multi-node stage runs on PostgreSQL (e2e/support/cluster-setup.ts).
  const databaseUrl = inject('databaseUrl');
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // The compiled operator commands, built with the server by the global setup (`npm start` / `npm run build`).
  const res = spawnSync('node', ['apps/server/dist/ops.js', ...args], { cwd: repoRoot, env, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`ops ${args.join(' ')} failed: ${res.stderr || res.stdout}`);
  return res.stdout;
}

export async function tokenOf(context: BrowserContext): Promise<string | undefined> {
  const cookies = await context.cookies();
  return cookies.find((c) => c.name === 'Admin-Token')?.value;
}

/** The demo account's calendar day (Asia/Shanghai), `offsetDays` from today, as YYYY-MM-DD. */
export function shanghaiDate(offsetDays = 0): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}
