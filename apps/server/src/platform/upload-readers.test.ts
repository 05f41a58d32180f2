import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zipOf } from '../../test/zip';
import { parseCsv, type CsvRecord } from './csv-reader';
import { UPLOAD_PARSE_BUDGET_MS } from './upload-parse';
import { readXlsxRows, XLSX_MAX_ENTRY_BYTES } from './xlsx-reader';

/*
 * The readers of uploaded batch files (XLSX and CSV) against hostile input: they read what they read
 * before, take time in proportion to the input (a file of 8 times the size takes at most about 8
 * times as long, where the regular expressions they used took 64 times: a 2.4 KB XLSX of unclosed
 * tags held the server for 52 s), never throw, and read an input at the size limit within the time an
 * upload is given (UPLOAD_PARSE_BUDGET_MS).
 */

// ---- The readers as they were, to compare with: regular expressions, a character at a time ----

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function referenceUnescape(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name] ?? whole;
  });
}
function referenceRuns(xml: string): string {
  let out = '';
  for (const m of xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)) out += referenceUnescape(m[1] ?? '');
  return out;
}
function referenceColumn(ref: string): number {
  let n = 0;
  for (const ch of /^[A-Z]+/.exec(ref)?.[0] ?? '') n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}
function referenceSheetRows(sheet: string, sharedXml: string, maxRows: number): CsvRecord[] {
  const shared = [...sharedXml.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => referenceRuns(m[1] ?? ''));
  const records: CsvRecord[] = [];
  let rowNo = 0;
  for (const rm of sheet.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const r = /\br="(\d+)"/.exec(rm[1] ?? '');
    rowNo = r ? Number(r[1]) : rowNo + 1;
    const cells: string[] = [];
    let next = 0;
    for (const cm of (rm[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cm[1] ?? '';
      const ref = /\br="([A-Z]+\d+)"/.exec(attrs)?.[1];
      const col = ref ? referenceColumn(ref) : next;
      if (col < 0 || col > 50) continue;
      const type = /\bt="(\w+)"/.exec(attrs)?.[1] ?? 'n';
      const body = cm[2] ?? '';
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let text = '';
      if (type === 's') text = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') text = referenceRuns(body);
      else text = v === undefined ? '' : referenceUnescape(v);
      while (cells.length < col) cells.push('');
      cells[col] = text;
      next = col + 1;
    }
    if (cells.some((c) => c.trim() !== '')) records.push({ line: rowNo, cells });
    if (records.length > maxRows) break;
  }
  return records;
}

function referenceCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c !== '')) records.push({ line: startLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line += 1;
        cell += ch;
      }
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      line += 1;
      startLine = line;
    } else cell += ch;
  }
  if (quoted) {
    cells.push(cell);
    records.push({ line: startLine, cells, unterminated: true });
  } else if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

// ---- Inputs ----

const SHEET = 'xl/worksheets/sheet1.xml';
const SHARED = 'xl/sharedStrings.xml';
const xlsx = (sheet: string, shared?: string) =>
  zipOf([{ name: SHEET, data: sheet }, ...(shared === undefined ? [] : [{ name: SHARED, data: shared }])]);

/** Pieces of sheet XML, well and badly formed, that the readers' matching rules turn on. */
const XML_TOKENS = [
  '<row>',
  '<row r="3">',
  '<row r="x"',
  '<row/>',
  '<row r="7"/>',
  '</row>',
  '<rowBreaks>',
  '<row-x>',
  '<row',
  '<c>',
  '<c r="B2">',
  '<c r="AZ9">',
  '<c r="ZZZZ1">',
  '<c t="s">',
  '<c r="C1" t="s">',
  '<c t="inlineStr">',
  '<c t="str">',
  '<c/>',
  '<c r="A1"/>',
  '</c>',
  '<col>',
  '<c',
  '<v>',
  '</v>',
  '<is>',
  '</is>',
  '<t>',
  '<t xml:space="preserve">',
  '<t\n>',
  '<t',
  '</t>',
  '<tx>',
  '<si>',
  '</si>',
  '<si',
  '0',
  '1',
  '2',
  '-0',
  '1.5',
  ' 1',
  'a',
  'Z',
  ' ',
  '\n',
  '\u3000',
  '交易',
  '>',
  '/>',
  '/',
  '<',
  '"',
  'r="',
  't="',
  '&amp;',
  '&lt;',
  '&#65;',
  '&#x1F600;',
  '&#x110000;',
  '&bogus;',
  '&',
  ';',
];
const xmlArb = fc.array(fc.constantFrom(...XML_TOKENS), { maxLength: 60 }).map((t) => t.join(''));
const csvArb = fc
  .array(fc.constantFrom('a', 'b', ' ', '"', '""', ',', '\r', '\n', '\r\n', 'é', '😀'), { maxLength: 60 })
  .map((t) => t.join(''));

function elapsedMs(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

/** Repeats `unit` between `head` and `tail` to about `chars` characters. */
function filled(head: string, unit: string, tail: string, chars: number): string {
  return head + unit.repeat(Math.max(1, Math.floor((chars - head.length - tail.length) / unit.length))) + tail;
}

/**
 * Inputs whose reading is a scan (where the quadratic searches were): their records do not grow with
 * them. Those whose records do (a CSV of many short lines, a field of many quoted words) spend their
 * time making objects, and a larger set of them outlives the young generation and costs some times
 * more each: they are held to the upload's budget at the size limit instead.
 */
type Family = { name: string; read: (chars: number) => () => unknown };
const sheetOf =
  (head: string, unit: string, tail = '') =>
  (chars: number) => {
    const file = xlsx(filled(head, unit, tail, chars), '<sst><si><t>x</t></si></sst>');
    return () => readXlsxRows(file, 1001);
  };
const sharedOf =
  (head: string, unit: string, tail = '') =>
  (chars: number) => {
    const file = xlsx(
      '<sheetData><row><c t="s"><v>0</v></c><c t="s"><v>99999999</v></c></row></sheetData>',
      filled(head, unit, tail, chars),
    );
    return () => readXlsxRows(file, 1001);
  };
const csvOf = (head: string, unit: string) => (chars: number) => {
  const text = filled(head, unit, '', chars);
  return () => parseCsv(text);
};
const FAMILIES: Family[] = [
  { name: 'XLSX: rows never closed', read: sheetOf('<sheetData>', '<row>') },
  { name: 'XLSX: row tags never ended', read: sheetOf('<sheetData>', '<row') },
  { name: 'XLSX: rows closed only at the end', read: sheetOf('<sheetData>', '<row r="1">', '</row>') },
  { name: 'XLSX: empty rows by the million', read: sheetOf('<sheetData>', '<row/>') },
  { name: 'XLSX: cells never closed', read: sheetOf('<sheetData><row>', '<c>', '</row>') },
  { name: 'XLSX: cell tags never ended', read: sheetOf('<sheetData><row>', '<c', '</row>') },
  { name: 'XLSX: empty cells by the million', read: sheetOf('<sheetData><row>', '<c/>', '</row>') },
  { name: 'XLSX: values never closed', read: sheetOf('<sheetData><row><c>', '<v>', '</c></row>') },
  { name: 'XLSX: inline runs never closed', read: sheetOf('<sheetData><row><c t="inlineStr"><is>', '<t>', '</is></c></row>') },
  { name: 'XLSX: a huge row number', read: sheetOf('<sheetData><row r="', '1', '"><c><v>1</v></c></row>') },
  { name: 'XLSX: a huge cell reference', read: sheetOf('<sheetData><row><c r="', 'A', '1"><v>1</v></c></row>') },
  { name: 'XLSX: a huge attribute never ended', read: sheetOf('<sheetData><row><c t="', 's', '') },
  { name: 'XLSX: ampersands without entities', read: sheetOf('<sheetData><row><c><v>', '&a', '</v></c></row>') },
  { name: 'XLSX: a shared string cell repeated', read: sheetOf('<sheetData><row>', '<c t="s"><v>0</v></c>', '</row>') },
  { name: 'XLSX: shared strings never closed', read: sharedOf('<sst>', '<si>') },
  { name: 'XLSX: shared strings by the million', read: sharedOf('<sst>', '<si><t>a</t></si>') },
  { name: 'XLSX: shared runs never closed', read: sharedOf('<sst><si>', '<t>', '</si>') },
  { name: 'CSV: a quote never closed', read: csvOf('"', 'ab,\n') },
  { name: 'CSV: doubled quotes', read: csvOf('"', '""') },
  { name: 'CSV: quotes only', read: csvOf('', '"') },
  { name: 'CSV: one huge field', read: csvOf('', 'a') },
  { name: 'CSV: commas only', read: csvOf('', ',') },
];

describe('upload readers', () => {
  it('XLSX: read every sheet as the regular expressions read it, well formed or not', () => {
    fc.assert(
      fc.property(xmlArb, fc.option(xmlArb, { nil: undefined }), fc.integer({ min: 0, max: 4 }), (sheet, shared, maxRows) => {
        expect(readXlsxRows(xlsx(sheet, shared), maxRows)).toEqual(referenceSheetRows(sheet, shared ?? '', maxRows));
      }),
      { numRuns: 2000, seed: 52 },
    );
  });

  it('CSV: reads every text as the character-at-a-time reader read it', () => {
    fc.assert(
      fc.property(csvArb, (text) => {
        expect(parseCsv(text)).toEqual(referenceCsv(text));
      }),
      { numRuns: 2000, seed: 52 },
    );
  });

  it.each(FAMILIES.map((f) => [f.name, f] as const))('%s: 8 times the input takes about 8 times as long, not 64', (_name, family) => {
    // 1x is 32 KB of text (the regular expressions took a second on some), 8x is 256 KB: a linear
    // reader stays well under 32 times, the floor absorbing the timer and a busy machine. The 8x
    // input is read again (up to four times, the fastest counting) only while it looks too slow,
    // and not when it is far too slow.
    const once = family.read(32 * 1024);
    const eight = family.read(8 * 32 * 1024);
    let t1 = Infinity;
    for (let turn = 0; turn < 4; turn += 1) t1 = Math.min(t1, elapsedMs(once));
    const limit = 32 * t1 + 50;
    let t8 = Infinity;
    for (let turn = 0; turn < 4; turn += 1) {
      t8 = Math.min(t8, elapsedMs(eight));
      if (t8 < limit || t8 > 8 * limit) break;
    }
    expect(t8, `1x ${t1.toFixed(1)} ms, 8x ${t8.toFixed(1)} ms`).toBeLessThan(limit);
  });

  it('reads every hostile input at the size limit within the time an upload is given', () => {
    // XLSX: an entry just under the inflated size the reader accepts (a 2 MB upload holds far more
    // compressed); CSV: an upload's 2 MB. The families that cost the most per byte.
    const atLimit: [string, () => unknown][] = [
      ['empty rows', sheetOf('<sheetData>', '<row/>')(XLSX_MAX_ENTRY_BYTES - 64)],
      ['empty cells', sheetOf('<sheetData><row>', '<c/>', '</row>')(XLSX_MAX_ENTRY_BYTES - 64)],
      ['rows never closed', sheetOf('<sheetData>', '<row>')(XLSX_MAX_ENTRY_BYTES - 64)],
      ['shared strings', sharedOf('<sst>', '<si><t>a</t></si>')(XLSX_MAX_ENTRY_BYTES - 64)],
      ['CSV doubled quotes', csvOf('"', '""')(2 * 1024 * 1024)],
      ['CSV short lines', csvOf('', 'a,b\n')(2 * 1024 * 1024)],
      ['CSV quotes inside fields', csvOf('', 'a"b,')(2 * 1024 * 1024)],
      ['CSV quoted fields', csvOf('', '"a",')(2 * 1024 * 1024)],
    ];
    for (const [name, run] of atLimit) expect(elapsedMs(run), name).toBeLessThan(UPLOAD_PARSE_BUDGET_MS);
  }, 120_000);

  it('XLSX: an entry that inflates past the limit (a ZIP bomb) is not a readable file, and is refused quickly', () => {
    const bomb = xlsx('<sheetData>' + ' '.repeat(XLSX_MAX_ENTRY_BYTES) + '</sheetData>');
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(readXlsxRows(bomb, 1001)).toBeNull();
    const sharedBomb = xlsx(
      '<sheetData><row><c><v>1</v></c></row></sheetData>',
      '<sst>' + '<si>'.repeat(XLSX_MAX_ENTRY_BYTES / 4) + '</sst>',
    );
    expect(readXlsxRows(sharedBomb, 1001)).toBeNull();
    const stored = zipOf([{ name: SHEET, data: Buffer.alloc(XLSX_MAX_ENTRY_BYTES + 1, 0x20), stored: true }]);
    expect(readXlsxRows(stored, 1001)).toBeNull();
  });

  it('XLSX: truncated, corrupted or random bytes read as no file or as rows, never an exception', () => {
    const good = xlsx(
      '<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>b</t></is></c></row></sheetData>',
      '<sst><si><t>a</t></si></sst>',
    );
    expect(readXlsxRows(good, 10)).toEqual([{ line: 1, cells: ['a', 'b'] }]);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.nat(good.length).map((n) => good.subarray(0, n)),
          fc.tuple(fc.nat(good.length - 1), fc.integer({ min: 0, max: 255 })).map(([at, byte]) => {
            const copy = Buffer.from(good);
            copy[at] = byte;
            return copy;
          }),
          fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from(b)])),
          fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b)),
        ),
        (bytes) => {
          const rows = readXlsxRows(bytes, 10);
          expect(rows === null || Array.isArray(rows)).toBe(true);
        },
      ),
      { numRuns: 3000, seed: 52 },
    );
    expect(readXlsxRows(randomBytes(2 * 1024 * 1024), 1001)).toBeNull();
  });

  it('CSV: random text, unbalanced quotes and huge fields read without an exception', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 500 }), (text) => {
        expect(Array.isArray(parseCsv(text))).toBe(true);
      }),
      { numRuns: 2000, seed: 52 },
    );
    const huge = 'x'.repeat(2 * 1024 * 1024);
    expect(parseCsv(`"${huge}`)).toEqual([{ line: 1, cells: [huge], unterminated: true }]);
    expect(parseCsv(`${huge},"a""b"\r\n`)).toEqual([{ line: 1, cells: [huge, 'a"b'] }]);
  });
});
