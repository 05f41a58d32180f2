import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FundsPath, type TWithdrawOptions, type TWithdrawResult } from '@mbo/shared/funds';
import { NotificationPath, type TNotificationList, type TNotificationPreferences } from '@mbo/shared/notifications';
import { apiOk } from '../support/api';
import { closeBrowser, newContext, ops, signIn, tokenOf } from '../support/browser';

afterAll(closeBrowser);

/*
 * The notification centre (issue 50 §5): a withdrawal the operator pays is told in the bell; the bell's
 * count is the API's, the panel's items are the API's, marking one read lowers the count, and a
 * preference changed in the panel is kept.
 */

async function bellCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('notification-unread').getAttribute('data-count'));
}

describe('the notification centre', () => {
  it('bell count, list, mark read and a preference kept, as the API answers', async () => {
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await signIn(page);
    const token = (await tokenOf(context)) ?? '';

    // An event of the demo merchant: a withdrawal applied for and paid by the operator.
    const options = await apiOk<TWithdrawOptions>(FundsPath.withdrawOptions, undefined, token);
    const gateway = options.gateways.find((g) => g.available >= g.minimum + g.fee && g.minimum > 0) ?? options.gateways[0];
    const account = options.bankAccounts.find((a) => a.currency === gateway?.currency) ?? options.bankAccounts[0];
    const amount = ((gateway?.minimum ?? 1000) / 100).toFixed(2);
    const applied = await apiOk<TWithdrawResult>(
      FundsPath.withdrawApply,
      { gatewayNo: gateway?.gatewayNo, amount, bankAccountId: account?.id },
      token,
    );
    ops(['withdraw:pay', applied.withdrawalNo]);

    const unread = (await apiOk<{ unread: number }>(NotificationPath.unreadCount, undefined, token)).unread;
    expect(unread).toBeGreaterThan(0);
    await page.reload();
    await page.getByTestId('notification-bell').waitFor();
    await expect.poll(() => bellCount(page)).toBe(unread);

    await page.getByTestId('notification-bell').click();
    const list = await apiOk<TNotificationList>(`${NotificationPath.list}?limit=50`, undefined, token);
    const texts = page.getByTestId('notification-text');
    await expect.poll(() => texts.allInnerTexts()).toEqual(list.items.map((i) => i.text));
    expect(list.items.some((i) => i.text.includes(applied.withdrawalNo))).toBe(true);

    await page.getByTestId('notification-read').first().click();
    await expect.poll(() => bellCount(page)).toBe(unread - 1);
    expect((await apiOk<{ unread: number }>(NotificationPath.unreadCount, undefined, token)).unread).toBe(unread - 1);

    // A preference changed in the panel is kept: after a reload the panel and the API show it.
    const before = await apiOk<TNotificationPreferences>(NotificationPath.preferences, undefined, token);
    const was = before.kinds.find((k) => k.kind === 'withdrawalPaid')?.mail ?? false;
    await page.getByTestId('notification-tab-settings').click();
    await page.getByTestId('pref-withdrawalPaid-mail').click();
    const saved = page.waitForResponse((r) => r.url().includes(NotificationPath.savePreferences));
    await page.getByTestId('notification-save').click();
    await saved;
    await page.reload();
    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-tab-settings').click();
    const box = page.locator('input[data-testid="pref-withdrawalPaid-mail"], [data-testid="pref-withdrawalPaid-mail"] input');
    await expect.poll(() => box.isChecked()).toBe(!was);
    const after = await apiOk<TNotificationPreferences>(NotificationPath.preferences, undefined, token);
    expect(after.kinds.find((k) => k.kind === 'withdrawalPaid')?.mail).toBe(!was);
    await context.close();
  });
});
