// Large CSV exports read by the compiled server's export workers (dist/export-worker.js) on
// PostgreSQL: node 0 cuts exports into slices of 500 rows for its workers, node 1 has no workers
// (support/cluster-setup.ts). The same export through each is the same file, byte for byte.
import { crc32, inflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { API_BASE } from '@mbo/shared/api-paths';
import { TRANSACTION_VIEW_DEFS } from '@mbo/shared/transactions';
import { DEMO } from '../support/chromium';
import { everyNodeUp } from '../support/cluster-nodes';

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

/** The text of every entry of a ZIP file by name, each checked against its size and CRC. */
function unzip(file: Buffer): Map<string, string> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = new Map<string, string>();
  let at = file.readUInt32LE(end + 16);
  for (let i = file.readUInt16LE(end + 10); i > 0; i -= 1) {
    const nameLength = file.readUInt16LE(at + 28);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    const local = file.readUInt32LE(at + 42);
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const data = inflateRawSync(file.subarray(start, start + file.readUInt32LE(at + 20)));
    expect(data.length, name).toBe(file.readUInt32LE(at + 24));
    expect(crc32(data), name).toBe(file.readUInt32LE(at + 16));
    entries.set(name, data.toString('utf8'));
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return entries;
}

async function exportAt(origin: string, lang: string, format: 'csv' | 'xlsx' = 'csv'): Promise<Buffer> {
  const res = await fetch(`${origin}${API_BASE}${TRANSACTION_VIEW_DEFS.formal.export}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-token': token, lang, timezone: 'Europe/London' },
    body: JSON.stringify({ from: dayInShanghai(20), to: dayInShanghai(0), format }),
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

// Requests go to the nodes directly: every node up first, whichever files ran before.
beforeAll(everyNodeUp, 300_000);

describe('exports read by worker threads', () => {
  it('give the file of the API thread alone, byte for byte, in each language', async () => {
    for (const lang of ['en_US', 'zh_CN', 'zh_HK']) {
      const pooled = await exportAt(nodes()[0]!, lang);
      const alone = await exportAt(nodes()[1]!, lang);
      // More rows than two slices of 500, so several workers took part.
      expect(pooled.toString('utf8').split('\r\n').length).toBeGreaterThan(1_002);
      expect(pooled.equals(alone), `${lang}: ${pooled.length} vs ${alone.length} bytes`).toBe(true);
    }
  });

  it('give an XLSX whose sheets hold the same XML as the API thread alone writes, every entry whole', async () => {
    const pooled = unzip(await exportAt(nodes()[0]!, 'zh_CN', 'xlsx'));
    const alone = unzip(await exportAt(nodes()[1]!, 'zh_CN', 'xlsx'));
    expect([...pooled.keys()].sort()).toEqual([...alone.keys()].sort());
    const sheet = pooled.get('xl/worksheets/sheet1.xml') ?? '';
    expect(sheet.split('<row ').length - 1).toBeGreaterThan(1_001);
    for (const [name, text] of alone) expect(pooled.get(name) === text, name).toBe(true);
  });
});
