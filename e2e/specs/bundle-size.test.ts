import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newContext } from '../support/browser';

afterAll(closeBrowser);

const BUDGET_KB = 250;

describe('bundle-size budget', () => {
  it(`loads at most ${BUDGET_KB} KB (gzip) of JavaScript for /loginNew`, async () => {
    const context = await newContext();
    const page = await context.newPage();
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.set(res.url(), res.body());
    });
    await page.goto('/loginNew', { waitUntil: 'networkidle' });
    await page.getByTestId('login-submit').waitFor();
    let total = 0;
    const rows: string[] = [];
    for (const [url, body] of scripts) {
      const gz = gzipSync(await body, { level: 9 }).length;
      total += gz;
      rows.push(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${new URL(url).pathname}`);
    }
    console.log(`Initial JS for /loginNew: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.size} files\n${rows.join('\n')}`);
    expect(scripts.size).toBeGreaterThan(0);
    expect(total / 1024).toBeLessThanOrEqual(BUDGET_KB);
    await context.close();
  });
});
