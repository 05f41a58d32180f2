import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { crc32, inflateRawSync } from 'node:zlib';
import { checkZip } from '../../test/zip';
import { columnName, SheetRowXml, XLSX_STYLE } from './xlsx-rows';
import { XlsxStreamWriter } from './xlsx-writer';
import { crc32Combine, deflateSegment } from './zip-stream';

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

function collect(out: PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  return new Promise((r) => out.on('end', () => r(Buffer.concat(chunks))));
}

describe('sheets from deflated segments (the export pool)', () => {
  it('combines CRCs as a CRC of the whole would read', () => {
    const parts = ['', 'a', '<row r="2"><c r="A2"><v>1</v></c></row>', '金额'.repeat(1000), 'x'.repeat(70_001)].map((t) => Buffer.from(t));
    let combined = 0;
    for (const p of parts) combined = crc32Combine(combined, crc32(p), p.length);
    expect(combined).toBe(crc32(Buffer.concat(parts)));
    expect(crc32Combine(crc32(parts[3]!), crc32(parts[4]!), parts[4]!.length)).toBe(crc32(Buffer.concat([parts[3]!, parts[4]!])));
  });

  it('segments deflated apart join into one stream', () => {
    const texts = ['<a>', 'b'.repeat(100_000), '中文 & more', ''];
    const joined = Buffer.concat([...texts.map((t) => deflateSegment(t)[0]), Buffer.from([0x03, 0x00])]);
    expect(inflateRawSync(joined).toString('utf8')).toBe(texts.join(''));
  });

  it('a workbook whose sheets come as segments reads back as the same workbook written row by row', async () => {
    const headers = ['金额', 'Note', 'Count'];
    const rows = Array.from({ length: 250 }, (_, i) => [i * 1.5, i % 7 === 0 ? '' : `note <${i}> & "q"`, i]);
    // Row by row, two sheets of 200 and 50 rows.
    const a = new PassThrough();
    const aFile = collect(a);
    const byRow = new XlsxStreamWriter(a, () => new Promise((r) => a.once('drain', r)));
    for (const [sheet, part] of [rows.slice(0, 200), rows.slice(200)].entries()) {
      await byRow.addSheet(`S${sheet + 1}`, 3, [10, 10, 10]);
      await byRow.addRow(headers, { header: true });
      for (const r of part) await byRow.addRow(r);
    }
    await byRow.finish();
    // The same rows as segments of 30 rows, numbered per sheet.
    const b = new PassThrough();
    const bFile = collect(b);
    const bySegment = new XlsxStreamWriter(b, () => new Promise((r) => b.once('drain', r)));
    const xml = new SheetRowXml(3);
    for (const [sheet, part] of [rows.slice(0, 200), rows.slice(200)].entries()) {
      await bySegment.addDeflatedSheet(`S${sheet + 1}`, headers, [10, 10, 10]);
      for (let i = 0; i < part.length; i += 30) {
        let text = '';
        part.slice(i, i + 30).forEach((r, j) => {
          xml.begin(i + j + 2);
          xml.numberCell(0, r[0] as number, 0);
          xml.textCell(1, r[1] as string);
          xml.numberCell(2, r[2] as number, 0);
          text += xml.end();
        });
        await bySegment.appendDeflated(...deflateSegment(text));
      }
    }
    await bySegment.finish();
    const read = async (file: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file as unknown as ArrayBuffer);
      return wb.worksheets.map((ws) => ({ name: ws.name, rows: ws.getSheetValues().map((r) => (Array.isArray(r) ? r.slice(1) : r)) }));
    };
    expect(checkZip(await bFile)).toContain('xl/worksheets/sheet2.xml');
    checkZip(await aFile);
    const [x, y] = [await read(await aFile), await read(await bFile)];
    expect(y).toEqual(x);
    expect(y.map((s) => s.rows.filter(Boolean).length)).toEqual([201, 51]);
  });
});

describe('streaming XLSX writer', () => {
  it('names columns like a spreadsheet does', () => {
    expect([0, 25, 26, 51, 52, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('gives a cell its reference only where its column does not follow the last cell of its row', () => {
    const row = new SheetRowXml(5);
    row.begin(7);
    row.textCell(0, 'a');
    row.numberCell(1, 5, XLSX_STYLE.plain);
    row.numberCell(2, Number.NaN, XLSX_STYLE.amount2);
    row.textCell(3, 'b');
    row.numberCell(4, 1.5, XLSX_STYLE.amount2);
    expect(row.end()).toBe(
      '<row r="7"><c r="A7" t="inlineStr"><is><t>a</t></is></c><c><v>5</v></c>' +
        '<c r="D7" t="inlineStr"><is><t>b</t></is></c><c s="4"><v>1.5</v></c></row>',
    );
    row.begin(8);
    row.textCell(1, '');
    row.textCell(2, 'c');
    expect(row.end()).toBe('<row r="8"><c r="C8" t="inlineStr"><is><t>c</t></is></c></row>');
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
