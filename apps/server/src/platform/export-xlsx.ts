/**
 * XLSX from rows: each column's value as a cell (a number with its format, or inline text), the
 * sheets' layout (column widths, a new sheet every 1,048,575 rows) over the streaming writer of
 * xlsx-writer.ts.
 */
import type { Writable } from 'node:stream';
import {
  type CellFormat,
  serialOf,
  type ExportColumn,
  type ExportSpec,
  XLSX_MAX_DATA_ROWS,
  PLAIN_NUMBER,
  STYLE_OF,
  drained,
} from './export-values';
import { XLSX_STYLE, type XlsxRowTarget } from './xlsx-rows';
import { XlsxStreamWriter } from './xlsx-writer';

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const PERCENT_TEXT = /^[+-]?\d+(\.\d+)?%$/;

/** A column's numeric text as the number a spreadsheet should hold, or null when it is not one. */
function numberOfText(text: string, format: CellFormat): number | null {
  if (format === 'date' || format === 'dateTime') {
    const m = DATE_TEXT.exec(text);
    if (!m) return null;
    return serialOf(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)));
  }
  if (format === 'percent' && PERCENT_TEXT.test(text)) return Number(text.slice(0, -1)) / 100;
  const plain = text.replace(/,/g, '');
  return PLAIN_NUMBER.test(plain) ? Number(plain) : null;
}

/** Column width in characters: East Asian characters count double; a date or amount column is at least as wide as its values. */
function columnWidth(header: string, format: CellFormat | undefined): number {
  let w = 0;
  for (const ch of header) w += /[\u1100-\uffff]/.test(ch) ? 2 : 1;
  const least = format === 'dateTime' ? 20 : format === 'date' ? 12 : 14;
  return Math.max(w + 2, least);
}

/**
 * The cells of a row written into an XLSX row (the writer's current row or a SheetRowXml): numbers
 * with their format, numeric text of a formatted column as a number, other text as text.
 */
export function xlsxCells<Row>(columns: readonly Pick<ExportColumn<Row>, 'value' | 'format'>[]): (target: XlsxRowTarget, row: Row) => void {
  const values = columns.map((c) => c.value);
  const formats = columns.map((c) => c.format);
  const styles = formats.map((f) => (f ? STYLE_OF[f] : XLSX_STYLE.plain));
  const n = values.length;
  return (target, row) => {
    for (let i = 0; i < n; i += 1) {
      const value = values[i]!(row);
      if (value === null) continue;
      if (typeof value === 'string') {
        const format = formats[i];
        const number = format ? numberOfText(value, format) : null;
        if (number !== null) target.numberCell(i, number, styles[i]!);
        else target.textCell(i, value);
      } else if (typeof value === 'number') target.numberCell(i, value, styles[i]!);
      else if (!Number.isFinite(value.value)) target.textCell(i, value.text);
      else if (AMOUNT_STYLES.has(value.format) && PLAIN_NUMBER.test(value.text))
        target.numberTextCell(i, value.text, STYLE_OF[value.format]);
      else target.numberCell(i, value.value, STYLE_OF[value.format]);
    }
  };
}

/** Amounts are written as their exact text ("12.50"), which reads as the same number. */
const AMOUNT_STYLES: ReadonlySet<CellFormat> = new Set(['amount0', 'amount2', 'amount3']);

/** Which columns' cells may be empty (ExportColumn.optional), as SheetRowXml takes it. */
export function xlsxOptional(columns: readonly Pick<ExportColumn<unknown>, 'optional'>[]): boolean[] {
  return columns.map((c) => c.optional === true);
}

/** The header texts and column widths of an XLSX sheet, and the name of its n-th sheet (1-based). */
export function xlsxLayout<Row>(spec: Pick<ExportSpec<Row>, 'columns' | 'sheetName'>) {
  const prefix = spec.sheetName ?? 'Sheet';
  return {
    headers: spec.columns.map((c) => c.header),
    widths: spec.columns.map((c) => columnWidth(c.header, c.format)),
    optional: xlsxOptional(spec.columns),
    sheetName: (n: number) => (n === 1 ? prefix : `${prefix} ${n}`),
  };
}

/** Writes the whole XLSX to `out`, then ends it. */
export async function writeXlsx<Row>(out: Writable, spec: Omit<ExportSpec<Row>, 'format' | 'filename'>): Promise<void> {
  const book = new XlsxStreamWriter(out, () => drained(out));
  const maxRows = spec.maxRowsPerSheet ?? XLSX_MAX_DATA_ROWS;
  const { headers, widths, optional, sheetName } = xlsxLayout(spec);
  let sheetNo = 1;
  await book.addSheet(sheetName(sheetNo), headers.length, widths, optional);
  await book.addRow(headers, { header: true });
  const put = xlsxCells(spec.columns);
  let inSheet = 0;
  for await (const batch of spec.batches) {
    if (out.destroyed) throw new Error('export stream closed before the file was complete');
    for (const row of batch) {
      if (inSheet === maxRows) {
        sheetNo += 1;
        await book.addSheet(sheetName(sheetNo), headers.length, widths, optional);
        await book.addRow(headers, { header: true });
        inSheet = 0;
      }
      book.beginRow();
      put(book, row);
      const full = book.endRow();
      if (full) await full;
      inSheet += 1;
    }
  }
  await book.finish();
}
