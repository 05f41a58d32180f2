import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newContext, screenshot, signIn } from '../support/browser';

afterAll(closeBrowser);

function parseShown(text: string): number {
  const m = /(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(text);
  if (!m) throw new Error(`not a displayed time: ${text}`);
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}

describe('the signed-in shell', () => {
  it('keeps the chosen language across a reload', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page);
    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-option-en').click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await expect.poll(() => page.getByTestId('sidebar').innerText()).toContain('Transaction');

    await page.reload();
    // The menu is drawn just after the screen's first content (platform/after-first-content.tsx).
    await page.locator('[data-testid="sidebar"] ul.ant-menu-root').waitFor();
    expect(await page.getByTestId('sidebar').innerText()).toContain('Transaction');
    expect(await page.evaluate(() => document.documentElement.lang || localStorage.getItem('language'))).toMatch(/en/);

    await page.getByTestId('lang-switch').click();
    await page.getByTestId('lang-option-zhHk').click();
    await expect.poll(() => page.getByTestId('sidebar').innerText()).toContain('交易');
    await page.reload();
    await page.getByTestId('sidebar').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('zhHk');
    await context.close();
  });

  it('shows times in the chosen timezone', async () => {
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await signIn(page);
    const first = page.getByTestId('announcement-time').first();
    await first.waitFor();
    const shanghai = parseShown(await first.innerText());

    await page.getByTestId('tz-switch').click();
    await page.getByTestId('tz-option-6').click();
    await expect.poll(async () => parseShown(await first.innerText())).not.toBe(shanghai);
    const newYork = parseShown(await first.innerText());
    const hours = (shanghai - newYork) / 3_600_000;
    expect([12, 13]).toContain(hours);
    expect(await page.evaluate(() => [localStorage.getItem('timezone'), localStorage.getItem('timezoneUser')])).toEqual([
      '6',
      'America/New_York',
    ]);

    await page.reload();
    await first.waitFor();
    expect(parseShown(await first.innerText())).toBe(newYork);
    await context.close();
  });

  it('remembers a collapsed sidebar across a reload through the sidebarStatus cookie', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page);
    const sidebar = page.getByTestId('sidebar');
    const openWidth = (await sidebar.boundingBox())?.width ?? 0;
    expect(openWidth).toBe(200);

    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width ?? 0).toBeLessThan(100);
    expect((await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('0');

    await page.reload();
    await sidebar.waitFor();
    expect((await sidebar.boundingBox())?.width ?? 0).toBeLessThan(100);

    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width ?? 0).toBe(200);
    expect((await context.cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('1');
    await context.close();
  });

  it('switches to the mobile layout on a 390 px wide screen', async () => {
    const context = await newContext({ width: 390, height: 844, language: 'en' });
    const page = await context.newPage();
    await signIn(page);
    await page.getByTestId('mobile-menu-button').waitFor();
    expect(await page.getByTestId('sidebar').isVisible()).toBe(false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'mobile-dashboard-en');

    await page.getByTestId('mobile-menu-button').click();
    const sidebar = page.getByTestId('sidebar');
    await sidebar.waitFor({ state: 'visible' });
    await expect.poll(async () => (await sidebar.boundingBox())?.x ?? -1).toBe(0); // drawer fully in
    await sidebar.getByText('System', { exact: true }).click();
    await sidebar.getByText('Login log', { exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/log/forwardLoginLogList');
    await expect.poll(() => page.getByTestId('sidebar').isVisible()).toBe(false);
    await page.getByTestId('login-log-table').waitFor();
    await screenshot(page, 'mobile-login-log-en');
    await context.close();
  });

  it('runs under the server security headers without a single CSP violation or page error', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    const res = await page.goto('/loginNew');
    const headers = res?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    await signIn(page);
    await page.getByTestId('dashboard-announcements').waitFor();
    await page.goto('/log/forwardLoginLogList');
    await page.getByTestId('login-log-table').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('titles each page "route title - product title"', async () => {
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/log/forwardLoginLogList');
    await page.getByTestId('page-title').waitFor();
    const heading = (await page.getByTestId('page-title').innerText()).trim();
    await expect.poll(() => page.title()).toMatch(new RegExp(`^${heading} - .+`));
    await context.close();
  });

  for (const language of ['zhCn', 'zhHk', 'en']) {
    it(`renders the login page and the shell in ${language} (screenshots)`, async () => {
      const context = await newContext({ language });
      const page = await context.newPage();
      await page.goto('/loginNew');
      await page.getByTestId('login-submit').waitFor();
      await screenshot(page, `login-${language}`);
      await signIn(page);
      await page.getByTestId('dashboard-announcements').waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `shell-${language}`);
      const text = await page.getByTestId('sidebar').innerText();
      expect(text.length).toBeGreaterThan(0);
      await context.close();
    });
  }
});
