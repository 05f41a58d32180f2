// axe-core run in the page itself. The script is put into a page once and stays there across the
// app's client-side navigations; it is put in again only after a full load (a new document).
// @axe-core/playwright injected the whole script into every frame on every scan and then opened a
// fresh page to merge the results: about 1 s per scan on top of the rules themselves, which made
// the scans of every screen in three languages twice as long as their rules.
// The product has no iframes, so the page's own document is all there is to check.
import axeCore from 'axe-core';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

type TAxeWindow = Window & { axe?: { run(context: ElementContext, options: RunOptions): Promise<AxeResults> } };

/**
 * Notifications while they fade in or out (antd's motion classes): drawn at part of their opacity, their
 * text fails the contrast rule although it passes once shown. The message reminders open one after
 * another for a while after sign-in, so a scan can meet one moving; shown, it is checked like the rest.
 */
const IN_MOTION = ['.ant-notification-fade-appear', '.ant-notification-fade-enter', '.ant-notification-fade-leave'];

/** Runs axe on the page's current document (but notifications in motion) and returns its violations. */
export async function axeViolations(page: Page, options: RunOptions = {}): Promise<AxeResults['violations']> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeCore.source);
  return page.evaluate(
    async ({ opts, exclude }) => {
      const { axe } = window as TAxeWindow;
      if (!axe) throw new Error('axe-core did not load in the page');
      const r = await axe.run({ include: [document], exclude: exclude.map((sel) => [sel]) }, { ...opts, resultTypes: ['violations'] });
      return r.violations;
    },
    { opts: options, exclude: IN_MOTION },
  );
}

/** Whether a violation is serious or critical (the line every page holds; the screen scan of a11y.test.ts refuses moderate and minor too). */
export const isSerious = (v: AxeResults['violations'][number]): boolean => v.impact === 'serious' || v.impact === 'critical';

/** The serious and critical violations, as `rule: help` lines. */
export async function seriousViolations(page: Page, options: RunOptions = {}): Promise<string[]> {
  return (await axeViolations(page, options)).filter(isSerious).map((v) => `${v.id}: ${v.help}`);
}
