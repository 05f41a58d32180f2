import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnName, XlsxStreamWriter } from './xlsx-writer';

async function build(rows: (string | number | null)[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => out.on('end', r));
  const book = new XlsxStreamWriter(out, () => new Promise((r) => out.once('drain', r)));
  await book.addSheet('交易 / 2026', 4);
  for (const r of rows) await book.addRow(r);
  await book.finish();
  await ended;
  return Buffer.concat(chunks);
}

describe('streaming XLSX writer', () => {
  it('names columns like a spreadsheet does', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('writes a workbook a spreadsheet reader opens, with text escaped, Chinese intact, numbers as numbers and gaps kept', async () => {
    const file = await build([
      ['金额', 'Note', 'Empty', 'Tail'],
      [12.5, 'a < b & "c"', null, 'last'],
      [-3, '  spaced  ', '', 'x\u0001y'],
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe('交易   2026');
    expect(sheet.getCell('A1').value).toBe('金额');
    expect(sheet.getCell('A2').value).toBe(12.5);
    expect(sheet.getCell('B2').value).toBe('a < b & "c"');
    expect(sheet.getCell('C2').value).toBeNull();
    expect(sheet.getCell('D2').value).toBe('last');
    expect(sheet.getCell('A3').value).toBe(-3);
    expect(sheet.getCell('B3').value).toBe('  spaced  ');
    // A control character XML cannot carry is dropped rather than breaking the file.
    expect(sheet.getCell('D3').value).toBe('xy');
  });

  it('writes text that looks like a formula as a string cell, never as a formula', async () => {
    const dangerous = ['=1+1', '+1+2', '-2+3', '@SUM(A1)', '=cmd|"/c calc"!A1', '=HYPERLINK("http://x.example","y")'];
    const file = await build([dangerous]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    const row = wb.worksheets[0]!.getRow(1);
    dangerous.forEach((text, i) => {
      expect(row.getCell(i + 1).value).toBe(text);
      expect(row.getCell(i + 1).type).toBe(ExcelJS.ValueType.String);
    });
  });
});
