import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { toMajorString } from '@mbo/shared/money';
import { csvLine, writeCsv } from './export';
import { exportCells } from './export-cells';
import { amountFormat, moneyCell, createTimeFormatter, neutralizeFormula, type ExportColumn } from './export-values';
import { writeXlsx } from './export-xlsx';
import { readXlsxRows } from './xlsx-reader';
// The product's catalogs, as the server has them: a label reads the same whatever other file ran before.
import '../messages';

type Row = { n: number; text: string };

const columns: ExportColumn<Row>[] = [
  { header: 'No', value: (r) => r.n },
  { header: 'Text', value: (r) => r.text },
  { header: 'Empty', value: () => null },
];

async function* batchesOf<T>(rows: T[], size: number): AsyncGenerator<T[]> {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

/** A slow reader with a tiny buffer: the writer has to wait for 'drain' many times. */
function slowSink(): { stream: Writable; chunks: Buffer[]; maxBuffered: () => number } {
  const chunks: Buffer[] = [];
  let max = 0;
  const stream = new Writable({
    highWaterMark: 64,
    write(chunk: Buffer, _enc, cb) {
      chunks.push(Buffer.from(chunk));
      max = Math.max(max, stream.writableLength);
      setImmediate(cb);
    },
  });
  return { stream, chunks, maxBuffered: () => max };
}

function finished(stream: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
}

describe('formula injection', () => {
  it('prefixes text starting with = + - @ tab or CR, and leaves other text alone', () => {
    for (const s of ['=1+1', '+1+2', '-2+3', '-A1', '@SUM(A1)', '\tx', '\rx', '-1e3']) expect(neutralizeFormula(s)).toBe(`'${s}`);
    // Negative amounts stay numbers a spreadsheet can add up.
    for (const s of ['a=1', '10.50', '-12.50', '+3', '', "O'Neil"]) expect(neutralizeFormula(s)).toBe(s);
  });
});

describe('CSV', () => {
  it('quotes commas, quotes and line breaks; writes numbers as numbers and null as empty', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines', 7, null])).toBe('"a,b","say ""hi""","two\nlines",7,\r\n');
    expect(csvLine(['=cmd|"/c calc"!A1'])).toBe(`"'=cmd|""/c calc""!A1"\r\n`);
  });

  it('streams every row through a slow reader without buffering the whole file', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => ({ n: i, text: `row ${i}` }));
    const sink = slowSink();
    const done = finished(sink.stream);
    await writeCsv(sink.stream, { columns, batches: batchesOf(rows, 1_000) });
    await done;
    const text = Buffer.concat(sink.chunks).toString('utf8');
    expect(text.startsWith('\uFEFFNo,Text,Empty\r\n')).toBe(true);
    const lines = text.split('\r\n').filter((l) => l.length > 0);
    expect(lines).toHaveLength(5_001);
    expect(lines[5_000]).toBe('4999,row 4999,');
    // One batch (about 12 KB) at most waits in the buffer: the writer waited for drain between batches.
    expect(sink.maxBuffered()).toBeLessThan(20_000);
  });
});

describe('XLSX', () => {
  it('splits sheets at the row limit, repeats the header and keeps formula-like text as plain text', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ n: i, text: i === 0 ? '=SUM(A1:A2)' : `r${i}` }));
    const sink = slowSink();
    const done = finished(sink.stream);
    await writeXlsx(sink.stream, { columns, batches: batchesOf(rows, 2), maxRowsPerSheet: 3, sheetName: 'trades' });
    await done;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(sink.chunks) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['trades', 'trades 2', 'trades 3']);
    expect(wb.worksheets.map((s) => s.rowCount)).toEqual([4, 4, 2]);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(['No', 'Text', 'Empty']);
    // A string cell, shown exactly as exported: no apostrophe in the text, and no formula in the file.
    expect(wb.worksheets[0]!.getCell('B2').value).toBe('=SUM(A1:A2)');
    expect(wb.worksheets[0]!.getCell('B2').type).toBe(ExcelJS.ValueType.String);
    expect(wb.worksheets[0]!.getCell('A2').value).toBe(0);
    expect(wb.worksheets[2]!.getCell('B2').value).toBe('r6');
  });
});

describe('numbers a spreadsheet can add up', () => {
  type Sale = { minor: number; currency: string; bp: number | null; at: number; n: number; legacy: string };
  const c = exportCells('en', 'Asia/Shanghai');
  const saleColumns: ExportColumn<Sale>[] = [
    { header: 'Amount', value: (r) => c.money(r.minor, r.currency) },
    { header: 'Rate', value: (r) => c.percent(r.bp) },
    { header: 'Time', value: (r) => c.time(r.at) },
    { header: 'Count', value: (r) => c.count(r.n) },
    // A column that still returns text can ask for a number format.
    { header: 'Legacy', value: (r) => r.legacy, format: 'amount2' },
    // A code the catalog names: the cell shows its label ("Visa").
    { header: 'Scheme', value: () => c.label('cardScheme', 'VISA') },
  ];
  const sales: Sale[] = [
    { minor: 3450, currency: 'USD', bp: 7234, at: Date.UTC(2026, 4, 1, 2, 0, 0), n: 88547, legacy: '1,234.50' },
    { minor: -1205, currency: 'USD', bp: null, at: Date.UTC(2026, 4, 1, 2, 0, 0), n: 1, legacy: 'n/a' },
    { minor: 5000, currency: 'JPY', bp: 5, at: Date.UTC(2026, 4, 1, 2, 0, 0), n: 1, legacy: '-3' },
  ];

  it('writes amounts, rates, times and counts as numbers with formats in XLSX', async () => {
    const sink = slowSink();
    const done = finished(sink.stream);
    await writeXlsx(sink.stream, { columns: saleColumns, batches: batchesOf(sales, 2) });
    await done;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(sink.chunks) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getCell('A2').value).toBe(34.5);
    expect(sheet.getCell('A2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('A3').value).toBe(-12.05);
    expect(sheet.getCell('A4').value).toBe(5000);
    expect(sheet.getCell('A4').numFmt).toBe('#,##0');
    expect(sheet.getCell('B2').value).toBeCloseTo(0.7234, 10);
    expect(sheet.getCell('B2').numFmt).toBe('0.00%');
    expect(sheet.getCell('B3').value).toBeNull();
    // 10:00 in Shanghai, read back as a date (ExcelJS gives the wall clock as UTC).
    expect(sheet.getCell('C2').value).toEqual(new Date(Date.UTC(2026, 4, 1, 10, 0, 0)));
    expect(sheet.getCell('C2').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.getCell('D2').value).toBe(88547);
    expect(sheet.getCell('D2').numFmt).toBe('#,##0');
    expect(sheet.getCell('E2').value).toBe(1234.5);
    expect(sheet.getCell('E3').value).toBe('n/a');
    expect(sheet.getCell('E4').value).toBe(-3);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
  });

  it('keeps the exact texts in CSV', async () => {
    const sink = slowSink();
    const done = finished(sink.stream);
    await writeCsv(sink.stream, { columns: saleColumns, batches: batchesOf(sales, 5) });
    await done;
    const lines = Buffer.concat(sink.chunks).toString('utf8').slice(1).split('\r\n');
    expect(lines[1]).toBe('34.50,72.34%,2026-05-01 10:00:00,88547,"1,234.50",Visa');
    expect(lines[2]).toBe('-12.05,,2026-05-01 10:00:00,1,n/a,Visa');
    expect(lines[3]).toBe('5000,0.05%,2026-05-01 10:00:00,1,-3,Visa');
  });
});

/** What the time formatter must agree with: Intl's "YYYY-MM-DD HH:mm:ss" (the sv-SE form) in the zone. */
const intl = (ms: number, tz: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(ms));

describe('createTimeFormatter', () => {
  it('formats in the timezone, across a daylight-saving change, like Intl does', () => {
    for (const tz of ['Asia/Shanghai', 'Europe/London', 'America/New_York']) {
      const format = createTimeFormatter(tz);
      // Every 7 minutes and 13 seconds across the March 2026 clock changes in Europe and America.
      for (let ms = Date.UTC(2026, 2, 7); ms < Date.UTC(2026, 2, 31); ms += 433_000) expect(format(ms), `${tz} ${ms}`).toBe(intl(ms, tz));
    }
    expect(createTimeFormatter('Asia/Shanghai')(Date.UTC(2026, 4, 1, 16, 30, 5))).toBe('2026-05-02 00:30:05');
  });
});

describe('fast cell paths (the same texts and numbers as the plain helpers)', () => {
  it('an amount cell has the text of toMajorString and the number of that text, in 0, 2 and 3 decimal currencies', () => {
    const amounts = [0, 1, 5, 9, 10, 99, 100, 101, 999, 1000, 1005, 123456789, 2 ** 53 - 1, 1e21];
    for (const currency of ['USD', 'JPY', 'KWD', 'BHD', 'KRW', 'XXX'])
      for (const a of amounts)
        for (const minor of [a, -a]) {
          const cell = moneyCell(minor, currency);
          const text = toMajorString(minor, currency);
          expect(cell.text, `${currency} ${minor}`).toBe(text);
          expect(cell.value, `${currency} ${minor}`).toBe(Number(text));
          expect(cell.format).toBe(amountFormat(currency));
        }
  });

  it('times in any order and in zones with half-hour and 45-minute offsets and half-hour clock changes read like Intl', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (const tz of ['Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'Europe/London', 'UTC']) {
      const format = createTimeFormatter(tz);
      // Back and forth over 2025-2026 (both clock changes of each zone), so the per-day caches are left and found again.
      for (let i = 0; i < 3_000; i += 1) {
        const ms = Date.UTC(2025, 0, 1) + Math.floor(random() * 730 * 86_400_000);
        expect(format(ms), `${tz} ${ms}`).toBe(intl(ms, tz));
      }
      // Minute by minute around the April 2026 change of Lord Howe (UTC+11 to +10:30 at 02:00 local).
      for (let ms = Date.UTC(2026, 3, 4, 12); ms < Date.UTC(2026, 3, 4, 18); ms += 60_000)
        expect(format(ms), `${tz} ${ms}`).toBe(intl(ms, tz));
    }
    const cells = exportCells('en', 'Asia/Shanghai');
    expect(cells.time(Date.UTC(2026, 4, 1, 16, 30, 5))?.text).toBe('2026-05-02 00:30:05');
    expect(cells.time(Date.UTC(2026, 4, 1, 16, 30, 5))?.value).toBe(Date.UTC(2026, 4, 2, 0, 30, 5) / 86_400_000 + 25_569);
    expect(cells.time(null)).toBeNull();
  });

  it('CSV: a column repeating a value, or alternating quoted, formula-like and plain values, keeps each cell exact', async () => {
    const values = ['Success', 'Success', 'a,b', 'a,b', '=1+1', '=1+1', 'say "hi"', 'two\nlines', 'Success', '-12.50', '', 'Success'];
    const rows = values.map((text, n) => ({ n, text }));
    const sink = slowSink();
    const done = finished(sink.stream);
    await writeCsv(sink.stream, { columns, batches: batchesOf(rows, 5) });
    await done;
    const body = Buffer.concat(sink.chunks).toString('utf8');
    const expected = ['No,Text,Empty', ...values.map((v, n) => csvLine([n, v, null]).slice(0, -2))];
    expect(body).toBe(`\uFEFF${expected.join('\r\n')}\r\n`);
    expect(expected.slice(1, 8)).toEqual(['0,Success,', '1,Success,', '2,"a,b",', '3,"a,b",', "4,'=1+1,", "5,'=1+1,", '6,"say ""hi""",']);
    expect(expected[8]).toBe('7,"two\nlines",');
    expect(expected[10]).toBe('9,-12.50,');
  });

  it('XLSX: repeated texts, spaces at the ends, escapes and formula-like text read back with the upload reader as written', async () => {
    const texts = [
      'Success',
      'Success',
      ' lead',
      ' lead',
      'trail\u3000',
      'a < b & "c"',
      'a < b & "c"',
      '=SUM(A1)',
      'x\u0001y',
      '交易',
      '交易',
      'Success',
    ];
    const rows = texts.map((text, n) => ({ n, text }));
    const sink = slowSink();
    const done = finished(sink.stream);
    await writeXlsx(sink.stream, { columns, batches: batchesOf(rows, 4) });
    await done;
    const read = readXlsxRows(Buffer.concat(sink.chunks), 100)!;
    expect(read[0]!.cells).toEqual(['No', 'Text', 'Empty']);
    expect(read.slice(1).map((r) => r.cells)).toEqual(texts.map((t, n) => [String(n), t.replace('\u0001', '')]));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(sink.chunks) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getCell('B4').value).toBe(' lead');
    expect(sheet.getCell('B6').value).toBe('trail\u3000');
    expect(sheet.getCell('B9').value).toBe('=SUM(A1)');
    expect(sheet.getCell('B9').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getCell('A13').value).toBe(11);
  });
});
