import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiOk } from '../support/api';
import { seriousViolations } from '../support/axe';
import { closeBrowser, newContext, ops, screenshot, signIn, tokenOf } from '../support/browser';
import { settled } from '../support/settle';

afterAll(closeBrowser);

const APPROVED = '4242424242424242';
const PAY_JS_BUDGET = 80 * 1024;

const HTML_LANG: Record<string, string> = { zhCn: 'zh-CN', zhHk: 'zh-HK', en: 'en' };

/** Switches the hosted page's language and waits until the page is drawn again in it (it reloads its texts first). */
async function switchLanguage(page: Page, lang: string): Promise<void> {
  await page.getByTestId('pay-lang').selectOption(lang);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(HTML_LANG[lang]);
  await page.getByTestId('pay-title').waitFor();
}

async function payWithCard(page: Page, o: { amount?: string; email: string }) {
  if (o.amount) await page.getByTestId('pay-amount').fill(o.amount);
  await page.getByTestId('pay-email').fill(o.email);
  await page.getByTestId('pay-number').fill(APPROVED);
  await page.getByTestId('pay-expiry').fill('12/39');
  await page.getByTestId('pay-cvc').fill('123');
  await page.getByTestId('pay-holder').fill('Ann Buyer');
  await page.getByTestId('pay-submit').click();
  await page.getByTestId('pay-result').waitFor();
  return page.getByTestId('pay-result').innerText();
}

describe('payment links and the blacklist', () => {
  it('a one-time link with a customer-entered amount is paid once on the hosted page; a blacklisted email is then declined by risk control', async () => {
    const stamp = String(Date.now()).slice(-7);
    const title = `Custom order ${stamp}`;
    const ownerContext = await newContext({ language: 'en', width: 1440, height: 900 });
    const owner = await ownerContext.newPage();
    await signIn(owner);

    // Generate from the menu screen.
    await owner.goto('/shortcutPayment/initManageLinks');
    await owner.getByTestId('link-create-open').click();
    await owner.getByTestId('link-title').fill(title);
    await owner.getByTestId('link-operating-name').fill('Harbourline Store');
    await owner.getByTestId('link-amount-mode').getByText('Entered by the customer').click();
    await owner.getByTestId('link-min-amount').fill('5');
    await owner.getByTestId('link-max-amount').fill('500');
    await screenshot(owner, 'links-generate-en-1440');
    await owner.getByTestId('link-create-submit').click();
    await owner.getByTestId('link-url').waitFor();
    await owner.getByTestId('link-qr').waitFor();
    const url = (await owner.getByTestId('link-url').innerText()).trim();
    expect(url).toMatch(/\/pay\/[A-Za-z0-9_-]{32}$/);
    await screenshot(owner, 'links-share-en-1440');
    await owner.keyboard.press('Escape');
    await expect.poll(() => owner.getByTestId('link-table').innerText()).toContain(title);
    await owner.getByTestId('link-table').locator('tr', { hasText: title }).getByTestId('link-details-open').click();
    expect(await owner.getByTestId('link-details').innerText()).toContain('Harbourline Store');
    await settled(owner);
    await screenshot(owner, 'links-details-en-1440');
    await owner.keyboard.press('Escape');

    // A customer on a phone, in a fresh browser: the page's script is small and accessible in three languages.
    const customerContext = await newContext({ width: 390, height: 844 });
    const customer = await customerContext.newPage();
    const scripts: Promise<number>[] = [];
    customer.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.body().then((b) => gzipSync(b).length));
    });
    await customer.goto(new URL(url).pathname);
    await customer.getByTestId('pay-title').waitFor();
    const jsBytes = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    expect(jsBytes).toBeGreaterThan(0);
    expect(jsBytes).toBeLessThan(PAY_JS_BUDGET);
    for (const lang of ['zhCn', 'zhHk', 'en']) {
      await switchLanguage(customer, lang);
      expect(await seriousViolations(customer), lang).toEqual([]);
      await screenshot(customer, `pay-page-${lang}-390`);
    }
    expect(await customer.getByTestId('pay-merchant').innerText()).toBe('Harbourline Store');
    const paid = await payWithCard(customer, { amount: '42.50', email: `buyer.${stamp}@example.com` });
    expect(paid).toMatch(/Payment of 42\.50 USD successful/);
    const tradeNo = /Order number (\S+)\./.exec(paid)?.[1] ?? '';
    expect(tradeNo).toMatch(/^T\d+/);
    await screenshot(customer, 'pay-page-paid-en-390');

    // Opened again: it cannot be paid twice.
    const again = await (await customerContext.newPage()).goto(new URL(url).pathname);
    expect(again?.ok()).toBe(true);
    const second = customerContext.pages()[1] as Page;
    await second.getByTestId('pay-unavailable').waitFor();
    expect(await second.getByTestId('pay-form').count()).toBe(0);

    // The merchant sees the payment in the formal list and the link paid.
    await owner.goto(`/merTradeMgr/initTradeRecordPage?tradeNo=${tradeNo}`);
    await expect.poll(() => owner.locator('.ant-table-tbody').first().innerText(), { timeout: 15_000 }).toContain(tradeNo);
    await owner.goto('/shortcutPayment/initManageLinks');
    const row = owner.getByTestId('link-table').locator('tr', { hasText: title });
    await expect.poll(() => row.innerText()).toContain('Paid');
    await screenshot(owner, 'links-list-en-1440');

    // Blacklist the next customer's email: their payment is declined by risk control.
    const token = await tokenOf(ownerContext);
    const email = `fraud.${stamp}@example.com`;
    await owner.goto('/blacklist/showBlacklist');
    await owner.getByTestId('blacklist-add-open').click();
    await owner.getByTestId('blacklist-add-value').fill(email);
    await owner.getByTestId('blacklist-add-reason').fill('stolen cards');
    // The entry is tried on the last 90 days first (rule-backtest.test.ts), then confirmed.
    await owner.getByTestId('blacklist-backtest-run').click();
    await owner.getByTestId('blacklist-backtest').waitFor();
    await owner.getByTestId('blacklist-add-submit').click();
    await expect.poll(() => owner.getByTestId('blacklist-table').innerText()).toContain(email);
    await screenshot(owner, 'blacklist-en-1440');
    const reusable = await apiOk<{ url: string }>(
      '/shortcutPayment/create',
      {
        title: `Reusable ${stamp}`,
        linkType: 2,
        activeUntil: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
        gatewayNo: '10010001',
        currency: 'USD',
        amountMode: 1,
        amount: '19.90',
        methods: ['card'],
        operatingName: 'Harbourline Store',
      },
      token,
    );
    const third = await customerContext.newPage();
    await third.goto(new URL(reusable.url).pathname);
    await third.getByTestId('pay-title').waitFor();
    await switchLanguage(third, 'en');
    expect(await payWithCard(third, { email })).toMatch(/declined by risk control/);
    await owner.goto(`/merTradeMgr/initUnTradeRecordPage?email=${encodeURIComponent(email)}`);
    await expect.poll(() => owner.locator('.ant-table-tbody').first().innerText(), { timeout: 15_000 }).toContain(email);
    await screenshot(owner, 'risk-declined-blacklist-en-1440');
    await owner.goto('/riskControl/showRiskControl');
    await expect.poll(() => owner.getByTestId('risk-rules').innerText()).toContain('R006');
    await screenshot(owner, 'risk-control-en-1440');
    await customerContext.close();
    await ownerContext.close();
  }, 120_000);

  it("a complaint arrives by operator command; the merchant replies from a template in the cardholder's language and refunds; the reply is listed with its delivery", async () => {
    const context = await newContext({ language: 'en', width: 1440, height: 900 });
    const page = await context.newPage();
    await signIn(page);
    const token = await tokenOf(context);
    const day = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const trades = await apiOk<{ list: { tradeNo: string; payStatus: number }[] }>(
      `/merTradeMgr/tradeRecordList?from=${day}&to=${day}&payStatus=1&limit=5`,
      undefined,
      token,
    );
    const tradeNo = trades.list[0]?.tradeNo ?? '';
    expect(tradeNo).not.toBe('');
    const complaintNo =
      ops(['complaint:add', tradeNo, '--email', 'e2e.cardholder@example.com', '--content', 'Charged twice', '--language', 'zhHk']).split(
        /\s+/,
      )[0] ?? '';

    await page.goto('/complaint/showComplaintInfo');
    const row = page.getByTestId('complaint-table').locator('tr', { hasText: complaintNo });
    await row.waitFor();
    await screenshot(page, 'complaints-en-1440');
    // The transaction is one click away.
    await row.getByTestId('complaint-trade-link').click();
    await page.waitForURL((u) => u.pathname === '/merTradeMgr/initTradeRecordPage');
    await expect.poll(() => page.locator('.ant-drawer').innerText(), { timeout: 15_000 }).toContain(tradeNo);
    await page.goBack();
    await row.waitFor();
    await row.getByTestId('complaint-process').click();
    await page.getByTestId('complaint-template').click();
    await page.locator('.ant-select-dropdown:visible').getByText('Payment not recognised').click();
    await expect.poll(() => page.getByTestId('complaint-body').inputValue()).toContain('Harbourline');
    expect(await page.getByTestId('complaint-body').inputValue()).toContain('您好');
    await page.getByTestId('complaint-do-refund').click();
    await page.getByTestId('complaint-refund-amount').fill('1.00');
    await screenshot(page, 'complaint-process-en-1440');
    await page.getByTestId('complaint-process-submit').click();
    await page.getByTestId('complaint-process-submit').waitFor({ state: 'detached' });

    await page.goto(`/replyEmail/showReplyEmail?complaintNo=${complaintNo}`);
    const sent = page.getByTestId('sent-reply-table').locator('tr', { hasText: complaintNo });
    await sent.waitFor();
    expect(await sent.innerText()).toContain('e2e.cardholder@example.com');
    await screenshot(page, 'reply-emails-en-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/complaint/showComplaintInfo');
    await page.getByTestId('complaint-table').waitFor();
    await screenshot(page, 'complaints-en-390');
    await context.close();
  }, 60_000);
});
