import { constants, crc32, createDeflateRaw, deflateRawSync, type DeflateRaw, type ZlibOptions } from 'node:zlib';
import type { TransformOptions, Writable } from 'node:stream';

/**
 * A minimal streaming XLSX (Office Open XML spreadsheet) writer: inline strings and numbers with a
 * fixed set of number formats (XLSX_STYLE), no shared strings, so memory stays flat and a million
 * rows go out as fast as deflate runs.
 * A general library builds a cell object per cell and costs several times more per row.
 *
 * The file is a ZIP archive written front to back: each entry is a local header with a "data
 * descriptor" flag (sizes and CRC follow the data, so nothing is buffered), then the central
 * directory. Sheets hold at most 1,048,576 rows; callers split before that, so no entry comes near
 * the 4 GiB ZIP limit (checked anyway).
 */

/**
 * The fixed cell styles of every workbook (xl/styles.xml below): a number keeps its full value and
 * the style only decides how it reads, so a spreadsheet adds up amounts and averages rates.
 */
export const XLSX_STYLE = {
  plain: 0,
  header: 1,
  integer: 2, // #,##0
  amount0: 3, // #,##0 (currencies without minor units)
  amount2: 4, // #,##0.00
  amount3: 5, // #,##0.000
  percent: 6, // 0.00%
  dateTime: 7, // yyyy-mm-dd hh:mm:ss
  date: 8, // yyyy-mm-dd
} as const;
export type XlsxStyle = (typeof XLSX_STYLE)[keyof typeof XLSX_STYLE];

/** A number shown with one of the styles above (dates are serial day numbers). */
export type XlsxStyledNumber = { readonly v: number; readonly s: XlsxStyle };
export type XlsxCell = string | number | null | XlsxStyledNumber;

const STYLES_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<numFmts count="3"><numFmt numFmtId="164" formatCode="#,##0.000"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/>' +
  '<numFmt numFmtId="166" formatCode="yyyy-mm-dd"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="9">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  [3, 3, 4, 164, 10, 165, 166]
    .map((id) => `<xf numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`)
    .join('') +
  '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

type Entry = { name: Buffer; offset: number; crc: number; compressed: number; size: number };
/** An entry being written: text goes into `deflate`; its output waits in `chunks` until forwarded in order. */
type OpenEntry = {
  deflate: DeflateRaw;
  entry: Entry;
  chunks: Buffer[];
  crc: number;
  size: number;
  pending: string;
  row: number;
  done: Promise<void>;
};

const ZIP_LIMIT = 0xffffffff;
/** XML characters per deflated chunk (about a thousand rows of 25 columns). */
const CHUNK_CHARS = 1 << 18;

function dosDateTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// Characters XML 1.0 does not allow at all (control characters other than tab, LF, CR).
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(INVALID_XML, '').replace(/[&<>"]/g, (c) => XML_ESCAPES[c] ?? c);
}

/** Column letters of a 0-based index: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** `xml:space="preserve"` when the text starts or ends with what trim() removes (checked on both ends, trimmed only when unsure). */
function spaceAttr(text: string): string {
  const a = text.charCodeAt(0);
  const b = text.charCodeAt(text.length - 1);
  if (a > 32 && a < 127 && b > 32 && b < 127) return '';
  return text.trim().length !== text.length ? ' xml:space="preserve"' : '';
}

/** What follows a number cell's reference: its style (none for plain) and the value's opening tag. */
export const NUMBER_TAIL = Object.values(XLSX_STYLE).map((s) => (s === XLSX_STYLE.plain ? '><v>' : ` s="${s}"><v>`));
const TEXT_TAIL = ' t="inlineStr"><is><t';

/** What follows a text cell's opening (`<c` or `<c r="B7"`): the inline string and the cell's end. */
export function textCellTail(text: string): string {
  const escaped = escapeXml(text);
  return TEXT_TAIL + spaceAttr(escaped) + '>' + escaped + '</t></is></c>';
}

/** Text that goes into a cell as it is: nothing to escape or drop, no space to keep at either end, no control character. */
export function xmlSafeText(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return !/[&<>"\u0000-\u001f\ufffe\uffff]/.test(text) && text.trim() === text;
}

const DAY_MS = 86_400_000;
/** Spreadsheet serial day number of 1970-01-01 (the 1900 date system). */
export const EPOCH_SERIAL = 25_569;
/** Serials of 1970-01-01 up to year 9999: written as exact decimals. */
const LAST_SERIAL = 2_958_465;

/**
 * The text of a date-time cell's serial (days since 1899-12-30, the time of day as their fraction):
 * the day, then the fraction of the millisecond's time of day rounded to 10 decimals (half up), all
 * ten written ("46000.5000000000"). Exact integer arithmetic, so SQLite writes the same text
 * (ExportCells.timeXlsx); `String(serial)` gave up to 17 digits SQLite cannot reproduce. Ten decimals
 * are 8.64 µs: a spreadsheet reads back the same millisecond. Before 1970 (not an export's time) the
 * number as JavaScript writes it.
 */
export function serialText(serial: number): string {
  if (!(serial >= EPOCH_SERIAL && serial < LAST_SERIAL)) return String(serial);
  const ms = Math.round((serial - EPOCH_SERIAL) * DAY_MS);
  const days = Math.floor(ms / DAY_MS);
  // (ms of the day) x 10^10 / DAY_MS = (ms of the day) x 10^5 / 864: exact in a double (below 2^53).
  const fraction = Math.floor(((ms - days * DAY_MS) * 100_000 + 432) / 864);
  return String(days + EPOCH_SERIAL) + '.' + String(fraction).padStart(10, '0');
}
const HEADER_TEXT_TAIL = ` s="${XLSX_STYLE.header}" t="inlineStr"><is><t`;

/** The start of a worksheet up to its rows; with widths, the first row stays in view when scrolling. */
function sheetStartXml(widths?: readonly number[]): string {
  const view = widths
    ? '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
      `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.min(80, Math.max(6, w))}" customWidth="1"/>`).join('')}</cols>`
    : '';
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${view}<sheetData>`
  );
}

const SHEET_END_XML = '</sheetData></worksheet>';

/** The last block of a deflate stream whose segments each ended with a sync flush: final, fixed codes, no data. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * Text as one deflate segment that ends with a sync flush (byte-aligned, not final), so that segments
 * deflated apart, in any thread, join into one stream; with its CRC and length.
 */
export function deflateSegment(text: string | Buffer): [data: Buffer, crc: number, size: number] {
  const buf = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return [deflateRawSync(buf, { level: 1, finishFlush: constants.Z_SYNC_FLUSH }), crc32(buf), buf.length];
}

/** zlib's crc32_combine: the CRC of a + b from the CRCs of a and b and the length of b (GF(2) matrix powers). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (lengthB <= 0) return crcA >>> 0;
  const times = (mat: Uint32Array, vec: number): number => {
    let sum = 0;
    for (let i = 0; vec !== 0; i += 1, vec >>>= 1) if (vec & 1) sum ^= mat[i]!;
    return sum >>> 0;
  };
  const square = (out: Uint32Array, mat: Uint32Array) => {
    for (let n = 0; n < 32; n += 1) out[n] = times(mat, mat[n]!);
  };
  const even = new Uint32Array(32);
  const odd = new Uint32Array(32);
  odd[0] = 0xedb88320;
  for (let n = 1, row = 1; n < 32; n += 1, row <<= 1) odd[n] = row;
  square(even, odd); // two zero bits
  square(odd, even); // four zero bits
  let crc = crcA >>> 0;
  let len = lengthB;
  for (;;) {
    square(even, odd);
    if (len % 2 === 1) crc = times(even, crc);
    len = Math.floor(len / 2);
    if (len === 0) break;
    square(odd, even);
    if (len % 2 === 1) crc = times(odd, crc);
    len = Math.floor(len / 2);
    if (len === 0) break;
  }
  return (crc ^ crcB) >>> 0;
}

function dataDescriptor(entry: Entry): Buffer {
  const d = Buffer.alloc(16);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(entry.crc >>> 0, 4);
  d.writeUInt32LE(entry.compressed, 8);
  d.writeUInt32LE(entry.size, 12);
  return d;
}

/**
 * The XML of a sheet's rows, one row at a time: begin(rowNumber), then numberCell / textCell for the
 * cells that are not empty (in column order), then end() gives the row's XML. Used by the writer
 * below and, for the rows of an export slice, by the export pool's threads (export-pool.ts).
 */
export class SheetRowXml {
  /** `<c r="A` per column: a cell with a reference is that, its row number and `"`, then its tail. */
  private readonly cellOpen: string[];
  private line = '';
  private rowText = '';
  /**
   * The column a cell takes without a reference (`r`): the one after the row's last cell. A cell
   * without `r` is the next column of its row (ECMA-376 makes `r` optional); the first cell of a row
   * and a cell after an empty one carry it (some readers, ExcelJS among them, place a row's first
   * cell only by its `r`). The references were about a fifth of a transaction row's XML (22 cells of
   * about 1,230 bytes), all of it deflated and written.
   */
  private next = -1;
  /** Per column, the last text cell's text and its escaped XML (labels repeat row after row). */
  private readonly lastText: (string | undefined)[];
  private readonly lastXml: string[];
  /** Per column, whether its cell always carries its reference: the column before it may be empty. */
  private readonly alwaysRef: boolean[];

  /**
   * `optional`: per column, whether its cells may be empty (ExportColumn.xlsx): the cell after such a
   * column carries its reference whether or not that one was empty, as SQLite writes it (xlsxSqlPlan).
   */
  constructor(columns: number, optional: readonly boolean[] = []) {
    this.cellOpen = Array.from({ length: columns }, (_, i) => `<c r="${columnName(i)}`);
    this.lastText = new Array<string | undefined>(columns).fill(undefined);
    this.lastXml = new Array<string>(columns).fill('');
    this.alwaysRef = Array.from({ length: columns }, (_, i) => i > 0 && optional[i - 1] === true);
  }

  begin(rowNumber: number): void {
    this.rowText = String(rowNumber);
    this.line = '<row r="' + this.rowText + '">';
    this.next = -1;
  }

  /** The opening of column `col`'s cell, up to its tail. */
  private open(col: number): string {
    const plain = col === this.next && !this.alwaysRef[col];
    this.next = col + 1;
    return plain ? '<c' : (this.cellOpen[col] ?? `<c r="${columnName(col)}`) + this.rowText + '"';
  }

  /** A number cell of column `col` (0-based) with a style; a number that is not finite is left empty. */
  numberCell(col: number, value: number, style: XlsxStyle): void {
    if (!Number.isFinite(value)) return;
    this.line += this.open(col) + NUMBER_TAIL[style]! + (style === XLSX_STYLE.dateTime ? serialText(value) : value) + '</v></c>';
  }

  /** A number cell of column `col` written as `text`, a plain decimal ("-12.50": an amount's exact text, which reads as its number). */
  numberTextCell(col: number, text: string, style: XlsxStyle): void {
    this.line += this.open(col) + NUMBER_TAIL[style]! + text + '</v></c>';
  }

  /** A text cell of column `col`, an inline string (never a formula); empty text is an empty cell. */
  textCell(col: number, text: string, header = false): void {
    if (text === '') return;
    let xml: string;
    if (!header && text === this.lastText[col]) xml = this.lastXml[col]!;
    else {
      if (header) {
        const escaped = escapeXml(text);
        xml = HEADER_TEXT_TAIL + spaceAttr(escaped) + '>' + escaped + '</t></is></c>';
      } else xml = textCellTail(text);
      if (!header && col < this.lastText.length) {
        this.lastText[col] = text;
        this.lastXml[col] = xml;
      }
    }
    this.line += this.open(col) + xml;
  }

  end(): string {
    const xml = this.line + '</row>';
    this.line = '';
    return xml;
  }
}

/** What a cell is written into: a sheet's row (SheetRowXml) or the writer's current row. */
export type XlsxRowTarget = Pick<SheetRowXml, 'numberCell' | 'numberTextCell' | 'textCell'>;

export class XlsxStreamWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private readonly sheets: string[] = [];
  private current: OpenEntry | null = null;
  private readonly stamp = dosDateTime(new Date());
  /** The rows of the current sheet. */
  private rows = new SheetRowXml(0);
  /** The current sheet when its rows come deflated (addDeflatedSheet). */
  private deflated: Entry | null = null;

  constructor(
    private readonly out: Writable,
    private readonly waitForDrain: () => Promise<void>,
  ) {}

  private async raw(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (this.offset > ZIP_LIMIT) throw new Error('export larger than the ZIP format allows');
    if (!this.out.write(chunk)) await this.waitForDrain();
  }

  private localHeader(name: Buffer): Buffer {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4); // version needed
    h.writeUInt16LE(0x0808, 6); // data descriptor follows; names are UTF-8
    h.writeUInt16LE(8, 8); // deflate
    h.writeUInt16LE(this.stamp.time, 10);
    h.writeUInt16LE(this.stamp.date, 12);
    // CRC and sizes are 0 here: they come in the data descriptor.
    h.writeUInt16LE(name.length, 26);
    return Buffer.concat([h, name]);
  }

  /** Starts an entry whose content is deflated as it is written. */
  /** Writes an entry's local header; its sizes and CRC follow its data (dataDescriptor). */
  private async startEntry(path: string): Promise<Entry> {
    const name = Buffer.from(path, 'utf8');
    const entry: Entry = { name, offset: this.offset, crc: 0, compressed: 0, size: 0 };
    await this.raw(this.localHeader(name));
    return entry;
  }

  /** Names the next worksheet and gives its entry's path. */
  private nextSheetPath(name: string): string {
    this.sheets.push(name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
    return `xl/worksheets/sheet${this.sheets.length}.xml`;
  }

  private async openEntry(path: string): Promise<void> {
    const entry = await this.startEntry(path);
    // Deflate runs on libuv's thread pool beside this thread building the next rows (see feed): room
    // for several chunks of XML (with the default 16 KB each chunk waited for its own deflate), and an
    // output buffer as large as a chunk, so that a chunk is one trip to the pool (with 16 KB it came
    // back to this thread for every 16 KB out). zlib streams take the stream options too; Node's
    // types list only zlib's own.
    const options: ZlibOptions & TransformOptions = { level: 1, writableHighWaterMark: 4 * CHUNK_CHARS, chunkSize: CHUNK_CHARS };
    const deflate = createDeflateRaw(options);
    const chunks: Buffer[] = [];
    deflate.on('data', (c: Buffer) => {
      entry.compressed += c.length;
      chunks.push(c);
    });
    const done = new Promise<void>((resolve, reject) => {
      deflate.on('end', resolve);
      deflate.on('error', reject);
    });
    this.current = { deflate, entry, chunks, crc: 0, size: 0, pending: '', row: 0, done };
  }

  private async flushCompressed(): Promise<void> {
    const cur = this.current;
    if (!cur) return;
    while (cur.chunks.length > 0) {
      const c = cur.chunks.shift();
      if (c) await this.raw(c);
    }
  }

  private async feed(text: string): Promise<void> {
    const cur = this.current;
    if (!cur) throw new Error('no open entry');
    const buf = Buffer.from(text, 'utf8');
    cur.crc = crc32(buf, cur.crc);
    cur.size += buf.length;
    if (cur.size > ZIP_LIMIT) throw new Error('sheet larger than the ZIP format allows');
    if (!cur.deflate.write(buf)) await new Promise<void>((resolve) => cur.deflate.once('drain', resolve));
    // One turn of the event loop: the pool's last deflate reports back and the next chunk starts,
    // so the pool compresses this chunk while the caller builds the next one.
    else await new Promise<void>((resolve) => setImmediate(resolve));
    await this.flushCompressed();
  }

  private async closeEntry(): Promise<void> {
    const cur = this.current;
    if (!cur) return;
    if (cur.pending) {
      await this.feed(cur.pending);
      cur.pending = '';
    }
    cur.deflate.end();
    await cur.done;
    await this.flushCompressed();
    cur.entry.crc = cur.crc;
    cur.entry.size = cur.size;
    await this.raw(dataDescriptor(cur.entry));
    this.entries.push(cur.entry);
    this.current = null;
  }

  private async wholeEntry(path: string, content: string): Promise<void> {
    await this.openEntry(path);
    await this.feed(content);
    await this.closeEntry();
  }

  /**
   * Starts a new worksheet; the previous one is finished. `widths` (characters, per column) set the
   * column widths; with them the first row is taken as a header row and stays in view when scrolling.
   */
  async addSheet(name: string, columns: number, widths?: readonly number[], optional: readonly boolean[] = []): Promise<void> {
    await this.endSheet();
    this.rows = new SheetRowXml(columns, optional);
    await this.openEntry(this.nextSheetPath(name));
    const cur = this.current;
    if (cur) cur.pending = sheetStartXml(widths);
  }

  /**
   * Starts a new worksheet whose rows come already deflated (appendDeflated: the rows of export
   * slices, deflated by the export pool's threads); the previous sheet is finished. Its first row is
   * the header row. The sheet's entry is the deflate segments one after the other, each ended by a
   * sync flush (so they join into one stream), then a final empty block; its CRC is the CRCs of the
   * segments combined.
   */
  async addDeflatedSheet(
    name: string,
    headers: readonly string[],
    widths: readonly number[],
    optional: readonly boolean[] = [],
  ): Promise<void> {
    await this.endSheet();
    this.deflated = await this.startEntry(this.nextSheetPath(name));
    const head = new SheetRowXml(headers.length, optional);
    head.begin(1);
    headers.forEach((h, i) => head.textCell(i, h, true));
    await this.appendDeflated(...deflateSegment(sheetStartXml(widths) + head.end()));
  }

  /** A deflate segment (ended by a sync flush) of the current deflated sheet, with the CRC and length of its text. */
  async appendDeflated(data: Buffer, crc: number, size: number): Promise<void> {
    const entry = this.deflated;
    if (!entry) throw new Error('addDeflatedSheet first');
    await this.raw(data);
    entry.compressed += data.length;
    entry.crc = crc32Combine(entry.crc, crc, size);
    entry.size += size;
    if (entry.size > ZIP_LIMIT) throw new Error('sheet larger than the ZIP format allows');
  }

  private async endDeflatedSheet(): Promise<void> {
    const entry = this.deflated;
    if (!entry) return;
    await this.appendDeflated(...deflateSegment(SHEET_END_XML));
    await this.raw(FINAL_EMPTY_BLOCK);
    entry.compressed += FINAL_EMPTY_BLOCK.length;
    await this.raw(dataDescriptor(entry));
    this.entries.push(entry);
    this.deflated = null;
  }

  /**
   * Adds one row to the current sheet. Text is buffered and deflated in chunks of about 256 KB; only
   * a row that fills the buffer returns a promise (await it: it waits for the reader), the others
   * return null, which saves a promise per row.
   */
  addRow(cells: readonly XlsxCell[], o: { header?: boolean } = {}): Promise<void> | null {
    this.beginRow();
    const header = o.header === true;
    for (let i = 0; i < cells.length; i++) {
      const value = cells[i] ?? null;
      if (value === null) continue;
      if (typeof value === 'number') this.numberCell(i, value, XLSX_STYLE.plain);
      else if (typeof value === 'object') this.numberCell(i, value.v, value.s);
      else this.textCell(i, value, header);
    }
    return this.endRow();
  }

  /**
   * The same as addRow, one cell at a time without a cell array: beginRow, then numberCell / textCell
   * for the cells that are not empty (in column order), then endRow (its promise as addRow's).
   */
  beginRow(): void {
    const cur = this.current;
    if (!cur) throw new Error('addSheet first');
    cur.row += 1;
    this.rows.begin(cur.row);
  }

  /** A number cell of column `col` (0-based) with a style; a number that is not finite is left empty. */
  numberCell(col: number, value: number, style: XlsxStyle): void {
    this.rows.numberCell(col, value, style);
  }

  /** A text cell of column `col`, an inline string (never a formula); empty text is an empty cell. */
  numberTextCell(col: number, text: string, style: XlsxStyle): void {
    this.rows.numberTextCell(col, text, style);
  }

  textCell(col: number, text: string, header = false): void {
    this.rows.textCell(col, text, header);
  }

  endRow(): Promise<void> | null {
    const cur = this.current;
    if (!cur) throw new Error('addSheet first');
    cur.pending += this.rows.end();
    if (cur.pending.length < CHUNK_CHARS) return null;
    const text = cur.pending;
    cur.pending = '';
    return this.feed(text);
  }

  private async endSheet(): Promise<void> {
    await this.endDeflatedSheet();
    const cur = this.current;
    if (!cur) return;
    cur.pending += SHEET_END_XML;
    await this.closeEntry();
  }

  /** Finishes the last sheet, writes the workbook parts and the ZIP directory, and ends the stream. */
  async finish(): Promise<void> {
    await this.endSheet();
    const sheetIds = this.sheets.map((_, i) => i + 1);
    await this.wholeEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        sheetIds
          .map(
            (i) =>
              `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
          )
          .join('') +
        '</Types>',
    );
    await this.wholeEntry(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    );
    await this.wholeEntry(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
        this.sheets.map((s, i) => `<sheet name="${escapeXml(s)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
        '</sheets></workbook>',
    );
    await this.wholeEntry(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        sheetIds
          .map(
            (i) =>
              `<Relationship Id="rId${i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i}.xml"/>`,
          )
          .join('') +
        `<Relationship Id="rId${sheetIds.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
        '</Relationships>',
    );
    await this.wholeEntry('xl/styles.xml', STYLES_XML);

    const start = this.offset;
    for (const e of this.entries) {
      const c = Buffer.alloc(46);
      c.writeUInt32LE(0x02014b50, 0);
      c.writeUInt16LE(20, 4); // made by
      c.writeUInt16LE(20, 6); // needed
      c.writeUInt16LE(0x0808, 8);
      c.writeUInt16LE(8, 10);
      c.writeUInt16LE(this.stamp.time, 12);
      c.writeUInt16LE(this.stamp.date, 14);
      c.writeUInt32LE(e.crc >>> 0, 16);
      c.writeUInt32LE(e.compressed, 20);
      c.writeUInt32LE(e.size, 24);
      c.writeUInt16LE(e.name.length, 28);
      c.writeUInt32LE(e.offset, 42);
      await this.raw(Buffer.concat([c, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.raw(end);
    this.out.end();
  }
}
