// What a browser session of the product needs that does not depend on the test runner: Chromium's flags,
// the demo account and the sign-in form. The browser tests (support/browser.ts) and the Lighthouse bench
// (bench/lighthouse.ts) both use it.
import type { Page } from 'playwright-core';

export const DEMO = { merchantNo: '100001', loginName: 'admin', password: 'Admin@2026' };

/**
 * Chromium's flags in every browser test. The omnibox's WebUI features are off: this Chromium builds
 * its omnibox popup as a WebUI page in its own renderer whenever a page opens in a new context, and
 * that renderer kept a whole core busy for about a second, on a 2-core machine, beside the page under
 * test (seen in a performance trace: 2,500 tasks loading chrome://omnibox-popup.top-chrome). A user's
 * browser does that once per window, not per page load, and a headless browser has no omnibox to show.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,PreloadTopChromeWebUI',
];

export async function fillLogin(page: Page, account: { merchantNo: string; loginName: string; password: string } = DEMO): Promise<void> {
  await page.locator('#merchantNo').fill(account.merchantNo);
  await page.locator('#loginName').fill(account.loginName);
  await page.locator('#password').fill(account.password);
  await page.getByTestId('login-submit').click();
}
