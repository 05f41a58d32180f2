import { afterAll, describe, expect, it } from 'vitest';
import type { TDeadlines } from '@mbo/shared/dashboard';
import { LIMIT_DEFAULT } from '@mbo/shared/paging';
import type { TRuleBacktest } from '@mbo/shared/risk-backtest';
import { apiOk } from '../support/api';
import { closeBrowser, newContext, screenshot, signIn, tokenOf } from '../support/browser';

/*
 * Issue 49 §3 and §4 as a merchant meets them: a blacklist entry is tried on the last 90 days in the add
 * dialog before it is confirmed, and the dashboard counts what is due today and opens that list. The
 * figures on the screen are checked against the API's answer for the same entry, not against the demo's
 * content.
 */

/** The demo's reseller proxy address (seed/demo-alerts-backtest.ts): its backtest shows each figure. */
const PROXY_IP = '198.51.100.77';

afterAll(async () => {
  await closeBrowser();
});

describe('rules tried on the past, deadlines due today', () => {
  it('a blacklist entry shows its 90-day backtest, the same as the API, before it is added', async () => {
    const context = await newContext({ language: 'en', width: 1440, height: 900 });
    const page = await context.newPage();
    await signIn(page);
    const token = await tokenOf(context);

    await page.goto('/blacklist/showBlacklist');
    await page.getByTestId('blacklist-add-open').click();
    await page.getByTestId('blacklist-add-type').click();
    await page.locator('.ant-select-item-option', { hasText: 'IP address' }).click();
    await page.getByTestId('blacklist-add-value').fill(PROXY_IP);
    await page.getByTestId('blacklist-add-reason').fill('Reseller proxy');
    await page.getByTestId('blacklist-backtest-run').click();
    await page.getByTestId('blacklist-backtest').waitFor();
    await screenshot(page, 'blacklist-backtest-en-1440');

    const api = await apiOk<TRuleBacktest>('/blacklist/backtest', { type: 'ip', value: PROXY_IP }, token);
    const shown = async (id: string) => Number((await page.getByTestId(id).innerText()).trim());
    expect(await shown('backtest-declined')).toBe(api.declined.count);
    expect(await shown('backtest-successful')).toBe(api.successful.count);
    expect(await shown('backtest-chargebacks')).toBe(api.chargebacks);
    expect(await shown('backtest-fraud-reports')).toBe(api.fraudReports);
    expect(await shown('backtest-good-customers')).toBe(api.goodCustomers.count);
    expect(await shown('backtest-already-declined')).toBe(api.alreadyDeclined);
    for (const a of api.declined.amounts) expect(await page.getByTestId('backtest-declined-amount').innerText()).toContain(a.currency);
    // The demo address has something to show, so the comparison above compares figures, not zeros.
    expect(api.declined.count).toBeGreaterThan(0);

    // Nothing is added until the merchant confirms.
    const before = await apiOk<{ total: number }>(`/blacklist/list?type=ip&value=${PROXY_IP}`, undefined, token);
    expect(before.total).toBe(0);
    await page.getByTestId('blacklist-add-submit').click();
    await expect.poll(() => page.getByTestId('blacklist-table').innerText(), { timeout: 15_000 }).toContain(PROXY_IP);
    await context.close();
  });

  it("the dashboard's due-today count is the API's, and opens the open cases due today", async () => {
    const context = await newContext({ language: 'en', width: 1440, height: 900 });
    const page = await context.newPage();
    await signIn(page);
    const token = await tokenOf(context);
    await page.goto('/');
    const count = page.getByTestId('deadlines-due-today-count');
    await count.waitFor();
    const api = await apiOk<TDeadlines>('/index/deadlines', undefined, token);
    expect(Number((await count.innerText()).trim())).toBe(api.dueToday.count);
    await screenshot(page, 'dashboard-due-today-en-1440');

    await page.getByTestId('deadlines-due-today').click();
    await page.waitForURL((u) => u.pathname === '/merTradeMgr/initProConTradePage' && u.searchParams.get('due') === 'today');
    const rows = page.getByTestId('dispute-table').locator('tr.ant-table-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(Math.min(api.dueToday.count, LIMIT_DEFAULT));
    await context.close();
  });
});
