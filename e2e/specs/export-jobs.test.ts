import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newContext, openMenu, screenshot, shanghaiDate, signIn } from '../support/browser';
import { settled } from '../support/settle';

afterAll(closeBrowser);

const FORMAL = '/merTradeMgr/initTradeRecordPage';

/** CSV lines outside quoted cells (a quoted cell may hold a line break), without the header. */
function csvDataRows(text: string): number {
  let lines = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (ch === '\n' && !quoted) lines += 1;
  }
  return lines - 1;
}

describe('background exports journey', () => {
  it('exports the formal transaction list in the background, tells it in the bell, and downloads a file of the rows the list counts', async () => {
    const context = await newContext({ language: 'en', width: 1440, height: 900 });
    const page = await context.newPage();
    await signIn(page);

    // The formal list over the last week: a total the pager shows exactly.
    await page.goto(`${FORMAL}?from=${shanghaiDate(-6)}&to=${shanghaiDate()}`);
    const totalText = page.getByTestId('pagination').locator('.ant-pagination-total-text');
    await expect.poll(() => totalText.innerText(), { timeout: 20_000 }).toMatch(/^[\d,]+ in total$/);
    const total = Number((await totalText.innerText()).replace(/[^\d]/g, ''));
    expect(total).toBeGreaterThan(0);

    await page.getByTestId('export-background').click();
    await page.getByTestId('export-background-csv').click();
    await page.locator('.ant-message').getByText('Export started').waitFor();

    // The merchant goes on elsewhere; the bell tells when the file is ready.
    await openMenu(page, '/reportSchedule/showSchedules');
    // The bell asks its count every minute.
    const unread = page.getByTestId('notification-unread');
    await expect
      .poll(async () => Number((await unread.getAttribute('data-count')) ?? '0'), { timeout: 90_000, interval: 1_000 })
      .toBeGreaterThan(0);
    await page.getByTestId('notification-bell').click();
    const notice = page.locator('[data-testid="notification-item"]', { hasText: 'Export finished' }).first();
    await notice.waitFor({ timeout: 60_000 });
    await notice.click();
    await page.waitForURL((u) => u.pathname === '/exports/recent');

    const item = page.locator('[data-testid^="export-job-"][data-status="done"]').first();
    await item.waitFor({ timeout: 30_000 });
    await settled(page);
    await screenshot(page, 'recent-exports-en-1440');
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Download' }).click()]);
    const file = await download.path();
    expect(file).toBeTruthy();
    const text = fs.readFileSync(file!, 'utf8');
    expect(csvDataRows(text)).toBe(total);
    await context.close();
  });
});
