import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@mbo/shared/api-paths';
import { WaybillPath, WaybillStatus } from '@mbo/shared/waybills';
import { pngFile, zipFile } from '../../../test/files';
import { type TestContext } from '../../../test/helpers';
import { createWaybillWorld, waybillCalls, type WaybillWorld } from '../../../test/waybill-world';

/*
 * Batch uploads of tracking numbers: preview and commit of CSV and XLSX files, duplicates, the
 * template, and hostile files answered row by row. The list and single uploads are waybills.test.ts.
 */

let world: WaybillWorld;
let t: TestContext;
let token: string;

beforeAll(async () => {
  world = await createWaybillWorld();
  ({ t, token } = world);
});
afterAll(async () => {
  await t.close();
});

const { trade, batch, list } = waybillCalls(() => world);

describe('batch upload', () => {
  it('previews without writing, lands the good rows with the bad one reported, and the same batch again is duplicates', async () => {
    const a = await trade();
    const b = await trade();
    const csv = [
      'tradeNo,trackingNo,carrier,carrierSites',
      `${a.tradeNo},AB123456780CN,China Post,`,
      `${b.tradeNo},SF1234567890123,SF Express,"https://www.sf-express.com,https://track.example.com"`,
      'NOPE0001,AB123456781CN,China Post',
      `${a.tradeNo},AB123456782CN,China Post`,
    ].join('\r\n');
    const preview = await batch('preview', 'w.csv', csv);
    expect(preview.body.data).toMatchObject({ committed: false, accepted: 2, errors: 1, duplicates: 1 });
    expect(preview.body.data.rows[2]).toMatchObject({ row: 4, result: 'error', error: 'tradeNotFound' });
    expect((await list({ tradeNo: a.tradeNo }))[0]!.status).toBe(WaybillStatus.notUploaded);

    const commit = await batch('commit', 'w.csv', csv);
    expect(commit.body.data).toMatchObject({ committed: true, accepted: 2, errors: 1, duplicates: 1 });
    expect((await list({ tradeNo: b.tradeNo }))[0]).toMatchObject({
      trackingNo: 'SF1234567890123',
      carrierSites: ['https://www.sf-express.com', 'https://track.example.com'],
      status: WaybillStatus.pendingReview,
    });
    const again = await batch('commit', 'w.csv', csv);
    expect(again.body.data).toMatchObject({ accepted: 0, errors: 1, duplicates: 3 });
  });

  it('reads XLSX files (the downloadable template and a sheet of inline strings), and refuses other files', async () => {
    const tpl = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${WaybillPath.template}?format=xlsx`,
      headers: { 'x-auth-token': token },
    });
    expect(tpl.statusCode).toBe(200);
    const fromTemplate = await batch('preview', 'template.xlsx', tpl.rawPayload);
    expect(fromTemplate.body.data.rows).toEqual([expect.objectContaining({ row: 2, result: 'error', error: 'tradeNotFound' })]);

    const tx = await trade();
    const cell = (ref: string, v: string) => `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
    const sheet = `<worksheet><sheetData><row r="1">${cell('A1', 'tradeNo')}${cell('B1', 'trackingNo')}${cell('C1', 'carrier')}</row><row r="2">${cell('A2', tx.tradeNo)}${cell('B2', 'EE123456789CN')}${cell('C2', 'EMS')}</row></sheetData></worksheet>`;
    const xlsx = zipFile({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>', 'xl/worksheets/sheet1.xml': sheet });
    const res = await batch('commit', 'w.xlsx', xlsx);
    expect(res.body.data).toMatchObject({ accepted: 1, errors: 0 });

    expect((await batch('preview', 'w.csv', pngFile())).body.msg).toContain('not a CSV');
    const tplCsv = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${WaybillPath.template}?format=csv`,
      headers: { 'x-auth-token': token },
    });
    expect(tplCsv.body).toContain('tradeNo,trackingNo,carrier,carrierSites');
  });

  it('answers every csv-spectrum file and every naughty string with a report per row, never a 5xx', async () => {
    const require = createRequire(import.meta.url);
    const dir = path.join(path.dirname(require.resolve('csv-spectrum/package.json')), 'csvs');
    for (const name of fs.readdirSync(dir)) {
      const res = await batch('preview', name, fs.readFileSync(path.join(dir, name)));
      expect(res.status, name).toBeLessThan(500);
      if (res.body.code === 0)
        expect(res.body.data.accepted + res.body.data.errors + res.body.data.duplicates).toBe(res.body.data.rows.length);
    }
    const naughty = (JSON.parse(fs.readFileSync(require.resolve('big-list-of-naughty-strings/blns.json'), 'utf8')) as string[]).slice(
      0,
      500,
    );
    const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
    const csv = naughty.map((s, i) => [q(s), q(naughty[(i + 1) % naughty.length]!), q(s)].join(',')).join('\n');
    const res = await batch('commit', 'naughty.csv', csv);
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe(0);
    for (const r of res.body.data.rows) expect(['error', 'duplicate']).toContain(r.result);
  });
});
