import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';

let t: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>back office</title>');
  fs.writeFileSync(path.join(webDist, 'pay.html'), '<!doctype html><title>hosted payment page</title>');
  t = await createTestApp({ config: { webDist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('hosted payment page', () => {
  it('is its own page under /pay/, never cached, never framed, under the back office CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/pay/${'a'.repeat(32)}`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('hosted payment page');
    expect(res.headers['cache-control']).toBe('no-store');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The back office keeps its own page.
    const other = await t.app.inject({ method: 'GET', url: '/shortcutPayment/initManageLinks', headers: { accept: 'text/html' } });
    expect(other.body).toContain('back office');
  });
});
