import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newContext, openMenu, ops, screenshot, signIn, tokenOf } from '../support/browser';
import { apiOk } from '../support/api';

afterAll(closeBrowser);

/** A 1x1 PNG: the server reads the type from these bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The open dialog fits the viewport's width. */
async function expectDialogFits(page: Page, width: number): Promise<void> {
  const box = await page.locator('.ant-modal:visible').boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

describe('waybills and websites journey', () => {
  it('uploads proof with an image for a transaction due to settle, sees its status change after the operator review; batch-uploads websites with one bad line', async () => {
    const context = await newContext({ language: 'en', width: 1440, height: 900 });
    const page = await context.newPage();
    await signIn(page);
    const token = await tokenOf(context);
    const overview = await apiOk<{ deliveryProofType: string; dueSoon: { tradeNo: string }[] }>('/waybill/overview', undefined, token);
    expect(overview.deliveryProofType).toBe('either');
    const tradeNo = overview.dueSoon[0]!.tradeNo;

    await openMenu(page, '/waybill/waybillPage');
    await expect.poll(() => page.getByTestId('waybill-proof-type').innerText()).toBe('Tracking number or images');
    await page.getByTestId('filter-tradeNo').fill(tradeNo);
    await page.getByTestId('filter-search').click();
    await page.getByTestId(`waybill-upload-${tradeNo}`).click();
    await page.getByTestId('waybill-upload-tracking').fill('1234567890');
    await page.getByTestId('waybill-upload-carrier').locator('input').fill('DHL Express');
    await page.locator('.ant-modal input[type=file]').setInputFiles({ name: 'delivered.png', mimeType: 'image/png', buffer: PNG });
    await screenshot(page, 'waybill-upload-en-1440');
    await page.getByTestId('waybill-upload-submit').click();
    await expect.poll(() => page.getByTestId(`waybill-status-${tradeNo}`).innerText()).toBe('Pending review');

    ops(['waybill:approve', tradeNo, '--merchant', '100001']);
    await page.getByTestId('filter-search').click();
    await expect.poll(() => page.getByTestId(`waybill-status-${tradeNo}`).innerText()).toBe('Delivered');
    await screenshot(page, 'waybill-delivered-en-1440');

    await openMenu(page, '/merwebsit/showWebsitLimit');
    await page.getByTestId('website-upload-open').click();
    const stamp = String(Date.now()).slice(-8);
    const file = `https://shop-${stamp}.example.com\nshop-${stamp}.example.net\nhttps://blog-${stamp}.example.com/\n`;
    await page
      .locator('.ant-modal input[type=file]')
      .setInputFiles({ name: 'sites.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
    for (const item of ['refundPolicy', 'contactInfo', 'termsOfService', 'shippingPolicy', 'testOrdersAllowed'])
      await page.getByTestId(`website-check-${item}`).click();
    await page.getByTestId('website-upload-submit').click();
    const result = page.getByTestId('website-upload-result');
    await result.waitFor();
    expect(await result.locator('[data-testid^=website-outcome-]').getAttribute('data-testid')).toMatch(
      /^website-outcome-(mailSent|noMail)$/,
    );
    expect(await result.innerText()).toContain('2 uploaded, 1 line(s) with errors');
    expect(await page.getByTestId('website-line-results').innerText()).toContain('Line 2');
    await screenshot(page, 'website-upload-result-en-1440');
    await page.getByTestId('website-upload-done').click();
    await expect.poll(() => page.getByTestId('website-table').innerText()).toContain(`https://blog-${stamp}.example.com`);
    await context.close();
  });

  it('fits the upload dialogs on a 390 px screen', async () => {
    const context = await newContext({ language: 'zhCn', width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page);
    await page.goto('/merwebsit/showWebsitLimit');
    await page.getByTestId('website-upload-open').click();
    await expectDialogFits(page, 390);
    await screenshot(page, 'website-upload-zhCn-390');
    await page.keyboard.press('Escape');
    await page.getByTestId('website-add-open').click();
    await expectDialogFits(page, 390);
    await page.keyboard.press('Escape');

    await page.goto('/waybill/waybillPage');
    await page.locator('[data-testid^="waybill-upload-T"]').first().click();
    await expectDialogFits(page, 390);
    await screenshot(page, 'waybill-upload-zhCn-390');
    await page.keyboard.press('Escape');
    await page.getByTestId('waybill-batch-open').click();
    await expectDialogFits(page, 390);
    await context.close();
  });
});
