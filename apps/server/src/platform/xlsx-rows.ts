/**
 * The cells of the XLSX writer (xlsx-writer.ts): the fixed cell styles, and the XML of a sheet's rows
 * as text, which the export pool's threads (export-worker.ts) also build for their slices.
 */

/**
 * The fixed cell styles of every workbook (STYLES_XML below): a number keeps its full value and
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

/** xl/styles.xml of every workbook: its cellXfs in the order of XLSX_STYLE's numbers. */
export const STYLES_XML =
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

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
// Characters XML 1.0 does not allow at all (control characters other than tab, LF, CR).
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

/** Text as XML character data or an attribute value: &, <, > and " escaped, the characters XML forbids dropped. */
export function escapeXml(text: string): string {
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
const NUMBER_TAIL = Object.values(XLSX_STYLE).map((s) => (s === XLSX_STYLE.plain ? '><v>' : ` s="${s}"><v>`));
const TEXT_TAIL = ' t="inlineStr"><is><t';

/** What follows a text cell's opening (`<c` or `<c r="B7"`): the inline string and the cell's end. */
function textCellTail(text: string): string {
  const escaped = escapeXml(text);
  return TEXT_TAIL + spaceAttr(escaped) + '>' + escaped + '</t></is></c>';
}

const DAY_MS = 86_400_000;
/** Spreadsheet serial day number of 1970-01-01 (the 1900 date system). */
export const EPOCH_SERIAL = 25_569;
/** Serials of 1970-01-01 up to year 9999: written as exact decimals. */
const LAST_SERIAL = 2_958_465;

/**
 * The text of a date-time cell's serial (days since 1899-12-30, the time of day as their fraction):
 * the day, then the fraction of the millisecond's time of day rounded to 10 decimals (half up), all
 * ten written ("46000.5000000000"), in exact integer arithmetic (`String(serial)` gave up to 17
 * digits, which read back as the same number but varied with the last bit of the double). Ten decimals
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

/**
 * The XML of a sheet's rows, one row at a time: begin(rowNumber), then numberCell / textCell for the
 * cells that are not empty (in column order), then end() gives the row's XML. Used by the writer
 * (xlsx-writer.ts) and, for the rows of an export slice, by the export pool's threads (export-pool.ts).
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
   * `optional`: per column, whether its cells may be empty (ExportColumn.optional): the cell after such
   * a column carries its reference whether or not that one was empty.
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
