// Passkeys and the fresh check in the browser, with Chromium's virtual authenticator (DevTools protocol).
// A browser refuses WebAuthn on an IP address, and the server takes its relying party from APP_URL (by
// default http://127.0.0.1:<port>): this file starts its own copy of the built product with APP_URL on
// localhost and its own data directory, so the other journeys keep theirs.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, fillLogin } from '../support/chromium';
import { closeBrowser, launch, openMenu, screenshot } from '../support/browser';
import { watchContext } from '../support/failure-report';
import { freePort } from '../support/global-setup';
import { repoRoot, resultsDir } from '../support/paths';

let server: ChildProcess | undefined;
let dataDir = '';
let origin = '';

beforeAll(async () => {
  const port = await freePort();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'mbo-e2e-passkeys-'));
  origin = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: origin,
    LOG_LEVEL: 'warn',
    // This journey signs in and opens the business profile: a tenth of the demo's transactions keeps
    // every screen populated and loads in a few seconds instead of the whole demo's 40 s.
    DEMO_TRANSACTIONS: '20000',
  };
  delete env.DATABASE_URL;
  for (const key of Object.keys(env)) if (key === 'NODE_ENV' || key.startsWith('VITEST')) delete env[key];
  const log = openSync(path.join(resultsDir, 'server-passkeys.log'), 'w');
  server = spawn('node', ['apps/server/dist/main.js'], { cwd: repoRoot, env, detached: true, stdio: ['ignore', log, log] });
  // Asks until the server answers (as the global setup does); the deadline is a hang detector.
  const deadline = Date.now() + 180_000;
  while (
    !(await fetch(`${origin}/version.json`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error(`the passkeys server did not start; see ${resultsDir}/server-passkeys.log`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

afterAll(async () => {
  await closeBrowser();
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function newLocalContext(): Promise<BrowserContext> {
  const context = await (
    await launch()
  ).newContext({
    baseURL: origin,
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
    reducedMotion: 'reduce',
  });
  watchContext(context);
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', 'en');
  });
  return context;
}

/** A virtual platform authenticator with resident keys and user verification, as a phone or laptop has. */
async function addAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/**
 * Makes every session's last check 10 minutes old, as if the person had been away: written straight
 * into this file's own database with the server's SQLite driver (no operator command sets it).
 */
function makeChecksStale(): void {
  const script = `const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.prepare('UPDATE sessions SET last_check_at = ? WHERE revoked_at IS NULL').run(Date.now() - 10 * 60000);
db.close();`;
  const res = spawnSync('node', ['-e', script, path.join(dataDir, 'mbo.sqlite')], { cwd: repoRoot, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`could not age the sessions' checks: ${res.stderr}`);
}

describe('passkeys', () => {
  it('registers a passkey in the settings, signs in with it, and passes the fresh check with it', async () => {
    const context = await newLocalContext();
    const page = await context.newPage();
    await addAuthenticator(page);

    // Sign in with the password and add a passkey in the settings.
    await page.goto('/loginNew');
    await fillLogin(page, DEMO);
    await page.waitForURL((u) => u.pathname !== '/loginNew');
    await page.goto('/setting');
    await page.getByTestId('settings-passkeys').waitFor();
    await page.getByTestId('passkey-add').click();
    await page.getByTestId('passkey-name-input').fill('Test laptop');
    const registered = page.waitForResponse((r) => r.url().endsWith('/auth/passkeys/register'));
    await page.getByTestId('passkey-create').click();
    expect(((await (await registered).json()) as { code: number }).code).toBe(0);
    await expect.poll(() => page.getByTestId('passkey-name').allInnerTexts()).toEqual(['Test laptop']);
    await screenshot(page, 'passkeys-settings-en-1440');

    // Sign out (the session's token goes), then sign in with the passkey and the merchant number only.
    await context.clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/loginNew');
    await page.locator('#merchantNo').fill(DEMO.merchantNo);
    const signedIn = page.waitForResponse((r) => r.url().endsWith('/auth/passkeys/signIn'));
    await page.getByTestId('login-passkey').click();
    expect(((await (await signedIn).json()) as { code: number }).code).toBe(0);
    await page.waitForURL((u) => u.pathname !== '/loginNew');
    await page.getByTestId('page-title').waitFor();

    // Ten minutes later, revealing the sign key asks again: the API refuses the first call (1428), the
    // prompt's passkey passes the check, and the reveal goes through without being asked for again.
    makeChecksStale();
    await openMenu(page, '/merchant/showMerchantDetails');
    await page.getByTestId('sign-key-reveal').click();
    await page.getByTestId('sign-key-password').fill(DEMO.password);
    const answers: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/merchant/signKey/reveal'))
        void r.json().then(
          (body: { code: number }) => answers.push(body.code),
          () => undefined,
        );
    });
    await page.getByTestId('sign-key-confirm').click();
    await page.getByTestId('fresh-check-passkey').waitFor();
    await expect.poll(() => answers).toEqual([1428]);
    await screenshot(page, 'passkeys-fresh-check-en-1440');
    await page.getByTestId('fresh-check-passkey').click();
    await expect.poll(() => page.getByTestId('sign-key').innerText()).toMatch(/^[0-9a-f]{32}$/);
    // The listener reads each answer's body after the screen may already show it: wait for it as well.
    await expect.poll(() => answers).toEqual([1428, 0]);
    expect(await page.getByTestId('fresh-check-prompt').count()).toBe(0);
    await context.close();
  });
});
