import { xlsxOptional } from '../src/platform/export-sql';
import { type ExportColumn } from '../src/platform/export-values';
import { xlsxCells } from '../src/platform/export-xlsx';
import { registerMessages } from '../src/platform/i18n';
import { SheetRowXml } from '../src/platform/xlsx-rows';

/*
 * What the tests of the cells and lines SQLite makes for an export (src/platform/export-sql-plan.test.ts,
 * src/platform/export-sql-lines.test.ts) share: a label catalog of their own, with a comma, quotes and
 * Chinese text in it, and a row's XML as the export writes it cell by cell.
 */

/** Registers the `planTest.code` labels (the same texts however often it is called). */
export function registerPlanTestCodes(): void {
  registerMessages({
    zhCn: { 'planTest.code.1': '一', 'planTest.code.2': '二，或更多', 'planTest.code.7': '七' },
    zhHk: { 'planTest.code.1': '一', 'planTest.code.2': '二，或更多', 'planTest.code.7': '七' },
    en: { 'planTest.code.1': 'One', 'planTest.code.2': 'Two, or more', 'planTest.code.7': 'Say "seven"' },
  });
}

/** A row's XML as SheetRowXml writes it from the columns' values, numbered `n`. */
export function rowXmlOf<R>(columns: ExportColumn<R>[]): (row: R, n: number) => string {
  const sheet = new SheetRowXml(columns.length, xlsxOptional(columns));
  const put = xlsxCells(columns);
  return (row, n) => {
    sheet.begin(n);
    put(sheet, row);
    return sheet.end();
  };
}
