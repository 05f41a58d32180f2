import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiOk, freshIdentity, lastSmsCode, registerByApi } from '../support/api';
import { baseURL, closeBrowser, newContext, ops, screenshot, signIn } from '../support/browser';
import { settled } from '../support/settle';
import { codeIn, linkIn, waitForMail } from '../support/mailbox';

afterAll(closeBrowser);

const PASSWORD = 'Start@2026';

/** Small real files: a PDF and a PNG (1×1), written once for the uploads. */
function sampleFiles(): { pdf: string; png: string; fakePdf: string } {
  const dir = os.tmpdir();
  const pdf = path.join(dir, 'mbo-e2e-certificate.pdf');
  const png = path.join(dir, 'mbo-e2e-passport.png');
  const fakePdf = path.join(dir, 'mbo-e2e-not-really.pdf');
  writeFileSync(fakePdf, 'MZ this is an executable pretending to be a PDF');
  writeFileSync(
    pdf,
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
  writeFileSync(
    png,
    Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  );
  return { pdf, png, fakePdf };
}

async function signInWithEmailCode(page: Page, email: string): Promise<void> {
  await page.goto('/loginNew');
  await page.getByTestId('code-login-tab-email').click();
  await page.locator('#target, #email').first().fill(email);
  const since = Date.now();
  await page.getByTestId('send-code').click();
  const mail = await waitForMail(email, since);
  await page.locator('#code').fill(codeIn(mail.text));
  await page.getByTestId('code-login-submit').click();
  await page.waitForURL((u) => u.pathname !== '/loginNew');
}

describe('onboarding journeys', () => {
  it('registers, verifies the email from the real message, signs in with a code, completes KYC, is approved and reaches the dashboard', async () => {
    const id = freshIdentity('journey');
    const files = sampleFiles();
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();

    // Sign-up
    await page.goto('/register');
    await page.locator('#email').fill(id.email);
    await page.locator('#mobile').fill(id.national);
    await page.locator('#password').fill(PASSWORD);
    await page.locator('#confirmPassword').fill(PASSWORD);
    await page.locator('#agree').check();
    await page.getByTestId('send-code').click();
    await expect
      .poll(() => {
        try {
          return lastSmsCode(id.mobile);
        } catch {
          return '';
        }
      })
      .toMatch(/^\d{6}$/);
    await page.locator('#code').fill(lastSmsCode(id.mobile));
    const since = Date.now();
    await page.getByTestId('register-submit').click();

    // Email verification from the message the SMTP server received
    const mail = await waitForMail(id.email, since);
    const link = linkIn(mail, `${baseURL()}/verifyEmail`);
    await page.goto(link);
    await page.getByTestId('verify-email-success').waitFor();

    // Sign in by email code
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInWithEmailCode(page, id.email);
    await page.waitForURL((u) => u.pathname === '/activate');
    await screenshot(page, 'activate-not-submitted-en');

    // KYC wizard
    await page.getByTestId('activate-go-kyc').click();
    await page.waitForURL((u) => u.pathname === '/kyc');
    await fillKycWizard(page, files);
    await page.waitForURL((u) => u.pathname === '/activate');
    await expect.poll(() => page.getByTestId('activate-status').innerText()).toMatch(/review/i);
    await screenshot(page, 'activate-under-review-en');

    // The acquirer approves; the person reaches the dashboard past the guard
    const token = (await context.cookies()).find((c) => c.name === 'Admin-Token')?.value;
    const session = await apiOk<{ kycInfo: { currBusinessId: number } }>('/admin/getInfo', undefined, token);
    ops(['kyc:approve', String(session.kycInfo.currBusinessId)]);
    await page.reload();
    await page.getByTestId('activate-home').click();
    await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/index');
    await page.getByTestId('dashboard-merchant').waitFor();
    await screenshot(page, 'dashboard-after-approval-en');
    await context.close();
  });

  it('asks before leaving the KYC wizard with unsaved changes', async () => {
    const id = freshIdentity('leave');
    await registerByApi(id, PASSWORD);
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await page.goto('/loginNew');
    await page.getByTestId('code-login-tab-mobile').click();
    await page.locator('#target, #mobile').first().fill(id.national);
    await page.getByTestId('send-code').click();
    await expect.poll(() => lastSmsCode(id.mobile)).toMatch(/^\d{6}$/);
    await page.locator('#code').fill(lastSmsCode(id.mobile));
    await page.getByTestId('code-login-submit').click();
    await page.waitForURL((u) => u.pathname === '/activate');
    await page.goto('/kyc');
    await page.locator('#legalName').fill('Unsaved Trading Ltd');
    await page.getByTestId('kyc-exit').click();
    await page.getByTestId('leave-stay').waitFor();
    await settled(page);
    await screenshot(page, 'kyc-unsaved-prompt-en');
    await page.getByTestId('leave-stay').click();
    await page.getByTestId('leave-stay').waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/kyc');
    expect(await page.locator('#legalName').inputValue()).toBe('Unsaved Trading Ltd');
    await context.close();
  });

  it('completes a two-factor sign-in with a code sent to the mobile', async () => {
    const id = freshIdentity('twofa');
    const token = await registerByApi(id, PASSWORD);
    const info = await apiOk<{ userInfo: { merchantNo: string } }>('/admin/getInfo', undefined, token);
    await apiOk('/kyc/sendCode', { purpose: 'twoFAToggle' }, token);
    await apiOk('/kyc/twoFA/toggle', { enabled: true, code: lastSmsCode(id.mobile) }, token);
    const toggleCode = lastSmsCode(id.mobile);

    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await signIn(page, { merchantNo: info.userInfo.merchantNo, loginName: 'admin', password: PASSWORD });
    await page.waitForURL((u) => u.pathname === '/twoFA');
    // Nothing past the second step answers until it is done
    const pending = (await context.cookies()).find((c) => c.name === 'Admin-Token')?.value ?? '';
    expect((await fetch(`${baseURL()}/v3api/merchant/summary`, { headers: { 'X-Auth-Token': pending } })).status).toBe(403);
    await page.getByTestId('twofa-send').waitFor();
    await screenshot(page, 'two-factor-en');
    await page.getByTestId('twofa-send').click();
    await expect.poll(() => lastSmsCode(id.mobile)).not.toBe(toggleCode);
    await page.locator('#code').fill(lastSmsCode(id.mobile));
    await page.getByTestId('twofa-submit').click();
    // Past the second step the guard goes on: this new business is not activated yet
    await page.waitForURL((u) => u.pathname === '/activate');
    await page.getByTestId('activate-status').waitFor();
    await context.close();
  });

  it('resets a forgotten password with an SMS code and signs in with the new one', async () => {
    const id = freshIdentity('reset');
    const token = await registerByApi(id, PASSWORD);
    const info = await apiOk<{ userInfo: { merchantNo: string } }>('/admin/getInfo', undefined, token);
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await page.goto('/loginNew');
    await page.getByTestId('forgot-password-link').click();
    await page.getByTestId('reset-by-sms').click();
    await page.locator('#mobile').fill(id.national);
    await page.getByTestId('reset-send-code').click();
    await expect.poll(() => lastSmsCode(id.mobile)).toMatch(/^\d{6}$/);
    await page.locator('#code').fill(lastSmsCode(id.mobile));
    await page.getByTestId('reset-verify').click();
    await page.locator('#newPassword').fill('Renewed@2026');
    await page.locator('#confirmPassword').fill('Renewed@2026');
    await page.getByTestId('reset-submit').click();
    await page.waitForURL((u) => u.pathname === '/loginNew');

    // The old session ended with the reset; the new password works
    expect((await fetch(`${baseURL()}/v3api/admin/getInfo`, { headers: { 'X-Auth-Token': token } })).status).toBe(401);
    await signIn(page, { merchantNo: info.userInfo.merchantNo, loginName: 'admin', password: 'Renewed@2026' });
    await page.waitForURL((u) => u.pathname === '/activate');
    await context.close();
  });

  it('switches business from the user menu', async () => {
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await signIn(page);
    await page.getByTestId('merchant-no').waitFor();
    expect(await page.getByTestId('merchant-no').innerText()).toContain('100001');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-switch-account').click();
    await page.waitForURL((u) => u.pathname === '/selectMerchant');
    await page.getByText('100002').click();
    await page.getByTestId('business-choose').last().click();
    await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/index');
    await expect.poll(() => page.getByTestId('merchant-no').innerText()).toContain('100002');
    await context.close();
  });

  it('opens a single sign-on link once and refuses it the second time', async () => {
    const link = ops(['sso:ticket', '--merchant', '100001']).trim().split('\n').pop() ?? '';
    const url = new URL(link);
    const context = await newContext({ language: 'en' });
    const page = await context.newPage();
    await page.goto(`${url.pathname}${url.search}`);
    await page.waitForURL((u) => u.pathname === '/' || u.pathname === '/index');
    await page.getByTestId('dashboard-merchant').waitFor();
    await context.close();

    const second = await newContext({ language: 'en' });
    const again = await second.newPage();
    await again.goto(`${url.pathname}${url.search}`);
    await again.getByTestId('sso-error').waitFor();
    expect(new URL(again.url()).pathname).toBe('/sso');
    await screenshot(again, 'sso-used-en');
    await second.close();
  });
});

async function choose(page: Page, id: string, text: string): Promise<void> {
  await page.locator(`#${id}`).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

async function search(page: Page, id: string, text: string): Promise<void> {
  await page.locator(`#${id}`).click();
  await page.locator(`#${id}`).fill(text);
  // Enter picks the highlighted option: wait until the list has been filtered down to the text typed.
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option-active').filter({ hasText: text }).first().waitFor();
  await page.keyboard.press('Enter');
}

async function date(page: Page, id: string, value: string): Promise<void> {
  await page.locator(`#${id}`).click();
  await page.locator(`#${id}`).fill(value);
  await page.keyboard.press('Enter');
}

/** Fills the five KYC steps as an applicant would, with real files, and submits. */
async function fillKycWizard(page: Page, files: { pdf: string; png: string; fakePdf: string }): Promise<void> {
  await page.getByTestId('kyc-step-1').waitFor();
  await choose(page, 'registrationPlace', 'Hong Kong');
  await page.getByRole('radio', { name: 'Company', exact: true }).check();
  await page.locator('#legalName').fill('Harbour Journey Limited');
  await page.locator('#registrationNumber').fill('12345678');
  await page.locator('#crn').fill('CR1234567');
  await page.locator('#vatNumber').fill('HK123456789');
  await page.locator('#registeredAddress').fill('1 Harbour Road');
  await page.locator('#city').fill('Hong Kong');
  await page.locator('#postalCode').fill('000000');
  await date(page, 'formationDate', '2019-05-01');
  // A text file named .pdf is refused by the server, which reads the content
  await page.getByTestId('kyc-upload-businessDocuments').setInputFiles(files.fakePdf);
  await page.getByTestId('kyc-upload-businessDocuments-errors').waitFor();
  await page.getByTestId('kyc-upload-businessDocuments').setInputFiles(files.pdf);
  await page.locator('.ant-upload-list-item-done', { hasText: path.basename(files.pdf) }).waitFor();
  await page.getByTestId('kyc-next').click();

  await page.getByTestId('kyc-step-2').waitFor();
  await search(page, 'mainIndustry', 'Electronics');
  await page.locator('#mainIndustryShare').fill('100');
  await page.getByLabel('No', { exact: true }).check();
  await page.locator('#productDescription').fill('Phone accessories and cases, sold online worldwide.');
  await page.locator('#websites_0_url').fill('https://shop.example.com');
  for (const item of ['refundPolicy', 'contactInfo', 'termsOfService', 'shippingPolicy', 'testOrdersAllowed']) {
    await page.locator(`#websites_0_checklist_${item}`).check();
  }
  await choose(page, 'monthlyTurnover', 'USD 50,000 to 100,000');
  await page.getByTestId('kyc-next').click();

  await page.getByTestId('kyc-step-3').waitFor();
  await page.locator('#bankName').fill('Harbour Bank');
  await page.locator('#accountHolder').fill('Harbour Journey Limited');
  await page.locator('#accountNumber').fill('123-456789-001');
  await page.locator('#branch').fill('Central');
  await page.locator('#swiftCode').fill('HSBCHKHHHKH');
  await choose(page, 'settlementCurrency', 'HKD');
  await page.getByTestId('kyc-next').click();

  await page.getByTestId('kyc-step-4').waitFor();
  const owner = page.getByTestId('kyc-owner-0');
  await owner.getByLabel('Owner and director').check();
  await owner.getByLabel('Applicant').check();
  await page.locator('#owners_0_firstName').fill('Owner');
  await page.locator('#owners_0_lastName').fill('One');
  await page.locator('#owners_0_phone').fill('+852 9123 0001');
  await date(page, 'owners_0_dateOfBirth', '1985-03-02');
  await search(page, 'owners_0_nationality', 'Hong Kong');
  await search(page, 'owners_0_idIssueCountry', 'Hong Kong');
  await choose(page, 'owners_0_idType', 'Identity card');
  await page.locator('#owners_0_idNumber').fill('A1234567');
  await page.getByTestId('kyc-upload-idPhotos-0').setInputFiles(files.png);
  await page.locator('.ant-upload-list-item-done', { hasText: path.basename(files.png) }).waitFor();
  await page.locator('#owners_0_ownershipPercent').fill('100');
  await page.locator('#owners_0_address').fill('2 Harbour Road');
  await page.locator('#owners_0_city').fill('Hong Kong');
  await page.getByTestId('kyc-next').click();

  await page.getByTestId('kyc-step-5').waitFor();
  await page.getByTestId('kyc-all-owners-listed').check();
  await page.getByTestId('kyc-declaration').check();
  await page.getByTestId('kyc-submit').click();
}
