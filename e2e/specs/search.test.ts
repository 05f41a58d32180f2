import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LinkPath } from '@mbo/shared/links';
import { SearchPath, type TSearchAnswer, type TSearchKind } from '@mbo/shared/search';
import { WaybillPath, WaybillStatus } from '@mbo/shared/waybills';
import { apiOk } from '../support/api';
import { closeBrowser, newContext, ops, screenshot, signIn, tokenOf } from '../support/browser';

afterAll(closeBrowser);

/*
 * The search box with the keyboard only (issue 48 §1): Ctrl+K, type, arrows, Enter, and the record's
 * own drawer opens on its screen with the record the API answered for that text.
 */

function recordPayment(): { tradeNo: string; order: string } {
  const order = `E2E-SRCH-${Date.now()}`;
  const out = ops(['payment:record', '--gateway', '10010001', '--amount', '42.00', '--order', order, '--email', 'search.e2e@example.com']);
  const tradeNo = out.trim().split(/\s+/)[0] ?? '';
  expect(tradeNo).toMatch(/^T\d+$/);
  return { tradeNo, order };
}

const search = (q: string, token: string) => apiOk<TSearchAnswer>(`${SearchPath.search}?q=${encodeURIComponent(q)}`, undefined, token);

/** The first hit of `kind` in the API's answer to `q`, and its place in the box's list (groups in the answer's order). */
async function expected(q: string, kind: TSearchKind, token: string): Promise<{ id: string; screen: string; index: number }> {
  const answer = await search(q, token);
  let index = 0;
  for (const group of answer.groups) {
    const hit = group.hits[0];
    if (group.kind === kind && hit) return { id: hit.id, screen: hit.screen, index };
    index += group.hits.length;
  }
  throw new Error(`no ${kind} for ${q}: ${JSON.stringify(answer.groups.map((g) => g.kind))}`);
}

/** Ctrl+K, the text typed, arrows down to the expected hit, Enter: the screen it lands on. */
async function openWithKeys(page: Page, q: string, want: { id: string; screen: string; index: number }): Promise<void> {
  // The box a person sees in the top bar before reaching for its shortcut.
  await page.getByTestId('search-open').waitFor();
  await page.keyboard.press('Control+k');
  const input = page.getByTestId('search-input');
  await input.waitFor();
  await page.keyboard.type(q);
  // What a person waits for: the answer to the whole text on the screen.
  const hit = page.locator(`[data-testid="search-hit"][data-id="${want.id}"]`);
  await hit.waitFor();
  await expect.poll(() => page.locator('[data-testid="search-hit"]').nth(want.index).getAttribute('data-id')).toBe(want.id);
  for (let i = 0; i < want.index; i += 1) await page.keyboard.press('ArrowDown');
  expect(await hit.getAttribute('aria-selected')).toBe('true');
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === want.screen);
  await input.waitFor({ state: 'detached' });
}

describe('the search box, keyboard only', () => {
  it('finds a payment by trade number, order number and card, a refund, a case and a settlement batch, and opens each drawer', async () => {
    const payment = recordPayment();
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await signIn(page);
    const token = (await tokenOf(context)) ?? '';

    // Trade number: the payment's drawer.
    let want = await expected(payment.tradeNo, 'transaction', token);
    expect(want.id).toBe(payment.tradeNo);
    await openWithKeys(page, payment.tradeNo, want);
    const detail = page.getByTestId('transaction-detail');
    await expect.poll(() => detail.innerText()).toContain(payment.order);
    expect(new URL(page.url()).searchParams.get('detail')).toBe(payment.tradeNo);
    await page.keyboard.press('Escape');

    // Merchant order number: the same payment.
    want = await expected(payment.order, 'transaction', token);
    await openWithKeys(page, payment.order, want);
    await expect.poll(() => page.getByTestId('transaction-detail').innerText()).toContain(want.id);

    // Card first six and last four: the newest payment with that card, as the API answers.
    want = await expected('411111****1111', 'transaction', token);
    await openWithKeys(page, '411111****1111', want);
    expect(new URL(page.url()).searchParams.get('detail')).toBe(want.id);
    await expect.poll(() => page.getByTestId('transaction-detail').innerText()).toMatch(/411111\*+1111/);

    // A refund, a case and a settlement batch of the demo data, each by its whole number (found by its beginning first).
    const drawers: [string, TSearchKind, string][] = [
      ['RF1', 'refund', 'refund-detail'],
      ['CB1', 'dispute', 'dispute-detail'],
      ['SB2', 'batch', 'batch-figures'],
    ];
    for (const [prefix, kind, testId] of drawers) {
      const first = await expected(prefix, kind, token);
      want = await expected(first.id, kind, token);
      await openWithKeys(page, first.id, want);
      const drawer = page.locator('.ant-drawer-open');
      await page.getByTestId(testId).waitFor();
      await expect.poll(() => drawer.innerText()).toContain(first.id);
    }
    await screenshot(page, 'search-opened-batch');
    await context.close();
  });

  it('finds an e-mail, a complaint, a withdrawal, a tracking number, a payment link, a website and a blacklist value, and opens each where it lives', async () => {
    const payment = recordPayment();
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await signIn(page);
    const token = (await tokenOf(context)) ?? '';

    // A customer's e-mail: that customer's payment, in its drawer.
    let want = await expected('search.e2e@example.com', 'transaction', token);
    expect(want.id).toBe(payment.tradeNo);
    await openWithKeys(page, 'search.e2e@example.com', want);
    await expect.poll(() => page.getByTestId('transaction-detail').innerText()).toContain(payment.order);
    await page.keyboard.press('Escape');

    // A payment link's key: the payments made through that link.
    const link = (await apiOk<{ list: { linkKey: string }[] }>(`${LinkPath.list}?page=1&limit=1`, undefined, token)).list[0]!;
    want = await expected(link.linkKey, 'link', token);
    await openWithKeys(page, link.linkKey, want);
    await page.getByTestId('link-payments').waitFor();
    expect(new URL(page.url()).searchParams.get('payments')).toBe(link.linkKey);
    await page.keyboard.press('Escape');

    // Records without a drawer: the list opens narrowed to the one record. Each is found by its
    // beginning first (the demo's numbers carry dates), then asked by its whole value.
    // Tracking numbers are drawn at random by the demo data: one is taken from the delivered waybills of
    // the list (the newest rows may all still wait for proof, depending on the hour the demo was made).
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const range = `from=${day(Date.now() - 29 * 86_400_000)}&to=${day(Date.now() + 86_400_000)}`;
    const waybills = await apiOk<{ list: { trackingNo: string | null }[] }>(
      `${WaybillPath.list}?${range}&status=${WaybillStatus.delivered}&page=1&limit=50`,
      undefined,
      token,
    );
    const tracking = waybills.list.find((w) => w.trackingNo)?.trackingNo;
    expect(tracking, 'a waybill with a tracking number in the demo data').toBeTruthy();
    const lists: [string, TSearchKind][] = [
      ['CP2', 'complaint'],
      ['WD2', 'withdrawal'],
      [tracking!, 'waybill'],
      ['eu.harbourline', 'website'],
      ['203.0.113', 'blacklist'],
    ];
    for (const [start, kind] of lists) {
      const first = await expected(start, kind, token);
      want = await expected(first.id, kind, token);
      await openWithKeys(page, first.id, want);
      // The screen's own table: the row of this record, and no other row beside it.
      const rows = page.locator('.ant-table-tbody').first().locator('tr.ant-table-row');
      await rows.filter({ hasText: first.id }).first().waitFor();
      await expect.poll(() => rows.count(), { message: kind }).toBe(1);
    }
    await context.close();
  });

  it('offers the last searches when empty, moves through them with the arrows, and closes with Esc', async () => {
    const payment = recordPayment();
    const context = await newContext({ language: 'zhHk', width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page);
    const token = (await tokenOf(context)) ?? '';
    const want = await expected(payment.order, 'transaction', token);
    await openWithKeys(page, payment.order, want);
    await page.getByTestId('transaction-detail').waitFor();
    await page.keyboard.press('Escape');

    await page.getByTestId('search-open').waitFor();
    await page.keyboard.press('Control+k');
    const recent = page.getByTestId('search-recent');
    await recent.first().waitFor();
    expect(await recent.first().innerText()).toBe(payment.order);
    await page.keyboard.press('Enter');
    // Enter on a recent search asks it again.
    await expect.poll(() => page.getByTestId('search-input').inputValue()).toBe(payment.order);
    await page.locator(`[data-testid="search-hit"][data-id="${want.id}"]`).waitFor();
    await screenshot(page, 'search-phone-zhHk');
    await page.keyboard.press('Escape');
    await page.getByTestId('search-input').waitFor({ state: 'detached' });
    await context.close();
  });
});
