import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiOk } from '../support/api';
import { baseURL, closeBrowser, newContext, openMenu, ops, screenshot, signIn, tokenOf } from '../support/browser';

afterAll(closeBrowser);

type TSummary = { rows: { currency: string; withdrawnTotal: number; available: number; frozen: number }[] };
type TOptions = { gateways: { gatewayNo: string; currency: string; available: number }[] };

/** "12345.6" from 1234560 minor units of a 2-decimal currency. */
const major = (minor: number) => (minor / 100).toFixed(2);

/**
 * Confirms the withdrawal on screen and gives the API's answer to it: a refusal or a request that never
 * left shows here, with its message, rather than as a list that did not change.
 */
async function confirmWithdrawal(page: Page): Promise<string> {
  const answered = page.waitForResponse((r) => r.url().includes('/withdraw/apply') && r.request().method() === 'POST', { timeout: 15_000 });
  await page.getByTestId('withdraw-confirm').click();
  const body = (await (await answered).json()) as { code: number; msg: string; data: { withdrawalNo: string } | null };
  expect(body.code, body.msg).toBe(0);
  return body.data?.withdrawalNo ?? '';
}

async function applyWithdrawal(page: Page, amount: string): Promise<void> {
  await page.getByTestId('withdraw-apply-open').click();
  await page.getByTestId('withdraw-apply-amount').fill(amount);
  await page.getByTestId('withdraw-apply-submit').click();
}

/** Whether a table shows rows, all of them of one gateway (its own cell, between tabs in the row's text). */
async function onlyGateway(table: Locator, gatewayNo: string): Promise<boolean> {
  const rows = await table.locator('tbody tr.ant-table-row').allInnerTexts();
  return rows.length > 0 && rows.every((r) => r.includes(`\t${gatewayNo}\t`));
}

describe('funds as a merchant uses them', () => {
  it('summary, a refused and a valid withdrawal, cancel, apply again, paid by the operator; a settlement run puts a payment into a credit entry', async () => {
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await signIn(page);
    const token = (await tokenOf(context)) ?? '';

    await openMenu(page, '/fundsAccountSummary/initCheckFundsAccountSummaryPage');
    const usdCard = page.getByTestId('funds-summary-USD');
    await usdCard.waitFor();
    const before = (await apiOk<TSummary>('/funds/summary', undefined, token)).rows.find((r) => r.currency === 'USD')!;
    expect(await usdCard.getByTestId('summary-available').innerText()).toBe(
      (before.available / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    );

    await openMenu(page, '/withdraw/forwardWithdrawList');
    const options = await apiOk<TOptions>('/withdraw/options', undefined, token);
    const usd = options.gateways.find((g) => g.gatewayNo === '10010001')!;
    // Above the available balance: refused before anything is sent.
    await applyWithdrawal(page, major(usd.available + 1));
    await expect.poll(() => page.locator('.ant-form-item-explain-error').innerText()).toContain('Withdrawable balance insufficient');
    // A valid one: the fee and the amount received are shown, then confirmed.
    await page.getByTestId('withdraw-apply-amount').fill('150.00');
    await expect.poll(() => page.getByTestId('withdraw-apply-received').innerText()).toBe('145.00 USD');
    await page.getByTestId('withdraw-apply-submit').click();
    const first = await confirmWithdrawal(page);
    const table = page.getByTestId('withdrawal-table');
    const firstRow = table.locator('tr.ant-table-row').first();
    await expect.poll(() => firstRow.innerText(), { timeout: 15_000 }).toContain(`${first}\t10010001\t150.00 USD`);
    expect(await firstRow.getByTestId('withdrawal-status').innerText()).toBe('Pending');
    await screenshot(page, 'funds-withdrawal-pending');
    // Cancel it.
    await firstRow.getByTestId('withdrawal-cancel').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => firstRow.getByTestId('withdrawal-status').innerText()).toBe('Cancelled');
    // Apply again; the operator pays it.
    await applyWithdrawal(page, '120.00');
    const withdrawalNo = await confirmWithdrawal(page);
    await expect.poll(() => firstRow.innerText(), { timeout: 15_000 }).toContain(`${withdrawalNo}\t10010001\t120.00 USD`);
    expect((await firstRow.locator('td').first().innerText()).trim()).toBe(withdrawalNo);
    expect(ops(['withdraw:pay', withdrawalNo])).toContain('success');
    await page.getByTestId('filter-search').click();
    await expect.poll(() => firstRow.getByTestId('withdrawal-status').innerText(), { timeout: 15_000 }).toBe('Success');
    const after = (await apiOk<TSummary>('/funds/summary', undefined, token)).rows.find((r) => r.currency === 'USD')!;
    expect(after.withdrawnTotal - before.withdrawnTotal).toBe(12_000);
    expect(after.available).toBe(before.available - 12_000);

    // A payment waits on the settlement cycle screen, then a settlement run credits it in a batch.
    const out = ops(['payment:record', '--gateway', '10010001', '--amount', '88.00', '--order', `E2E-F-${Date.now()}`]);
    const tradeNo = out.trim().split(/\s+/)[0] ?? '';
    // The demo merchant ships goods: without a tracking number the settlement would hold the payment back.
    const proof = new FormData();
    proof.set('tradeNo', tradeNo);
    proof.set('trackingNo', `LC${Date.now()}`);
    proof.set('carrier', 'Local courier');
    const uploaded = await fetch(`${baseURL()}/v3api/waybill/upload`, {
      method: 'POST',
      headers: { 'X-Auth-Token': token, lang: 'en_US' },
      body: proof,
    });
    const proofAnswer = (await uploaded.json()) as { code: number; msg: string };
    expect(proofAnswer.code, proofAnswer.msg).toBe(0);
    await openMenu(page, '/noSettAmount/querynosettamount');
    await page.getByTestId('cycle-gateway').fill('10010001');
    await page.getByTestId('cycle-gateway').press('Enter');
    const cycle = page.getByTestId('cycle-table');
    // The unfiltered table can still be on screen for a moment: wait for this gateway's rows alone.
    await expect.poll(() => onlyGateway(cycle, '10010001'), { timeout: 15_000 }).toBe(true);
    const pending = await apiOk<{ rows: { settleDate: string; gatewayNo: string }[] }>(
      '/settle/pending?gatewayNo=10010001',
      undefined,
      token,
    );
    const settleDate = pending.rows[pending.rows.length - 1]!.settleDate;
    // The payment settles last: it is on the last page of the screen's rows, as the API lists them.
    const pages = page.locator('.ant-pagination-item');
    if ((await pages.count()) > 0) await pages.last().click();
    await expect.poll(() => cycle.innerText(), { timeout: 15_000 }).toContain(settleDate);
    ops(['settle', '--date', settleDate, '--merchant', '100001']);
    await openMenu(page, '/merDailySettleDetail/initShowListPage');
    await page.getByTestId('filter-more').click();
    await page.getByTestId('filter-gatewayNo').fill('10010001');
    const batches = page.getByTestId('batch-table');
    await page.getByTestId('filter-search').click();
    // The unfiltered list stays on screen until the filtered one arrives, and it holds the same day's batches
    // of the other gateways: open the row of this gateway's batch, once the list shows no other gateway.
    const batchRows = batches.locator('tbody tr.ant-table-row');
    await expect
      .poll(async () => ((await onlyGateway(batches, '10010001')) ? batches.innerText() : ''), { timeout: 15_000 })
      .toContain(`SB${settleDate.replace(/-/g, '')}`);
    await batchRows
      .filter({ hasText: `SB${settleDate.replace(/-/g, '')}` })
      .getByTestId('batch-open')
      .click();
    const find = page.getByPlaceholder('Find a transaction order number');
    await find.fill(tradeNo);
    await find.press('Enter');
    const items = page.getByTestId('batch-items');
    await expect.poll(() => items.innerText(), { timeout: 15_000 }).toContain(tradeNo);
    expect(await items.innerText()).toContain('88.00');
    await screenshot(page, 'funds-batch-breakdown');
    expect(ops(['ledger:verify'])).toContain('ledger OK');
    await context.close();
  });
});
