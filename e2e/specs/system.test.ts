import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { baseURL, closeBrowser, newContext, openMenu, screenshot, signIn } from '../support/browser';
import { DEMO } from '../support/chromium';
import { linkIn, waitForMail } from '../support/mailbox';
import { navigateInApp, settled } from '../support/settle';

afterAll(closeBrowser);

const MEMBER_PASSWORD = 'Member@2026';

async function rowsText(page: Page, testId: string): Promise<string> {
  return page.getByTestId(testId).locator('.ant-table-tbody').innerText();
}

describe('system management journey', () => {
  it('invites an administrator limited to one gateway with a custom role, who accepts from the mail, sees only that; disabling them ends their open session; the operation log lists each step', async () => {
    const stamp = String(Date.now()).slice(-8);
    const roleName = `Refund desk ${stamp}`;
    const email = `member.${stamp}@example.test`;

    const ownerContext = await newContext({ language: 'en', width: 1440, height: 900 });
    const owner = await ownerContext.newPage();
    await signIn(owner);

    // A custom role: the refund query screen with its export, and the merchant details screen.
    await openMenu(owner, '/role/findRoles');
    await owner.getByTestId('role-add').click();
    await owner.getByTestId('role-name').fill(roleName);
    await owner.getByTestId('role-name-cn').fill('退款专员');
    await owner.getByTestId('role-name-en').fill(roleName);
    await owner.getByTestId('role-description').fill('Answers refund questions');
    await owner.getByTestId('perm-Refundment:Downloads').click();
    await owner.getByTestId('perm-/merchant/showMerchantDetails').click();
    await settled(owner);
    await screenshot(owner, 'system-role-editor-en-1440');
    await owner.getByTestId('role-save').click();
    await expect.poll(() => rowsText(owner, 'role-table')).toContain(roleName);

    // Invite limited to the EUR gateway.
    await openMenu(owner, '/admin/findManagers');
    await owner.getByTestId('admin-invite-open').click();
    await owner.getByTestId('admin-invite-email').fill(email);
    await owner.getByTestId('admin-role').click();
    await owner.locator('.ant-select-dropdown:visible').getByText(roleName, { exact: true }).click();
    await owner.getByTestId('admin-gateways').click();
    await owner
      .locator('.ant-select-dropdown:visible')
      .getByText(/^10010002 /)
      .click();
    // Closes the gateway list without closing the dialog.
    await owner.locator('.ant-modal-title').click();
    await settled(owner);
    await screenshot(owner, 'system-admin-invite-en-1440');
    const since = Date.now();
    await owner.getByTestId('admin-invite-submit').click();
    await expect.poll(() => rowsText(owner, 'admin-table')).toContain(email);
    expect(await rowsText(owner, 'admin-table')).toContain('Invitation pending');

    // The invited person accepts from the real mail and is signed in.
    const mail = await waitForMail(email, since);
    const link = linkIn(mail, `${baseURL()}/acceptInvitation`);
    const memberContext = await newContext({ language: 'en', width: 1440, height: 900 });
    const member = await memberContext.newPage();
    await member.goto(link);
    await member.getByTestId('invitation-email').waitFor();
    await member.locator('#name').fill('Refund Desk Member');
    await member.locator('#password').fill(MEMBER_PASSWORD);
    await member.locator('#confirmPassword').fill(MEMBER_PASSWORD);
    await member.getByTestId('invitation-submit').click();
    await member.waitForURL((u) => u.pathname === '/' || u.pathname === '/index');

    // Only the role's menus, and only the EUR gateway.
    await member.locator('.ant-menu-submenu-title').first().waitFor();
    const modules = await member.locator('.ant-menu-submenu-title').allInnerTexts();
    expect(modules.map((m) => m.trim())).toEqual(['Transactions', 'System']);
    for (const title of modules) await member.locator('.ant-menu-submenu-title', { hasText: title.trim() }).click();
    await member.getByTestId('menu-/merchant/showMerchantDetails').waitFor();
    const sidebar = await member.getByTestId('sidebar').innerText();
    expect(sidebar).toContain('Refunds');
    expect(sidebar).toContain('Merchant details');
    for (const hidden of ['Live transactions', 'Administrators', 'Roles', 'Operation log']) expect(sidebar).not.toContain(hidden);
    await openMenu(member, '/merchant/showMerchantDetails');
    await expect.poll(() => rowsText(member, 'merchant-gateways')).toContain('10010002');
    const gateways = await rowsText(member, 'merchant-gateways');
    expect(gateways).not.toContain('10010001');
    expect(gateways).not.toContain('10010003');
    expect(await member.getByTestId('sign-key-reveal').count()).toBe(0);

    // The owner disables them; their open session ends at their next request.
    await owner.reload();
    await expect.poll(() => rowsText(owner, 'admin-table')).toContain('Normal');
    const row = owner.getByTestId('admin-table').locator('.ant-table-row', { hasText: email });
    await row.getByTestId('admin-disable').click();
    await owner.getByTestId('admin-confirm-ok').click();
    await expect.poll(() => row.getByTestId('admin-status').innerText()).toBe('Disabled');
    await openMenu(member, '/refundment/forwardRefundmentList').catch(() => undefined);
    await member.getByTestId('session-expired-dialog').waitFor();
    await screenshot(member, 'system-member-session-ended-en-1440');

    // The operation log lists each step.
    await openMenu(owner, '/log/forwardOperateLogList');
    await expect.poll(() => rowsText(owner, 'operation-log-table')).toContain('Disable an administrator');
    const log = await rowsText(owner, 'operation-log-table');
    for (const step of ['Add a role', 'Invite an administrator', 'Accept an invitation', 'Disable an administrator'])
      expect(log).toContain(step);
    expect(log).toContain(email);
    await owner.getByTestId('filter-operator').fill(email.slice(0, 12));
    await owner.getByTestId('filter-search').click();
    await expect.poll(() => rowsText(owner, 'operation-log-table')).not.toContain('Disable an administrator');
    expect(await rowsText(owner, 'operation-log-table')).toContain('Accept an invitation');
    await screenshot(owner, 'system-operation-log-filtered-en-1440');

    await memberContext.close();
    await ownerContext.close();
  }, 180_000);

  it('reveals the sign key after the password, copies it, and logs the reveal', async () => {
    const context = await newContext({ language: 'en', width: 1440, height: 900 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    const page = await context.newPage();
    await signIn(page);
    await openMenu(page, '/merchant/showMerchantDetails');
    await page.getByTestId('sign-key-reveal').click();
    await page.getByTestId('sign-key-password').fill('not the password');
    await page.getByTestId('sign-key-confirm').click();
    await expect.poll(() => page.locator('.ant-modal').innerText()).toContain('The password is incorrect');
    await page.getByTestId('sign-key-password').fill(DEMO.password);
    await page.getByTestId('sign-key-confirm').click();
    await expect.poll(() => page.getByTestId('sign-key').innerText()).toMatch(/^[0-9a-f]{32}$/);
    const key = await page.getByTestId('sign-key').innerText();
    await page.getByTestId('sign-key-copy').click();
    await page.getByText('Copied to the clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await screenshot(page, 'system-sign-key-revealed-en-1440');
    await page.getByTestId('sign-key-hide').click();
    await expect.poll(() => page.getByTestId('sign-key').innerText()).toBe(`${'*'.repeat(28)}${key.slice(-4)}`);

    await openMenu(page, '/log/forwardOperateLogList');
    await expect.poll(() => rowsText(page, 'operation-log-table')).toContain('Reveal the sign key');
    const log = await rowsText(page, 'operation-log-table');
    expect(log).toContain('The password is incorrect');
    expect(log).not.toContain(key);
    await context.close();
  });

  it('marks an announcement read and lowers the unread count in the top bar', async () => {
    const context = await newContext({ language: 'en', width: 1440, height: 900 });
    const page = await context.newPage();
    await signIn(page);
    const badge = page.getByTestId('news-unread');
    const count = async () => Number(await page.getByTestId('news-unread-count').getAttribute('data-count'));
    await expect.poll(count).toBeGreaterThan(0);
    const before = await count();
    await badge.click();
    await page.waitForURL((u) => u.pathname === '/mernews/showNewsManage');
    const title = await page
      .getByTestId('news-table')
      .locator('.ant-table-row', { hasText: 'Unread' })
      .first()
      .getByTestId('news-open')
      .innerText();
    const row = page.getByTestId('news-table').locator('.ant-table-row', { hasText: title });
    await row.getByTestId('news-open').click();
    await page.getByTestId('news-detail').waitFor();
    await expect.poll(count).toBe(before - 1);
    await page.keyboard.press('Escape');
    await expect.poll(() => row.getByTestId('news-state').innerText()).toBe('Read');
    await context.close();
  });

  it('finds an icon by name and copies it', async () => {
    const context = await newContext({ language: 'en', width: 1440, height: 900 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    const page = await context.newPage();
    await signIn(page);
    await openMenu(page, '/system/iconList');
    await page.getByTestId('icon-search').locator('input').fill('bell');
    await expect.poll(() => page.getByTestId('icon-cell').count()).toBe(1);
    await page.getByTestId('icon-cell').click();
    await page.getByText('Copied to the clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('BellOutlined');
    await context.close();
  });
});

const SCREENS = [
  ['merchant-details', '/merchant/showMerchantDetails', 'merchant-details'],
  ['admins', '/admin/findManagers', 'admin-table'],
  ['roles', '/role/findRoles', 'role-table'],
  ['operation-log', '/log/forwardOperateLogList', 'operation-log-table'],
  ['news', '/mernews/showNewsManage', 'news-table'],
  ['icons', '/system/iconList', 'icon-grid'],
] as const;

// Side by side (e2e/vitest.config.ts caps how many): most of each test is waiting for pages to settle.
describe.concurrent('system screens in every language at desktop and phone widths', () => {
  for (const language of ['en', 'zhCn', 'zhHk'] as const) {
    for (const width of [1440, 390]) {
      it(`${language} at ${width} px`, async ({ expect: check }) => {
        const context = await newContext({ language, width, height: width > 500 ? 900 : 844 });
        const page = await context.newPage();
        await signIn(page);
        for (const [name, url, ready] of SCREENS) {
          // From screen to screen inside the app, as the menu does: one load of the app, not one per screen.
          await navigateInApp(page, url);
          await page.getByTestId(ready).waitFor();
          await settled(page);
          // No text may run out of the screen sideways except inside the tables' own scroll regions.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          check(overflow, `${name} overflows by ${overflow}px`).toBeLessThanOrEqual(0);
          await screenshot(page, `system-${name}-${language}-${width}`);
        }
        await navigateInApp(page, '/role/findRoles');
        await page.getByTestId('role-open').first().click();
        await page.getByTestId('permission-tree').waitFor();
        await settled(page);
        await screenshot(page, `system-role-view-${language}-${width}`);
        await context.close();
      }, 120_000);
    }
  }
});
