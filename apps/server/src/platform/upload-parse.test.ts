import { describe, expect, it } from 'vitest';
import { zipOf } from '../../test/zip';
import { parseCsv, parseLines } from './csv-reader';
import { AppError } from './errors';
import { parseUpload, uploadsBeingRead } from './upload-parse';
import { readXlsxRows, XLSX_MAX_ENTRY_BYTES } from './xlsx-reader';

const SHEET =
  '<sheetData><row r="1"><c t="inlineStr"><is><t>tradeNo</t></is></c></row><row r="2"><c t="s"><v>0</v></c><c><v>12</v></c></row></sheetData>';
const xlsx = zipOf([
  { name: 'xl/worksheets/sheet1.xml', data: SHEET },
  { name: 'xl/sharedStrings.xml', data: '<sst><si><t>T0001</t></si></sst>' },
]);
/** A sheet at the inflated size limit, of rows never closed: the thread is still reading it well after a millisecond. */
const slowXlsx = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: '<sheetData>' + '<row>'.repeat((XLSX_MAX_ENTRY_BYTES - 64) / 5) }]);

describe('reading an upload in a thread of its own', () => {
  it('gives the records the readers give on the API thread, at most one more than the caller uses', async () => {
    expect(await parseUpload({ parse: 'xlsx', content: xlsx, maxRows: 10 })).toEqual(readXlsxRows(xlsx, 10));
    expect(await parseUpload({ parse: 'xlsx', content: xlsx, maxRows: 10 })).toEqual([
      { line: 1, cells: ['tradeNo'] },
      { line: 2, cells: ['T0001', '12'] },
    ]);
    const csv = '\uFEFFa,"b ""c"""\r\n\r\nd\n"e\nf",g\n';
    expect(await parseUpload({ parse: 'csv', content: Buffer.from(csv), maxRows: 10 })).toEqual(parseCsv(csv.slice(1)));
    expect(await parseUpload({ parse: 'csv', content: csv, maxRows: 10 })).toEqual(parseCsv(csv.slice(1)));
    expect(await parseUpload({ parse: 'lines', content: Buffer.from(' x \n\ny'), maxRows: 10 })).toEqual(parseLines(' x \n\ny'));
    const many = Buffer.from('a\n'.repeat(50));
    expect(await parseUpload({ parse: 'csv', content: many, maxRows: 9 })).toHaveLength(10);
    expect(await parseUpload({ parse: 'xlsx', content: Buffer.from('not a zip'), maxRows: 10 })).toBeNull();
    expect(await parseUpload({ parse: 'csv', content: Buffer.from([0x61, 0, 0x62]), maxRows: 10 })).toBeNull();
    expect(uploadsBeingRead()).toBe(0);
  });

  it('stops a read that outlasts its budget and refuses the file as unreadable, leaving no thread reading', async () => {
    const error = await parseUpload({ parse: 'xlsx', content: slowXlsx, maxRows: 1001 }, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).key).toBe('file.unreadable');
    expect(uploadsBeingRead()).toBe(0);
    // The same file with the budget an upload gets is read to its end (a sheet without rows).
    expect(await parseUpload({ parse: 'xlsx', content: slowXlsx, maxRows: 1001 })).toEqual([]);
  });

  it('reads several uploads that come at once, each to its own answer', async () => {
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((v) => parseUpload({ parse: 'csv', content: Buffer.from(`${v},1\n`), maxRows: 10 })),
    );
    expect(answers.map((records) => records?.[0]?.cells[0])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(uploadsBeingRead()).toBe(0);
  });
});
