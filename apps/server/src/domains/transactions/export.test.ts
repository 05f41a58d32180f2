import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@mbo/shared/envelope';
import { createAdmin, createGateway, createMerchant } from '../../../test/factories';
import { signIn, testAppForFile } from '../../../test/helpers';
import { createTransaction } from '../../../test/trade-factories';
import { at, csvRows, exportFile, list, worldForFile } from '../../../test/transaction-world';

const t = testAppForFile();
const w = worldForFile(t);

describe('transaction export', () => {
  it('CSV: BOM, headers in the caller language, masked card, major amounts, formula cells neutralised, dated file name', async () => {
    const res = await exportFile(t, w.token, 'formal', { format: 'csv' }, { lang: 'en_US' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''transactions_2026-03-01_2026-03-31.csv");
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = csvRows(res.body);
    expect(rows[0]).toContain('Transaction order number');
    expect(rows[0]).toContain('Amount');
    const plain = rows.find((r) => r.includes(w.tx.plain!.tradeNo))!;
    expect(plain).toContain('411111******1111');
    expect(plain).toContain('10.50');
    expect(plain).toContain('Success');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const cn = await exportFile(t, w.token, 'formal', { format: 'csv' }, { lang: 'zh_CN' });
    expect(csvRows(cn.body)[0]).toContain('交易订单号');
  });

  it('by processing time, every listed row once, a cell to quote too', async () => {
    // The walk's next batch starts after the last row's processing time.
    for (const format of ['csv', 'xlsx']) {
      const listed = await list(t, w.token, 'formal', { timeType: 'process', limit: '50' });
      const res = await exportFile(t, w.token, 'formal', { format, timeType: 'process' }, { lang: 'en_US' });
      expect(res.statusCode, format).toBe(200);
      if (format === 'xlsx') continue;
      const rows = csvRows(res.body).slice(1);
      expect(rows.map((r) => r[1]).sort()).toEqual(listed.body.data.list.map((r) => r.tradeNo).sort());
      expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    }
  });

  it('the export row count equals the list total for the same filters', async () => {
    for (const filters of [{}, { payStatus: '1' }, { chargebackStatus: '0' }, { amountMin: '10' }]) {
      const listed = await list(t, w.token, 'formal', filters as Record<string, string>);
      const file = await exportFile(t, w.token, 'formal', { format: 'csv', ...filters });
      expect(csvRows(file.body).length - 1, JSON.stringify(filters)).toBe(listed.body.data.total);
    }
  });

  it('keeps every row across several keyset batches', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m);
    const token = await signIn(t.app, await createAdmin(t.db, m));
    // Same second for many rows: the id breaks ties so no row is skipped or repeated between batches.
    for (let i = 0; i < 2_050; i += 1) await createTransaction(t.db, m, g, { created_at: at(20) + (i % 3) * 1000 });
    const listed = await list(t, token, 'formal');
    expect(listed.body.data.total).toBe(2_050);
    const file = await exportFile(t, token, 'formal', { format: 'csv' });
    const rows = csvRows(file.body).slice(1);
    expect(rows).toHaveLength(2_050);
    expect(new Set(rows.map((r) => r[1])).size).toBe(2_050);
  });

  it('each row shows its own gateway response in the caller language, however often a text repeats', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m);
    const token = await signIn(t.app, await createAdmin(t.db, m));
    // Stored text, then the cell in Chinese and in English; interleaved, so a text made once and given
    // again must still be the one of its own row.
    const cases = [
      ['51 Insufficient funds', '51 余额不足', '51 Insufficient funds'],
      ['00 Approved', '00 交易成功', '00 Approved'],
      ['Gateway said no', 'Gateway said no', 'Gateway said no'],
      ['51 Insufficient funds', '51 余额不足', '51 Insufficient funds'],
      ['05  Do not honour', '05 发卡行拒绝交易', '05 Do not honour'],
      ['00 Approved', '00 交易成功', '00 Approved'],
    ] as const;
    for (const [i, [stored]] of cases.entries())
      await createTransaction(t.db, m, g, { created_at: at(10) + i * 1000, trade_no: `GWTEXT${i}`, return_message: stored });
    const cells = async (lang: string) => {
      const rows = csvRows((await exportFile(t, token, 'formal', { format: 'csv' }, { lang })).body);
      const col = rows[0]!.indexOf(lang === 'en_US' ? 'Response message' : '返回信息');
      return cases.map((_, i) => rows.find((r) => r.includes(`GWTEXT${i}`))?.[col]);
    };
    expect(await cells('zh_CN')).toEqual(cases.map((c) => c[1]));
    expect(await cells('en_US')).toEqual(cases.map((c) => c[2]));
  });

  it('XLSX is a workbook that reads back with the same rows', async () => {
    const res = await exportFile(t, w.token, 'riskDeclined', { format: 'xlsx' }, { lang: 'en_US' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('risk-declined_2026-03-01_2026-03-31.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Failed risk rules');
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row).toContain(w.tx.declined!.tradeNo);
    // Rule codes the catalog does not name stay codes; amounts are numbers a spreadsheet adds up.
    expect(row).toContain('R101, R205');
    expect(row.some((cell) => typeof cell === 'number')).toBe(true);
  });

  it('an unknown format or a bad range is refused as JSON before any file starts', async () => {
    const bad = await exportFile(t, w.token, 'formal', { format: 'pdf' }, { lang: 'en_US' });
    expect(bad.json<{ code: number; msg: string }>()).toMatchObject({ code: ErrorCode.validation });
    const long = await exportFile(t, w.token, 'formal', { format: 'csv', from: '2026-01-01', to: '2026-12-01' }, { lang: 'en_US' });
    expect(long.json<{ msg: string }>().msg).toContain('6 months');
  });
});
