// Large CSV exports read by the compiled server's export workers (dist/export-worker.js) on
// PostgreSQL: node 0 cuts exports into slices of 500 rows for its workers, node 1 has no workers
// (support/cluster-setup.ts). The same export through each is the same file, byte for byte.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { API_BASE } from '@mbo/shared/api-paths';
import { TRANSACTION_VIEW_DEFS } from '@mbo/shared/transactions';
import { DEMO } from '../support/browser';

const nodes = () => inject('nodeURLs');
let token = '';

const dayInShanghai = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  );

beforeAll(async () => {
  const res = await fetch(`${nodes()[0]}${API_BASE}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en_US' },
    body: JSON.stringify(DEMO),
  });
  const body = (await res.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(0);
  token = body.data.token;
});

async function exportAt(origin: string, lang: string): Promise<string> {
  const res = await fetch(`${origin}${API_BASE}${TRANSACTION_VIEW_DEFS.formal.export}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': token, lang, timezone: 'Europe/London' },
    body: JSON.stringify({ from: dayInShanghai(20), to: dayInShanghai(0), format: 'csv' }),
  });
  expect(res.status).toBe(200);
  return res.text();
}

describe('exports read by worker threads', () => {
  it('give the file of the API thread alone, byte for byte, in each language', async () => {
    for (const lang of ['en_US', 'zh_CN', 'zh_HK']) {
      const pooled = await exportAt(nodes()[0]!, lang);
      const alone = await exportAt(nodes()[1]!, lang);
      // More rows than two slices of 500, so several workers took part.
      expect(pooled.split('\r\n').length).toBeGreaterThan(1_002);
      expect(pooled === alone, `${lang}: ${pooled.length} vs ${alone.length} characters`).toBe(true);
    }
  });
});
