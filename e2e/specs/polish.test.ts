// The screens a merchant already uses, checked for what looks unprofessional next to the dashboards
// they know: demo accounts, spreadsheet numbers, counts, words, the sidebar, the case drawer, phone width.
import ExcelJS from 'exceljs';
import type { BrowserContext, Page } from 'playwright-core';
import { settled } from '../support/settle';
import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newContext, openMenu, screenshot, shanghaiDate, signIn } from '../support/browser';

afterAll(closeBrowser);

const MEMBER = { merchantNo: '100001', loginName: 'operator', password: 'Operator@2026' };
const LEGACY = { merchantNo: '100001', loginName: 'legacy', password: 'Legacy@2026' };

async function open(options: { width?: number; language: string; motion?: boolean }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(options);
  return { context, page: await context.newPage() };
}

describe('polish of the existing screens', () => {
  it('the member demo account reaches the dashboard under its own name; the legacy one gets the upgrade notice', async () => {
    const { context, page } = await open({ language: 'en' });
    await signIn(page, MEMBER);
    await page.getByTestId('dashboard-history').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('user-menu').innerText()).toContain('Mei Chan');
    // One account only: the chooser says so, without offering a business to create.
    await page.goto('/selectMerchant');
    expect(await page.getByTestId('select-merchant-subtitle').innerText()).toContain('opens one merchant account');
    expect(await page.getByTestId('create-business').count()).toBe(0);
    await context.close();

    const legacy = await open({ language: 'en' });
    await signIn(legacy.page, LEGACY);
    await legacy.page.waitForURL((u) => u.pathname === '/accountUpgrade');
    await legacy.context.close();
  });

  it('exports numbers a spreadsheet adds up, with the screen’s labels; counts and time left read alike everywhere', async () => {
    const { context, page } = await open({ language: 'en' });
    await signIn(page);
    // The dashboard's time left is the same text as the case drawer's.
    const first = page.getByTestId('deadline-item').first();
    const left = await first.getByTestId('time-left').innerText();
    const caseNo = await first.getByRole('link').innerText();
    await first.getByRole('link').click();
    const drawer = page.getByTestId('dispute-detail');
    await drawer.waitFor();
    // The list behind the drawer holds the case, not an empty page.
    expect(await page.getByTestId('dispute-table').getByText(caseNo, { exact: true }).count()).toBe(1);
    // Same words and units (the minutes may tick between the two readings).
    const shape = (text: string) => text.replace(/\d+/g, '#');
    expect(shape(await drawer.getByTestId('time-left').innerText())).toBe(shape(left));
    // No blank row: every row of the case has a label.
    const labels = await drawer.locator('th.ant-descriptions-item-label').allInnerTexts();
    expect(labels.every((l) => l.trim().length > 0)).toBe(true);
    await page.keyboard.press('Escape');

    // Thirty days of payments (the demo records a few hundred a day): the count has its thousands separator.
    await page.goto(`/merTradeMgr/initTradeRecordPage?from=${shanghaiDate(-29)}&to=${shanghaiDate()}`);
    await page.getByTestId('transaction-table').waitFor();
    expect(await page.locator('.ant-pagination-total-text').innerText()).toMatch(/^\d{1,3}(,\d{3})+ in total$/);

    await page.goto('/merTradeMgr/initTradeRecordPage');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await download.path()) ?? '');
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const col = (name: string) => header.indexOf(name);
    const amount = sheet.getRow(2).getCell(col('Amount'));
    expect(typeof amount.value).toBe('number');
    expect(amount.numFmt).toMatch(/0\.00|#,##0/);
    expect(sheet.getRow(2).getCell(col('Transaction time')).value).toBeInstanceOf(Date);
    const schemes = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n > 1) schemes.add(String(row.getCell(col('Card scheme')).value));
    });
    expect([...schemes].some((s) => s === 'Visa' || s === 'Mastercard')).toBe(true);
    expect(schemes.has('VISA')).toBe(false);
    await context.close();
  });

  it('sidebar entries are links that open in a new tab; labels are never cut at 200 px', async () => {
    const { context, page } = await open({ language: 'en' });
    await signIn(page);
    await page.locator('.mbo-sider').getByText('Transactions', { exact: true }).click();
    const link = page.getByTestId('menu-/merTradeMgr/initUnTradeRecordPage');
    expect(await link.getAttribute('href')).toBe('/merTradeMgr/initUnTradeRecordPage');
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click({ modifiers: ['Control'] })]);
    await tab.waitForURL((u) => u.pathname === '/merTradeMgr/initUnTradeRecordPage');
    expect(new URL(page.url()).pathname).toBe('/');
    await tab.close();
    // Every label shows whole: nothing wider than its box.
    const cut = await page
      .locator('.mbo-sider .ant-menu-title-content')
      .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
    expect(cut).toEqual([]);
    await screenshot(page, 'polish-sidebar-en');
    await context.close();
  });

  it('at phone width in English, every dashboard card shows its whole title, with the next settlement below it', async () => {
    const { context, page } = await open({ language: 'en', width: 390 });
    await signIn(page);
    await page.getByTestId('fund-next').waitFor();
    await page.getByTestId('fund-row').first().waitFor();
    const cut = await page
      .locator('.ant-card-head-title')
      .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
    expect(cut).toEqual([]);
    const title = await page.getByTestId('dashboard-fund-totals').locator('.ant-card-head-title').boundingBox();
    const next = await page.getByTestId('fund-next').boundingBox();
    expect(next!.y).toBeGreaterThanOrEqual(title!.y + title!.height - 1);
    await screenshot(page, 'polish-dashboard-en-390');
    await context.close();
  });

  it('in Chinese at phone width: gateway texts translated, one-line breadcrumbs, threshold labels apart, KYC read-only', async () => {
    const { context, page } = await open({ language: 'zhCn', width: 390 });
    await signIn(page);
    // A week of declines: today's may still be empty just after midnight.
    await page.goto(`/merTradeMgr/initUnTradeRecordPage?from=${shanghaiDate(-6)}&to=${shanghaiDate()}`);
    await page.getByTestId('open-detail').first().click();
    await page.getByText('被风控拒绝').first().waitFor();
    await page.keyboard.press('Escape');

    await page.goto('/statistics/tnx/chargebackRefund');
    const crumbs = page.getByTestId('breadcrumbs');
    await crumbs.waitFor();
    expect((await crumbs.boundingBox())?.height ?? 99).toBeLessThan(30);
    await page.getByTestId('threshold-label').first().waitFor();
    const boxes = await page
      .getByTestId('threshold-label')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes.length).toBeGreaterThan(2);
    const overlaps = boxes.some((a, i) =>
      boxes.some((b, j) => j > i && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom),
    );
    expect(overlaps).toBe(false);
    await screenshot(page, 'polish-rates-zhCn-390');

    await page.goto('/kyc');
    await page.getByTestId('kyc-approved').waitFor();
    expect(await page.getByTestId('kyc-additional-link').isVisible()).toBe(true);
    expect(await page.locator('#legalName').count()).toBe(0);
    await context.close();
  });

  it('a person whose system asks for reduced motion gets dialogs that appear at once; others see them zoom in', async () => {
    for (const motion of [false, true]) {
      const { context, page } = await open({ language: 'en', motion });
      await signIn(page);
      await openMenu(page, '/withdraw/forwardWithdrawList');
      // The animations the dialog runs from the moment it is put in the page, read by an observer that
      // runs before the browser draws a frame (at each change of the dialog's elements or classes), so a
      // slow machine sees the same as a fast one. antd moves a dialog in by classes whose CSS animation
      // does the zoom; without motion the classes come and go with no animation behind them.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { dialogAnimations: string[] }).dialogAnimations = seen;
        const record = () => {
          const dialog = document.querySelector('.ant-modal');
          for (const a of dialog?.getAnimations({ subtree: true }) ?? []) {
            const duration = Number(a.effect?.getComputedTiming().duration ?? 0);
            const name = a instanceof CSSAnimation ? a.animationName : a.constructor.name;
            if (duration > 0 && !seen.includes(name)) seen.push(name);
          }
        };
        new MutationObserver(record).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['class'],
        });
      });
      await page.getByTestId('withdraw-apply-open').click();
      await page.getByTestId('withdraw-apply-amount').waitFor();
      // Until its animation, if any, has ended.
      await settled(page);
      const animations = await page.evaluate(() => (window as unknown as { dialogAnimations: string[] }).dialogAnimations);
      const width = await page.locator('.ant-modal').evaluate((d) => Math.round(d.getBoundingClientRect().width));
      expect(width).toBeGreaterThan(400);
      if (motion) expect(animations.join(' '), 'the dialog zooms in').toMatch(/zoom/i);
      else expect(animations, 'the dialog is at its size from its first frame').toEqual([]);
      await context.close();
    }
  });
});
