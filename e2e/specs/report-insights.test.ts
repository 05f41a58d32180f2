import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { closeBrowser, newContext, openMenu, screenshot, shanghaiDate, signIn, tokenOf } from '../support/browser';

afterAll(closeBrowser);

/*
 * The overview above the daily and monthly reports (issue 48 §4), as a merchant uses it: the report
 * opened from the menu, its range changed in the picker, and the figures the overview then shows
 * compared with what the API answers for the same filters and with the table's totals below.
 */

type TFigures = { txCount: number; successAmount: number; successRateBp: number | null; refundAmount: number; chargebackAmount: number };
type TInsights = { period: { from: string; to: string }; comparison: { currency: string; current: TFigures }[] };

/** Types a range into the two inputs of a range picker, as a person does with the keyboard. */
async function typeRange(page: Page, testId: string, from: string, to: string) {
  const start = page.getByTestId(testId).locator('input').first();
  const end = page.getByTestId(testId).locator('input').nth(1);
  await start.click();
  await start.press('Control+A');
  await start.pressSequentially(from);
  await start.press('Enter');
  await end.press('Control+A');
  await end.pressSequentially(to);
  await end.press('Enter');
}

/** The overview's cards once they show `currency`'s figures of the API's answer. */
async function expectCardsMatch(page: Page, answer: TInsights) {
  const cards = page.getByTestId('insights-cards');
  // The overview opens on the currency with the most transactions.
  const first = answer.comparison.reduce<TInsights['comparison'][number] | undefined>(
    (a, c) => (!a || c.current.txCount > a.current.txCount ? c : a),
    undefined,
  );
  expect(first, 'the demo merchant trades in the chosen range').toBeDefined();
  await expect.poll(() => cards.getAttribute('data-currency'), { timeout: 15_000 }).toBe(first!.currency);
  await expect
    .poll(() => page.getByTestId('insight-successAmount-value').getAttribute('data-raw'), { timeout: 15_000 })
    .toBe(String(first!.current.successAmount));
  expect(await page.getByTestId('insight-txCount-value').getAttribute('data-raw')).toBe(String(first!.current.txCount));
  expect(await page.getByTestId('insight-refunds-value').getAttribute('data-raw')).toBe(String(first!.current.refundAmount));
  expect(await page.getByTestId('insight-chargebacks-value').getAttribute('data-raw')).toBe(String(first!.current.chargebackAmount));
  expect(await page.getByTestId('insight-txCount-value').innerText()).toBe(first!.current.txCount.toLocaleString('en-US'));
  return first!;
}

describe('report insights against the API', () => {
  it('daily report: a typed range shows the same totals in the overview, the API and the table', async () => {
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await signIn(page);
    const token = await tokenOf(context);
    await openMenu(page, '/tradeDailyReport/showTradeDaily');
    await page.getByTestId('report-insights').waitFor();

    const from = shanghaiDate(-20);
    const to = shanghaiDate(-2);
    await typeRange(page, 'filter-dateRange', from, to);
    await page.getByTestId('filter-search').click();
    await page.waitForURL((u) => u.searchParams.get('from') === from && u.searchParams.get('to') === to);

    const answer = await api<TInsights>(`/tradeDailyReport/insights?from=${from}&to=${to}`, undefined, token);
    expect(answer.code).toBe(0);
    expect(answer.data.period).toEqual({ from, to });
    await expect.poll(() => page.getByTestId('insights-period').innerText()).toContain(`${from} – ${to}`);
    const shown = await expectCardsMatch(page, answer.data);

    // The table's totals row of that currency shows the same approved amount and count.
    const table = await api<{ totals: (TFigures & { currency: string })[] }>(
      `/tradeDailyReport/list?from=${from}&to=${to}&page=1&limit=20`,
      undefined,
      token,
    );
    const total = table.data.totals.find((r) => r.currency === shown.currency);
    expect(total).toMatchObject({ successAmount: shown.current.successAmount, txCount: shown.current.txCount });
    const amountText = (await page.getByTestId('insight-successAmount-value').innerText()).replace(` ${shown.currency}`, '');
    const totalRow = page.getByTestId('daily-total').filter({ hasText: shown.currency });
    await expect.poll(() => totalRow.innerText()).toContain(amountText);

    await page.getByTestId('insights-tab-country').click();
    await page.getByTestId('insights-breakdown-country').waitFor();
    await screenshot(page, 'report-insights-daily');
    await context.close();
  });

  it('monthly report: typed months show the API totals in the overview', async () => {
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await signIn(page);
    const token = await tokenOf(context);
    await openMenu(page, '/tradeMonthReport/showTradeMonth');
    await page.getByTestId('report-insights').waitFor();

    const month = shanghaiDate().slice(0, 7);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const back = (n: number) => new Date(Date.UTC(y, m - 1 - n, 1)).toISOString().slice(0, 7);
    const from = back(5);
    const to = back(1);
    await typeRange(page, 'month-range', from, to);
    await page.waitForURL((u) => u.searchParams.get('from') === from && u.searchParams.get('to') === to);

    const answer = await api<TInsights>(`/tradeMonthReport/insights?from=${from}&to=${to}`, undefined, token);
    expect(answer.code).toBe(0);
    await expect.poll(() => page.getByTestId('insights-period').innerText()).toContain(`${from} – ${to}`);
    const shown = await expectCardsMatch(page, answer.data);
    const table = await api<{ list: { currency: string; successAmount: number }[] }>(
      `/tradeMonthReport/list?from=${from}&to=${to}`,
      undefined,
      token,
    );
    const sum = table.data.list.filter((r) => r.currency === shown.currency).reduce((s, r) => s + r.successAmount, 0);
    expect(sum).toBe(shown.current.successAmount);
    await screenshot(page, 'report-insights-monthly');
    await context.close();
  });
});
