import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { api, apiOk } from '../support/api';
import { closeBrowser, newContext, openMenu, ops, screenshot, signIn, tokenOf } from '../support/browser';

type TOptions = {
  gateways: { gatewayNo: string; currency: string; available: number }[];
  bankAccounts: { id: number; currency: string }[];
};
type TEnvelope = { code: number; msg: string; data: Record<string, unknown> | null };
type TPolicy = { kind: string; enabled: boolean; threshold: number; expiryHours: number };

/** The second administrator, made by the first case under a new name each time it runs (a second try makes another). */
const SECOND = { merchantNo: '100001', loginName: '', password: 'Approve@2026' };
let ownerToken = '';

afterAll(async () => {
  // The demo merchant is shared with the other journeys: its withdrawals run at once again.
  if (ownerToken) {
    const off: TPolicy[] = [{ kind: 'withdrawal', enabled: false, threshold: 100, expiryHours: 48 }];
    await api('/approval/policies/save', { policies: off }, ownerToken);
  }
  await closeBrowser();
});

/** Applies for a withdrawal on screen and gives the API's answer. */
async function applyWithdrawal(page: Page, amount: string, reason: string): Promise<TEnvelope> {
  await page.getByTestId('withdraw-apply-open').click();
  await page.getByTestId('withdraw-apply-amount').fill(amount);
  await page.getByTestId('withdraw-apply-reason').fill(reason);
  await page.getByTestId('withdraw-apply-submit').click();
  const answered = page.waitForResponse((r) => r.url().includes('/withdraw/apply') && r.request().method() === 'POST', { timeout: 15_000 });
  await page.getByTestId('withdraw-confirm').click();
  return (await (await answered).json()) as TEnvelope;
}

/** Opens a request's drawer from the approvals list (its number is the link of the first column). */
async function openRequest(page: Page, id: number): Promise<void> {
  await openMenu(page, '/approval/showApprovals');
  const link = page
    .getByTestId('approval-table')
    .getByTestId('approval-open-detail')
    .filter({ hasText: String(id) });
  await link.first().waitFor({ timeout: 15_000 });
  await link.first().click();
  await page.getByTestId('approval-detail').waitFor();
}

describe('a withdrawal waits for a second approver', () => {
  it('is held, refused to its own requester, approved by another administrator and then paid', async () => {
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await signIn(page);
    ownerToken = (await tokenOf(context)) ?? '';
    await apiOk(
      '/approval/policies/save',
      { policies: [{ kind: 'withdrawal', enabled: true, threshold: 100, expiryHours: 48 }] },
      ownerToken,
    );
    SECOND.loginName = `approver${Date.now() % 100_000}`;
    ops(['admin:create', '--merchant', '100001', '--login', SECOND.loginName, '--password', SECOND.password, '--role', 'administrator']);

    const before = (await apiOk<TOptions>('/withdraw/options', undefined, ownerToken)).gateways.find((g) => g.gatewayNo === '10010001')!;
    await openMenu(page, '/withdraw/forwardWithdrawList');
    const held = await applyWithdrawal(page, '150.00', 'Supplier invoice 42');
    expect(held.code, held.msg).toBe(0);
    expect(held.data?.approvalPending).toBe(true);
    const id = Number(held.data?.approvalId);
    // Shown as waiting, not as a withdrawal; nothing was frozen.
    await expect
      .poll(() => page.locator('.ant-message').innerText())
      .toContain(`waiting for another administrator to approve it (request no. ${id})`);
    const still = (await apiOk<TOptions>('/withdraw/options', undefined, ownerToken)).gateways.find((g) => g.gatewayNo === '10010001')!;
    expect(still.available).toBe(before.available);

    // The requester sees it but cannot approve it: no button on screen, and the API refuses.
    await openRequest(page, id);
    expect(await page.getByTestId('approval-effect').innerText()).toContain('150.00 USD');
    await page.getByTestId('approval-own').waitFor();
    expect(await page.getByTestId('approval-approve').count()).toBe(0);
    const own = await api<unknown>(`/approval/approve/${id}`, {}, ownerToken);
    expect(own.code).not.toBe(0);
    expect(own.msg).toBe('You cannot approve your own request: another administrator must decide it');
    await screenshot(page, 'approvals-own-request');

    // Another administrator approves it (through the API: an account made by the operator command is first sent to
    // the account upgrade screen); the withdrawal is made then, once, and the requester's screen shows it approved.
    const signedIn = await apiOk<{ token: string }>('/admin/login', SECOND);
    const approved = await api<{ resultNo: string }>(`/approval/approve/${id}`, {}, signedIn.token);
    expect(approved.code, approved.msg).toBe(0);
    const withdrawalNo = approved.data.resultNo;
    // The open request is in the URL: a reload reads it again.
    await page.reload();
    await page.getByTestId('approval-detail').waitFor();
    await expect.poll(() => page.getByTestId('approval-status').innerText(), { timeout: 15_000 }).toBe('Approved');
    expect(await page.getByTestId('approval-detail').innerText()).toContain(withdrawalNo);
    await screenshot(page, 'approvals-approved');
    await page.keyboard.press('Escape');
    await page.getByTestId('approval-detail').waitFor({ state: 'detached' });

    // The withdrawal list shows it, pending, with the requester's amount; the balance moved by it alone.
    await openMenu(page, '/withdraw/forwardWithdrawList');
    const firstRow = page.getByTestId('withdrawal-table').locator('tr.ant-table-row').first();
    await expect.poll(() => firstRow.innerText(), { timeout: 15_000 }).toContain(`${withdrawalNo}\t10010001\t150.00 USD`);
    const after = (await apiOk<TOptions>('/withdraw/options', undefined, ownerToken)).gateways.find((g) => g.gatewayNo === '10010001')!;
    expect(after.available).toBe(before.available - 15_000);
    await page.getByTestId('withdraw-apply-open').click();
    const shown = (after.available / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    await expect.poll(() => page.getByTestId('withdraw-apply-figures').innerText()).toContain(`${shown} USD`);
    await page.keyboard.press('Escape');

    // Paid by the operator, as any withdrawal.
    expect(ops(['withdraw:pay', withdrawalNo])).toContain('success');
    await page.getByTestId('filter-search').click();
    await expect.poll(() => firstRow.getByTestId('withdrawal-status').innerText(), { timeout: 15_000 }).toBe('Success');
    // A second approval of the same request does nothing.
    const again = await api<unknown>(`/approval/approve/${id}`, {}, signedIn.token);
    expect(again.msg).toBe('This request has already been decided');
  });

  it('is approved on screen by the owner when another administrator asked for it; the money moves once', async () => {
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await signIn(page);
    ownerToken = (await tokenOf(context)) ?? '';
    await apiOk(
      '/approval/policies/save',
      { policies: [{ kind: 'withdrawal', enabled: true, threshold: 100, expiryHours: 48 }] },
      ownerToken,
    );
    // The other administrator (made by the first case) asks, through the API.
    const second = await apiOk<{ token: string }>('/admin/login', SECOND);
    const options = await apiOk<TOptions>('/withdraw/options', undefined, second.token);
    // The balance as the owner sees it (this administrator's role may not view account figures).
    const before = (await apiOk<TOptions>('/withdraw/options', undefined, ownerToken)).gateways.find((g) => g.gatewayNo === '10010001')!;
    const account = options.bankAccounts.find((a) => a.currency === before.currency) ?? options.bankAccounts[0]!;
    const held = await api<{ approvalPending: boolean; approvalId: number }>(
      '/withdraw/apply',
      { gatewayNo: '10010001', amount: '120.00', bankAccountId: account.id, reason: 'Rent for December' },
      second.token,
    );
    expect(held.code, held.msg).toBe(0);
    expect(held.data.approvalPending).toBe(true);

    // The owner opens it from the list, reads what approving will do, and approves it with the button.
    await openRequest(page, held.data.approvalId);
    // Its row in the list says what and how much, as the API has it.
    const row = page.getByTestId('approval-table').locator('tr.ant-table-row').filter({ hasText: 'Rent for December' });
    expect(await row.innerText()).toContain('120.00 USD');
    expect(await page.getByTestId('approval-effect').innerText()).toContain('120.00 USD');
    expect(await page.getByTestId('approval-detail').innerText()).toContain('Rent for December');
    const answered = page.waitForResponse((r) => r.url().includes(`/approval/approve/${held.data.approvalId}`), { timeout: 15_000 });
    await page.getByTestId('approval-approve').click();
    const approved = (await (await answered).json()) as TEnvelope;
    expect(approved.code, approved.msg).toBe(0);
    const withdrawalNo = String(approved.data?.resultNo);
    await expect.poll(() => page.getByTestId('approval-status').innerText(), { timeout: 15_000 }).toBe('Approved');
    await screenshot(page, 'approvals-approved-on-screen');

    // The withdrawal exists once, for the amount asked, and the balance moved by it alone.
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10); // the business day, UTC+08:00
    const list = await apiOk<{ list: { withdrawalNo: string }[] }>(
      `/withdraw/list?from=${today}&to=${today}&withdrawalNo=${withdrawalNo}`,
      undefined,
      ownerToken,
    );
    expect(list.list.map((w) => w.withdrawalNo)).toEqual([withdrawalNo]);
    const after = (await apiOk<TOptions>('/withdraw/options', undefined, ownerToken)).gateways.find((g) => g.gatewayNo === '10010001')!;
    expect(after.available).toBe(before.available - 12_000);
  });
});
