import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { closeBrowser, newContext, screenshot, shanghaiDate, signIn, tokenOf } from '../support/browser';

afterAll(closeBrowser);

/**
 * Every list with a date range, driven as a person drives it: a range picked with the mouse and one
 * typed with the keyboard, then Search; what the screen lists must be what the API lists for the
 * same filters (the first row and the total), and Search pressed again must ask again.
 */
type TList = {
  name: string;
  path: string;
  api: string;
  table: string;
  fixed: Record<string, string>;
  key: (row: Record<string, unknown>) => string;
};

const LISTS: TList[] = [
  {
    name: 'formal transactions',
    path: '/merTradeMgr/initTradeRecordPage',
    api: '/merTradeMgr/tradeRecordList',
    table: 'transaction-table',
    fixed: { timeType: 'trade' },
    key: (r) => String(r.tradeNo),
  },
  {
    name: 'refunds',
    path: '/refundment/forwardRefundmentList',
    api: '/refundment/list',
    table: 'refund-table',
    fixed: { timeType: 'refundApply' },
    key: (r) => String(r.refundNo),
  },
  {
    name: 'retrievals and chargebacks',
    // Opens on 6 months of open cases; start from today's cases so the calendar opens on this month.
    path: '/merTradeMgr/initProConTradePage?view=all&from=TODAY&to=TODAY',
    api: '/merTradeMgr/proConTrade/list',
    table: 'dispute-table',
    fixed: { view: 'all', timeType: 'dispute' },
    key: (r) => String(r.caseNo),
  },
  {
    name: 'trade daily report',
    path: '/tradeDailyReport/showTradeDaily',
    api: '/tradeDailyReport/list',
    table: 'daily-table',
    fixed: {},
    key: (r) => String(r.day),
  },
];

/** A start day a week back but in the current month, so both days are on the calendar the picker opens on. */
function weekStart(): string {
  const today = shanghaiDate();
  const back = shanghaiDate(-7);
  return back.slice(0, 7) === today.slice(0, 7) ? back : `${today.slice(0, 7)}-01`;
}

async function apiPage(list: TList, token: string | undefined, from: string, to: string) {
  const q = new URLSearchParams({ ...list.fixed, from, to, page: '1', limit: '20' });
  const res = await api<{ list: Record<string, unknown>[]; total: number }>(`${list.api}?${q.toString()}`, undefined, token);
  expect(res.code).toBe(0);
  return res.data;
}

/** The screen's first row key and total, once the table shows the answer for this range. */
async function expectScreenMatches(page: Page, list: TList, expected: { list: Record<string, unknown>[]; total: number }) {
  const table = page.getByTestId(list.table);
  const total = page.getByTestId('pagination').locator('.ant-pagination-total-text');
  await expect.poll(() => total.innerText(), { timeout: 15_000 }).toContain(expected.total.toLocaleString('en-US'));
  if (expected.list[0])
    await expect.poll(() => table.locator('tr.ant-table-row').first().innerText()).toContain(list.key(expected.list[0]));
  else await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(0);
}

describe('list kit: date ranges by mouse and keyboard, Search, against the API', () => {
  it.each(LISTS)('$name', async (list) => {
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await signIn(page);
    const token = await tokenOf(context);
    const listCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/v3api${list.api}`) listCalls.push(r.url());
    });
    await page.goto(list.path.replace(/TODAY/g, shanghaiDate()));
    await page.getByTestId(list.table).waitFor();

    // Mouse: open the calendar, click a start day and today.
    const from = weekStart();
    const today = shanghaiDate();
    await page.getByTestId('filter-dateRange').locator('input').first().click();
    await page.locator(`.mbo-range-picker td[title="${from}"]`).first().click();
    await page.locator(`.mbo-range-picker td[title="${today}"]`).first().click();
    await page.getByTestId('filter-search').click();
    await page.waitForURL((u) => u.searchParams.get('from') === from && u.searchParams.get('to') === today);
    await expectScreenMatches(page, list, await apiPage(list, token, from, today));
    await screenshot(page, `list-kit-${list.table}-mouse`);

    // The same filters again: Search asks the server again.
    const before = listCalls.length;
    await page.getByTestId('filter-search').click();
    await expect.poll(() => listCalls.length).toBeGreaterThan(before);

    // Keyboard: type a range into the two inputs.
    const typedFrom = shanghaiDate(-20);
    const typedTo = shanghaiDate(-2);
    const [start, end] = [
      page.getByTestId('filter-dateRange').locator('input').first(),
      page.getByTestId('filter-dateRange').locator('input').nth(1),
    ];
    await start.click();
    await start.press('Control+A');
    await start.pressSequentially(typedFrom);
    await start.press('Enter');
    await end.press('Control+A');
    await end.pressSequentially(typedTo);
    await end.press('Enter');
    await page.getByTestId('filter-search').click();
    await page.waitForURL((u) => u.searchParams.get('from') === typedFrom && u.searchParams.get('to') === typedTo);
    await expectScreenMatches(page, list, await apiPage(list, token, typedFrom, typedTo));
    await context.close();
  });
});

describe('list kit: the date range picker on a phone', () => {
  it('keeps both months, every weekday and the month buttons on a 390 px screen, and picks a range there', async () => {
    const context = await newContext({ language: 'zhHk', width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/merTradeMgr/initTradeRecordPage');
    await page.getByTestId('transaction-table').waitFor();
    await page.getByTestId('filter-dateRange').locator('input').first().click();
    const popup = page.locator('.mbo-range-picker');
    await popup.locator('.ant-picker-panel').nth(1).waitFor();
    // Everything a person needs in the popup is inside the screen's width.
    const outside = await popup.evaluate((root) =>
      [
        ...root.querySelectorAll(
          '.ant-picker-content th, .ant-picker-header button, .ant-picker-presets li, .ant-picker-cell-in-view, .ant-picker-header-view',
        ),
      ]
        .map((el) => ({ text: el.textContent ?? '', box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.left < 0 || box.right > window.innerWidth)
        .map(({ text, box }) => `${text} at ${Math.round(box.left)}-${Math.round(box.right)}`),
    );
    expect(outside).toEqual([]);
    await screenshot(page, 'list-kit-range-picker-390-zhHk');
    // A preset (yesterday) and a search from there.
    const yesterday = shanghaiDate(-1);
    await popup.locator('.ant-picker-presets li').nth(1).click();
    await page.getByTestId('filter-search').click();
    await page.waitForURL((u) => u.searchParams.get('from') === yesterday && u.searchParams.get('to') === yesterday);
    await context.close();
  });
});

describe('list kit: the exact count after "more than N"', () => {
  it('shows "More than N" with the rows at once, then the exact total, which is what the API counts for the same filters', async () => {
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await signIn(page);
    const token = await tokenOf(context);
    // Five months up to yesterday (no payment of another test lands in it) with a minimum amount: far
    // more rows than the page's count reads, so it says "more than N".
    const filters = new URLSearchParams({ timeType: 'trade', from: shanghaiDate(-150), to: shanghaiDate(-1), amountMin: '1' });
    const first = await api<{ total: number; capped: boolean }>(`/merTradeMgr/tradeRecordList?${filters.toString()}`, undefined, token);
    expect(first.data.capped).toBe(true);
    const exact = await api<{ total: number; capped: boolean }>(
      `/merTradeMgr/tradeRecordList/count?${filters.toString()}`,
      undefined,
      token,
    );
    expect(exact.data.capped).toBe(false);
    expect(exact.data.total).toBeGreaterThan(first.data.total);

    // The screen's count is held until the person has seen "More than N", as a slow count would be.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    await page.route('**/v3api/merTradeMgr/tradeRecordList/count?*', async (route) => {
      asked.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.goto(`/merTradeMgr/initTradeRecordPage?${filters.toString()}`);
    const total = page.getByTestId('pagination').locator('.ant-pagination-total-text');
    await expect.poll(() => total.innerText(), { timeout: 15_000 }).toMatch(/^More than [\d,]+$/);
    await expect.poll(() => page.getByTestId('transaction-table').locator('tr.ant-table-row').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('capped-note').innerText()).toContain('counting them all');
    await screenshot(page, 'list-kit-count-waiting');
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0]!).searchParams.get('amountMin')).toBe('1');

    release();
    await expect.poll(() => total.innerText(), { timeout: 15_000 }).toBe(`${exact.data.total.toLocaleString('en-US')} in total`);
    await expect.poll(() => page.getByTestId('capped-note').count()).toBe(0);
    await screenshot(page, 'list-kit-count-exact');
    await context.close();
  });
});
