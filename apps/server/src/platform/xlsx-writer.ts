import type { Writable } from 'node:stream';
import { escapeXml, SheetRowXml, STYLES_XML, XLSX_STYLE, type XlsxStyle } from './xlsx-rows';
import { CHUNK_CHARS, deflateSegment, ZipStreamWriter } from './zip-stream';

/**
 * A minimal streaming XLSX (Office Open XML spreadsheet) writer: inline strings and numbers with a
 * fixed set of number formats (XLSX_STYLE), no shared strings, so memory stays flat and a million
 * rows go out as fast as deflate runs.
 * A general library builds a cell object per cell and costs several times more per row.
 *
 * The file is a ZIP archive written front to back (zip-stream.ts); the rows' XML is xlsx-rows.ts.
 * Sheets hold at most 1,048,576 rows; callers split before that, so no entry comes near the 4 GiB
 * ZIP limit (checked anyway).
 */

/** A number shown with one of the styles of XLSX_STYLE (dates are serial day numbers). */
export type XlsxStyledNumber = { readonly v: number; readonly s: XlsxStyle };
export type XlsxCell = string | number | null | XlsxStyledNumber;

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

export class XlsxStreamWriter {
  private readonly zip: ZipStreamWriter;
  private readonly sheets: string[] = [];
  /** The rows of the current sheet. */
  private rows = new SheetRowXml(0);
  /** The current sheet when its rows are deflated here: its last row's number, and its XML not yet deflated. */
  private sheet: { row: number; pending: string } | null = null;

  constructor(out: Writable, waitForDrain: () => Promise<void>) {
    this.zip = new ZipStreamWriter(out, waitForDrain);
  }

  /** Names the next worksheet and gives its entry's path. */
  private nextSheetPath(name: string): string {
    this.sheets.push(name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
    return `xl/worksheets/sheet${this.sheets.length}.xml`;
  }

  /**
   * Starts a new worksheet; the previous one is finished. `widths` (characters, per column) set the
   * column widths; with them the first row is taken as a header row and stays in view when scrolling.
   */
  async addSheet(name: string, columns: number, widths?: readonly number[], optional: readonly boolean[] = []): Promise<void> {
    await this.endSheet();
    this.rows = new SheetRowXml(columns, optional);
    await this.zip.openEntry(this.nextSheetPath(name));
    this.sheet = { row: 0, pending: sheetStartXml(widths) };
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
    await this.zip.openDeflatedEntry(this.nextSheetPath(name));
    const head = new SheetRowXml(headers.length, optional);
    head.begin(1);
    headers.forEach((h, i) => head.textCell(i, h, true));
    await this.appendDeflated(...deflateSegment(sheetStartXml(widths) + head.end()));
  }

  /** A deflate segment (ended by a sync flush) of the current deflated sheet, with the CRC and length of its text. */
  async appendDeflated(data: Buffer, crc: number, size: number): Promise<void> {
    await this.zip.appendDeflated(data, crc, size);
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
    const sheet = this.sheet;
    if (!sheet) throw new Error('addSheet first');
    sheet.row += 1;
    this.rows.begin(sheet.row);
  }

  /** A number cell of column `col` (0-based) with a style; a number that is not finite is left empty. */
  numberCell(col: number, value: number, style: XlsxStyle): void {
    this.rows.numberCell(col, value, style);
  }

  /** A number cell of column `col` written as `text`, a plain decimal (SheetRowXml.numberTextCell). */
  numberTextCell(col: number, text: string, style: XlsxStyle): void {
    this.rows.numberTextCell(col, text, style);
  }

  /** A text cell of column `col`, an inline string (never a formula); empty text is an empty cell. */
  textCell(col: number, text: string, header = false): void {
    this.rows.textCell(col, text, header);
  }

  endRow(): Promise<void> | null {
    const sheet = this.sheet;
    if (!sheet) throw new Error('addSheet first');
    sheet.pending += this.rows.end();
    if (sheet.pending.length < CHUNK_CHARS) return null;
    const text = sheet.pending;
    sheet.pending = '';
    return this.zip.write(text);
  }

  private async endSheet(): Promise<void> {
    await this.zip.closeDeflatedEntry(SHEET_END_XML);
    const sheet = this.sheet;
    if (!sheet) return;
    await this.zip.write(sheet.pending + SHEET_END_XML);
    this.sheet = null;
    await this.zip.closeEntry();
  }

  /** Finishes the last sheet, writes the workbook parts and the ZIP directory, and ends the stream. */
  async finish(): Promise<void> {
    await this.endSheet();
    const sheetIds = this.sheets.map((_, i) => i + 1);
    await this.zip.wholeEntry(
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
    await this.zip.wholeEntry(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    );
    await this.zip.wholeEntry(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
        this.sheets.map((s, i) => `<sheet name="${escapeXml(s)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
        '</sheets></workbook>',
    );
    await this.zip.wholeEntry(
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
    await this.zip.wholeEntry('xl/styles.xml', STYLES_XML);
    await this.zip.finish();
  }
}
