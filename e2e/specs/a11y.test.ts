// Accessibility of every screen: axe-core on each public page and each menu screen (taken from the
// shared menu catalog, so a new screen is covered without touching this file) in the three languages,
// and a keyboard-only journey. Lighthouse's scores (performance and accessibility, desktop and mobile) are
// a measurement, printed by `npm run bench -- lighthouse` (bench/lighthouse.ts): its performance figures
// move with the machine's load, and its accessibility category runs axe's rules, which this file holds at
// no violation on every screen.
import { MODULES } from '@mbo/shared/permissions';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { axeViolations, isSerious } from '../support/axe';
import { closeBrowser, newContext } from '../support/browser';
import { DEMO, fillLogin } from '../support/chromium';
import { markScreen, navigateInApp as navigate, settled as settle } from '../support/settle';

afterAll(closeBrowser);

const LANGUAGES = ['zhCn', 'zhHk', 'en'] as const;

/** Pages a signed-out visitor can open (the token pages without a token show their "invalid link" state). */
const PUBLIC_PAGES = ['/loginNew', '/register', '/forgotPassword', '/resetPassword', '/verifyEmail', '/acceptInvitation'];

/** Signed-in pages outside the menu, then every menu screen of the catalog. */
const SIGNED_IN_PAGES = ['/index', '/setting', ...MODULES.flatMap((m) => m.menus.map((menu) => menu.url))];

type TFinding = { page: string; lang: string; serious: number; moderate: number; rules: string[] };

async function scan(page: Page, name: string, lang: string): Promise<TFinding> {
  const violations = await axeViolations(page, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  });
  const serious = violations.filter(isSerious);
  const moderate = violations.filter((v) => !isSerious(v));
  return {
    page: name,
    lang,
    serious: serious.reduce((n, v) => n + v.nodes.length, 0),
    moderate: moderate.reduce((n, v) => n + v.nodes.length, 0),
    rules: violations.map(
      (v) =>
        `${v.id} (${v.impact ?? 'no impact'}) x${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    ),
  };
}

function printTable(findings: TFinding[]): void {
  const pages = [...new Set(findings.map((f) => f.page))];
  const cell = (p: string, l: string) => {
    const f = findings.find((x) => x.page === p && x.lang === l);
    return f ? `${f.serious}/${f.moderate}` : '-';
  };
  const width = Math.max(...pages.map((p) => p.length));
  const lines = [
    `axe: serious+critical / moderate+minor nodes per screen`,
    `${'screen'.padEnd(width)}  ${LANGUAGES.map((l) => l.padStart(7)).join(' ')}`,
    ...pages.map((p) => `${p.padEnd(width)}  ${LANGUAGES.map((l) => cell(p, l).padStart(7)).join(' ')}`),
  ];
  console.log(lines.join('\n'));
}

describe('accessibility', () => {
  it(
    'axe finds no violation on any screen in any language (none serious or critical, and no moderate or minor either)',
    { timeout: 900_000 },
    async () => {
      const started = Date.now();
      const timing = { navigate: 0, scan: 0 };
      // The three languages are scanned side by side, each in its own browser context: a scan is work in
      // the page's renderer, so several at once use the machine's cores instead of one.
      const scanLanguage = async (lang: (typeof LANGUAGES)[number]): Promise<TFinding[]> => {
        const found: TFinding[] = [];
        const context = await newContext({ language: lang });
        const page = await context.newPage();
        await page.goto('/loginNew');
        for (const path of PUBLIC_PAGES) {
          await navigate(page, path);
          found.push(await scan(page, path, lang));
        }
        await navigate(page, '/loginNew');
        const signInScreen = await markScreen(page);
        await fillLogin(page);
        await page.waitForURL((u) => u.pathname !== '/loginNew');
        await settle(page, { after: signInScreen });
        for (const path of SIGNED_IN_PAGES) {
          let t = Date.now();
          await navigate(page, path);
          timing.navigate += Date.now() - t;
          t = Date.now();
          found.push(await scan(page, path, lang));
          timing.scan += Date.now() - t;
        }
        await context.close();
        return found;
      };
      const findings = (await Promise.all(LANGUAGES.map(scanLanguage))).flat();
      printTable(findings);
      console.log(
        `axe: ${findings.length} scans in ${Math.round((Date.now() - started) / 1000)} s; signed-in screens: navigating ${Math.round(timing.navigate / 1000)} s, scanning ${Math.round(timing.scan / 1000)} s (summed over the languages)`,
      );
      // Serious and critical are the line; moderate and minor are held at none too, where every screen is.
      const failing = findings.filter((f) => f.serious + f.moderate > 0).map((f) => `${f.lang} ${f.page}\n  ${f.rules.join('\n  ')}`);
      expect(failing, failing.join('\n')).toEqual([]);
    },
  );

  it('signs in and opens a menu screen with the keyboard alone, with a visible focus ring', async () => {
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await page.goto('/loginNew');
    await settle(page);

    /** How the focused element's focus is drawn, or null when the focus is not on `selector`. */
    const ringOf = (selector: string) =>
      page.evaluate((sel) => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || !el.matches(sel)) return null;
        // antd draws the focus of an input on its wrapper, and of a button or link on itself.
        const drawn = [el, el.closest('.ant-input-affix-wrapper, .ant-select, .ant-input-number, .ant-picker')].filter(
          (x): x is HTMLElement => x instanceof HTMLElement,
        );
        return drawn
          .map((x) => {
            const s = getComputedStyle(x);
            const outline =
              s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 ? `outline ${s.outlineWidth} ${s.outlineColor}` : '';
            const shadow = s.boxShadow !== 'none' ? `shadow ${s.boxShadow}` : '';
            return outline || shadow;
          })
          .filter(Boolean)
          .join('; ');
      }, selector);

    /** Presses Tab until the focused element matches `selector`; returns how the focus is drawn once it is. */
    const tabTo = async (selector: string, limit = 40): Promise<string> => {
      for (let i = 0; i < limit; i += 1) {
        await page.keyboard.press('Tab');
        if ((await ringOf(selector)) === null) continue;
        // antd fades its focus shadow in: wait until it is drawn, as a person sees it appear.
        await expect.poll(() => ringOf(selector), { timeout: 5_000 }).not.toBe('');
        return (await ringOf(selector)) ?? '';
      }
      throw new Error(`Tab never reached ${selector}`);
    };

    expect(await tabTo('#merchantNo')).not.toBe('');
    await page.keyboard.type(DEMO.merchantNo);
    expect(await tabTo('#loginName')).not.toBe('');
    await page.keyboard.type(DEMO.loginName);
    expect(await tabTo('#password')).not.toBe('');
    await page.keyboard.type(DEMO.password);
    expect(await tabTo('[data-testid="login-submit"]')).not.toBe('');
    const signInScreen = await markScreen(page);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname !== '/loginNew');
    await settle(page, { after: signInScreen });

    // The sidebar menu is one Tab stop: the arrow keys move to the first module, Enter opens it, and
    // its screens' links are the next Tab stops.
    const firstMenu = MODULES[0].menus[0];
    // The module's title: its menu id ends with the module's key.
    const firstModule = `.ant-menu-submenu-title[data-menu-id$="-${MODULES[0].key}"]`;
    expect(await tabTo('[data-testid="sidebar"] ul.ant-menu-root')).not.toBe('');
    /** The focused element, told apart from the others by its place among the page's elements. */
    const focused = () => page.evaluate(() => [...document.querySelectorAll('*')].indexOf(document.activeElement as Element));
    for (let i = 0; i < 5; i += 1) {
      if (await page.evaluate((sel) => document.activeElement?.matches(sel), firstModule)) break;
      const before = await focused();
      await page.keyboard.press('ArrowDown');
      // The menu moves the focus on a later animation frame, and takes the next arrow key from where the
      // focus is then: wait until it has moved, as a person sees it move before pressing again.
      await expect.poll(focused, { timeout: 5_000 }).not.toBe(before);
    }
    expect(
      await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, firstModule),
      'the arrow keys reach the first module',
    ).toBe(true);
    await page.keyboard.press('Enter');
    const sidebarScreen = await markScreen(page);
    // As a person waits to see the module's screens unfold before moving on: a Tab pressed while the
    // list is still being put in the page goes past it to the page's content.
    const firstLink = `[data-testid="sidebar"] a[href="${firstMenu.url}"]`;
    await page.locator(firstLink).waitFor();
    expect(await tabTo(firstLink)).not.toBe('');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === firstMenu.url);
    await settle(page, { after: sidebarScreen });
    // The screen's own actions are reached by Tab too.
    expect(await tabTo('.mbo-content button')).not.toBe('');
    await context.close();
  });
});
