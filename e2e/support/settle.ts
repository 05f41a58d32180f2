import type { Page } from 'playwright-core';

/**
 * Waits for what a person waits for before reading a screen: the screen of the current address is drawn
 * (a heading of its own, not the loading screen's), its data has arrived (no progress bar, spinner,
 * skeleton or button still loading) and nothing is moving in (a dialog or notification part-way through
 * an animation that ends; endless ones such as a status dot's pulse do not count), the same at three
 * checks in a row 100 ms apart. It has no deadline of its own but the caller's `timeout`: on a busy
 * machine it waits longer, and when the screen never settles it fails saying what was still busy, rather
 * than going on with a page that is still loading.
 *
 * `after` is a heading that was on screen before the navigation: it must have been replaced, so the
 * previous screen, still shown for a moment after the address changed, is not taken for the new one.
 */
export async function settled(page: Page, { timeout = 45_000, after }: { timeout?: number; after?: string } = {}): Promise<void> {
  try {
    await page.waitForFunction(
      (stale) => {
        const w = window as unknown as { __mboQuiet?: number };
        const headings = [...document.querySelectorAll('h1')];
        const busy =
          headings.length === 0 ||
          (stale !== undefined && headings.some((h) => h.dataset.mboStaleMark === stale)) ||
          Boolean(
            document.querySelector(
              '[data-testid="screen-loading"], #nprogress, .ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading',
            ),
          ) ||
          document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
        w.__mboQuiet = busy ? 0 : (w.__mboQuiet ?? 0) + 1;
        return w.__mboQuiet >= 3;
      },
      after,
      { polling: 100, timeout },
    );
  } catch (error) {
    const state = await page
      .evaluate(() => ({
        url: location.pathname + location.search,
        headings: [...document.querySelectorAll('h1')].map((h) => h.textContent),
        busy: [
          ...document.querySelectorAll(
            '[data-testid="screen-loading"], #nprogress, .ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading',
          ),
        ].map((e) => e.id || e.className.toString().slice(0, 60)),
        animations: document.getAnimations().filter((a) => a.playState === 'running').length,
      }))
      .catch(() => null);
    throw new Error(`the screen did not settle within ${timeout} ms: ${JSON.stringify(state)}`, { cause: error });
  }
}

/** Marks the headings now on screen, so that `settled(page, { after })` waits for the next screen's own. */
export async function markScreen(page: Page): Promise<string> {
  const mark = `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await page.evaluate((m) => {
    for (const h of document.querySelectorAll('h1')) h.dataset.mboStaleMark = m;
  }, mark);
  return mark;
}

/**
 * Client-side navigation, as a menu click does it (the router follows popstate), then waits until the new
 * screen is drawn and settled. The pointer is first put in the bottom left corner (the sidebar's empty end,
 * or the sign-in page's background), so that no element of the next screen is under it: a pointer left
 * where the sign-in button was had opened a cell's tooltip on the waybill list.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.mouse.move(1, (page.viewportSize()?.height ?? 720) - 1);
  const mark = new URL(page.url()).pathname === path ? undefined : await markScreen(page);
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((u) => u.pathname === path);
  await settled(page, { after: mark });
}
