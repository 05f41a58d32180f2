import os from 'node:os';
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { TDisputeDetail } from '@mbo/shared/disputes';
import { api } from '../support/api';
import { closeBrowser, newContext, screenshot, signIn, tokenOf } from '../support/browser';

/*
 * Issue 49 §1 as a merchant meets it: the demo's Visa 10.4 case eligible for Compelling Evidence 3.0
 * (seed/demo-ce3.ts) is answered in the evidence workspace, from draft to submission: the reason is
 * explained, the qualifying payments are listed, the draft is saved with a file, previewed as the
 * issuer reads it and submitted once; the case is then under appeal with that file.
 */

const CASE = 'CB-DEMO-CE3-ELIGIBLE';

afterAll(async () => {
  await closeBrowser();
});

describe('dispute workspace', () => {
  it('answers the demo 10.4 case with CE 3.0 evidence from draft to submission', async () => {
    const context = await newContext({ language: 'en', width: 1440, height: 900 });
    const page = await context.newPage();
    await signIn(page);
    const token = await tokenOf(context);

    await page.goto(`/merTradeMgr/initProConTradePage?view=all&caseNo=${CASE}&detail=${CASE}`);
    await page.getByTestId('dispute-detail').waitFor({ timeout: 15_000 });
    await page.getByTestId('detail-workspace').click();

    const ws = page.getByTestId('dispute-workspace');
    await ws.getByTestId('ws-reason').waitFor({ timeout: 15_000 });
    expect(await ws.getByTestId('ws-reason').innerText()).toContain('Other fraud, card absent');
    await ws.getByTestId('ce3-eligible').waitFor();
    expect(await ws.getByTestId('ce3-qualifying').locator('tbody tr.ant-table-row').count()).toBe(2);
    // The draft starts from what the product holds: the customer's IP is already written in.
    expect(await ws.getByTestId('ws-section-customer').inputValue()).toContain('203.0.113.45');
    await screenshot(page, 'dispute-workspace-en-1440');

    const pdf = path.join(os.tmpdir(), 'mbo-e2e-ce3-order-history.pdf');
    writeFileSync(
      pdf,
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    await ws.getByTestId('ws-note').fill('Returning customer: two earlier orders on this card from the same device and IP.');
    await ws.locator('input[type="file"]').setInputFiles(pdf);
    await ws.getByTestId('ws-save').click();
    // Saved, the form starts again from the stored draft: the file is now one of the draft's.
    await expect.poll(() => ws.getByTestId('ws-file').count(), { timeout: 15_000 }).toBe(1);

    // Saving changed nothing of the case.
    const before = await api<TDisputeDetail>(`/merTradeMgr/proConTrade/detail/${CASE}`, undefined, token);
    expect(before.data.appealStatus).toBe(0);

    await ws.getByTestId('ws-preview').click();
    const pkg = page.getByTestId('ws-package');
    await pkg.waitFor({ timeout: 15_000 });
    const text = await pkg.innerText();
    expect(text).toContain('Compelling Evidence 3.0');
    expect(text).toContain('mbo-e2e-ce3-order-history.pdf');
    expect(text).toContain('Returning customer');
    await screenshot(page, 'dispute-workspace-preview-en-1440');
    await page.getByTestId('ws-submit').click();

    await expect
      .poll(async () => (await api<TDisputeDetail>(`/merTradeMgr/proConTrade/detail/${CASE}`, undefined, token)).data.appealStatus, {
        timeout: 15_000,
      })
      .toBe(1);
    await ws.getByTestId('ws-submitted').waitFor({ timeout: 15_000 });
    expect(await ws.getByTestId('ws-save').count()).toBe(0);
    const after = await api<TDisputeDetail>(`/merTradeMgr/proConTrade/detail/${CASE}`, undefined, token);
    expect(after.data.files.map((f) => f.name)).toEqual(['mbo-e2e-ce3-order-history.pdf']);
    await context.close();
  });
});
