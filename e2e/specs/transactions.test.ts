import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { baseURL, closeBrowser, newContext, openMenu, ops, screenshot, signIn, tokenOf } from '../support/browser';
import { settled } from '../support/settle';

afterAll(closeBrowser);

/** Today's date in Asia/Shanghai, the browser's timezone and the app's default one. */
function todayInShanghai(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

function recordPayment(amount: string): { tradeNo: string; order: string } {
  const order = `E2E-${Date.now()}`;
  const out = ops([
    'payment:record',
    '--gateway',
    '10010001',
    '--amount',
    amount,
    '--order',
    order,
    '--email',
    'e2e.buyer@example.com',
    '--name',
    'E2E Buyer',
  ]);
  const tradeNo = out.trim().split(/\s+/)[0] ?? '';
  expect(tradeNo).toMatch(/^T\d+$/);
  return { tradeNo, order };
}

describe('transactions, refunds and disputes as a merchant uses them', () => {
  it('finds a payment from the menu, opens it, refunds part of it, and sees the refund move to refunded after the operator processes it', async () => {
    const { tradeNo, order } = recordPayment('150.00');
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await signIn(page);

    await openMenu(page, '/merTradeMgr/initTradeRecordPage');
    await page.getByTestId('filter-merchantOrderNo').fill(order);
    await page.getByTestId('filter-search').click();
    const table = page.getByTestId('transaction-table');
    expect(page.url()).toContain(`merchantOrderNo=${order}`);
    // Only the payment with that merchant order number is left in the list.
    await expect.poll(() => table.locator('tr.ant-table-row').count(), { timeout: 15_000 }).toBe(1);
    expect(await table.innerText()).toContain(tradeNo);

    await table.getByTestId('open-detail').first().click();
    const detail = page.getByTestId('transaction-detail');
    await detail.waitFor();
    await expect.poll(() => detail.innerText()).toContain(order);
    await expect.poll(() => page.getByTestId('detail-timeline').innerText()).toMatch(/\S/);
    expect(await detail.innerText()).toMatch(/411111\*+1111/);
    await settled(page);
    await screenshot(page, 'transactions-detail');

    await page.getByTestId('refund-button').click();
    await page.waitForURL((u) => u.pathname === '/refundment/forwardRefundmentList');
    await expect.poll(() => page.getByTestId('refund-apply-available').innerText(), { timeout: 15_000 }).toContain('150.00');
    await page.getByTestId('refund-apply-amount').fill('40.00');
    await page.getByTestId('refund-apply-reason').fill('Part of the order returned');
    await page.getByTestId('refund-apply-submit').click();

    const refunds = page.getByTestId('refund-table');
    await expect.poll(() => refunds.innerText(), { timeout: 15_000 }).toContain(tradeNo);
    const row = refunds.locator('tr', { hasText: tradeNo });
    expect(await row.innerText()).toContain('Pending review');
    const refundNo = (await row.innerText()).match(/RF\w+/)?.[0] ?? '';
    expect(refundNo).not.toBe('');
    await screenshot(page, 'refunds-pending');

    for (const step of ['refund:audit', 'refund:process', 'refund:succeed']) ops([step, refundNo]);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('refund-table').locator('tr', { hasText: refundNo }).innerText(), { timeout: 15_000 })
      .toContain('Refunded');

    // The transaction now shows the refund in its timeline and only 110.00 left to refund.
    const token = await tokenOf(context);
    const refundable = await api<{ availableAmount: number }>(`/refundment/refundable/${tradeNo}`, undefined, token);
    expect(refundable.data?.availableAmount).toBe(11_000);
    await context.close();
  });

  it('shows a chargeback raised by the operator in the notification bell and on the dashboard, and takes an appeal with a PDF', async () => {
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await signIn(page);
    // The demo holds many open cases, each with its reminders: read those first, as the merchant would.
    const token = await tokenOf(context);
    for (let i = 0; i < 20; i++) {
      const unread = (await api<{ id: number }[]>('/messageReminder/remind', undefined, token)).data;
      if (unread.length === 0) break;
      for (const r of unread)
        await fetch(`${baseURL()}/v3api/messageReminder/read/${r.id}`, { method: 'PUT', headers: { 'X-Auth-Token': token ?? '' } });
    }

    const { tradeNo } = recordPayment('88.00');
    const out = ops([
      'dispute:chargeback',
      tradeNo,
      '--deadline-hours',
      '2',
      '--reason',
      'Merchandise not received',
      '--reason-code',
      '13.1',
    ]);
    const caseNo = out.match(/CB\w+/)?.[0] ?? '';
    expect(caseNo).not.toBe('');

    // Its deadline is told in the notification bell (issue 50 §5), with the case and the payment.
    await page.goto('/');
    await page.getByTestId('notification-bell').click();
    const ours = page.getByTestId('notification-panel').getByTestId('notification-text').filter({ hasText: caseNo });
    await ours.first().waitFor({ timeout: 15_000 });
    expect(await ours.first().innerText()).toContain(tradeNo);
    await page.keyboard.press('Escape');
    await page.getByTestId('notification-panel').waitFor({ state: 'hidden' });

    const deadlines = page.getByTestId('dashboard-deadlines');
    await expect.poll(() => deadlines.innerText(), { timeout: 15_000 }).toContain(caseNo);
    await screenshot(page, 'dashboard-deadline');

    await deadlines.getByText(caseNo).click();
    await page.waitForURL((u) => u.pathname === '/merTradeMgr/initProConTradePage');
    await page.getByTestId('dispute-detail').waitFor({ timeout: 15_000 });
    await page.getByTestId('detail-appeal').click();

    const pdf = path.join(os.tmpdir(), 'mbo-e2e-proof-of-delivery.pdf');
    writeFileSync(
      pdf,
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    await page.getByTestId('appeal-note').fill('Delivered on time; signed proof of delivery attached.');
    await page.locator('.ant-modal input[type="file"]').setInputFiles(pdf);
    await expect.poll(() => page.locator('.ant-modal').innerText()).toContain('mbo-e2e-proof-of-delivery.pdf');
    await page.getByTestId('appeal-submit').click();

    await expect
      .poll(
        async () =>
          (await api<{ appealStatus: number }>(`/merTradeMgr/proConTrade/detail/${caseNo}`, undefined, token)).data?.appealStatus ?? null,
        { timeout: 15_000 },
      )
      .toBe(1);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('dispute-file').first().innerText(), { timeout: 15_000 })
      .toContain('mbo-e2e-proof-of-delivery.pdf');
    expect(await page.getByTestId('dispute-detail').innerText()).toContain('Appeal pending');
    await screenshot(page, 'dispute-appealed');
    await context.close();
  });

  it('downloads the daily report with the date range in its file name', async () => {
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await signIn(page);
    await openMenu(page, '/tradeDailyReport/showTradeDaily');
    await page.getByTestId('daily-table').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const today = todayInShanghai();
    expect(download.suggestedFilename()).toBe(`trade-daily_${today}_${today}.csv`);
    const file = await download.path();
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')[0]).toContain('Date');
    expect(text).toContain(today);
    await context.close();
  });
});
