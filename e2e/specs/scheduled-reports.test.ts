import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newContext, openMenu, screenshot, signIn } from '../support/browser';
import { waitForMail } from '../support/mailbox';
import { settled } from '../support/settle';

afterAll(closeBrowser);

const WEBSITES = '/merwebsit/showWebsitLimit';
const SCHEDULES = '/reportSchedule/showSchedules';
// Websites that passed the review: a filter of the list that the demo data always has rows for.
const STATUS = '5';
const STATUS_TEXT = 'Reviewed (normal)';

/** The URL cells of the website list as shown (the first column). */
async function listedUrls(page: Page): Promise<string[]> {
  const cells = page.getByTestId('website-table').locator('.ant-table-tbody tr.ant-table-row td:first-child');
  return (await cells.allInnerTexts()).map((s) => s.trim()).filter((s) => s !== '');
}

/** The cells of a CSV file (RFC 4180 quoting), without its byte-order mark; the header line first. */
function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')));
}

describe('scheduled reports journey', () => {
  it('schedules the website list with a status filter, sends it now and receives the mail with the file of exactly the listed rows', async () => {
    const stamp = String(Date.now()).slice(-8);
    const email = `reports.${stamp}@example.test`;
    const name = `Reviewed websites ${stamp}`;
    const context = await newContext({ language: 'en', width: 1440, height: 900 });
    const page = await context.newPage();
    await signIn(page);

    // The list with a filter, as a person leaves it before pressing Schedule.
    await openMenu(page, WEBSITES);
    await page.getByTestId('filter-status').click();
    await page.locator('.ant-select-dropdown:visible').getByText(STATUS_TEXT, { exact: true }).click();
    await page.getByTestId('filter-search').click();
    await page.waitForURL((u) => u.searchParams.get('status') === STATUS);
    await settled(page);
    await expect.poll(async () => (await listedUrls(page)).length).toBeGreaterThan(0);
    const urls = await listedUrls(page);

    await page.getByTestId('export-schedule').click();
    await page.getByTestId('schedule-name').fill(name);
    const recipients = page.getByTestId('schedule-recipients').locator('input');
    await recipients.fill(email);
    await recipients.press('Enter');
    await page.getByTestId('schedule-frequency').getByText('Weekly').click();
    await settled(page);
    await screenshot(page, 'schedule-dialog-en-1440');
    await page.getByTestId('schedule-submit').click();
    await page.locator('.ant-message').getByText('Scheduled report saved').waitFor();

    // The schedules screen: the new one is active; Send now makes it due at once.
    await openMenu(page, SCHEDULES);
    const row = page.getByTestId('schedule-table').locator('tr', { hasText: name });
    await expect.poll(() => row.getByTestId('schedule-status').innerText()).toBe('Active');
    const since = Date.now();
    await row.getByTestId('schedule-run-now').click();
    await page.locator('.ant-message').getByText('The report was sent').waitFor();

    const mail = await waitForMail(email, since, 30_000);
    expect(mail.subject).toContain(name);
    expect(mail.attachments).toHaveLength(1);
    const file = mail.attachments[0]!;
    expect(file.filename).toMatch(/^websites_\d{4}-\d{2}-\d{2}\.csv$/);
    const [header, ...rows] = csvRows(Buffer.from(file.content, 'base64').toString('utf8'));
    expect(header![0]).toBe('URL');
    // The file's rows are the list's rows under the same filter, in the same order.
    expect(rows.map((r) => r[0])).toEqual(urls);

    // The schedule's page lists the run as sent, with its file.
    await row.getByTestId('schedule-open').click();
    const runs = page.getByTestId('schedule-runs');
    await expect.poll(() => runs.getByTestId('schedule-run-status').first().innerText()).toBe('Sent');
    await settled(page);
    await screenshot(page, 'schedule-runs-en-1440');
    await context.close();
  });
});
