/**
 * ExportCells: the cells of a list's export in one language and timezone (labels as on screen, money,
 * times, percentages, counts). Domains build their export columns from it.
 */
import type { TLanguage } from '@mbo/shared/i18n';
import { NumberCell, wallClockText, createLocalClock, serialOf, moneyCell, percentCell } from './export-values';
import { translate } from './i18n';
import type { MessageKey } from './messages';
import { screenText } from './screen-texts';

/** What export columns are made of, in the caller's language and timezone; each helper is cheap enough for a million cells. */
export type ExportCells = {
  /** A catalog text in the export's language (sheet names, the headers of columns the screen does not title). */
  text: (key: MessageKey) => string;
  /** The screen's text of a web catalog key in the export's language (a column's title on screen: screen-texts.ts). */
  screen: (key: string) => string;
  /** "YYYY-MM-DD HH:mm:ss" in the caller's timezone (a date-time cell in XLSX); no time stays an empty cell. */
  time: (ms: number | null) => NumberCell | null;
  /**
   * The label of an enum code (`label('refundStatus', 3)` reads `refundStatus.3`), each code translated
   * once per export: translating each of a million cells would cost seconds. A code without a label
   * shows the code (so `label('cardScheme', 'VISA')` reads "Visa" where the catalog says so).
   */
  label: (prefix: string, code: number | string) => string;
  /**
   * Minor units as an amount: exact major-unit text in CSV ("12.50"), a number with the currency's
   * decimals in XLSX (#,##0.00), so a column adds up.
   */
  money: (minor: number, currency: string) => NumberCell;
  /** A rate in basis points: "72.34%" in CSV, 0.7234 shown as 0.00% in XLSX; no rate stays empty. */
  percent: (bp: number | null) => NumberCell | null;
  /** A count: a number shown with thousands separators in XLSX. */
  count: (n: number) => NumberCell;
};

export function exportCells(lang: TLanguage, timezone: string): ExportCells {
  const local = createLocalClock(timezone);
  const wallText = wallClockText();
  const timeCell = (ms: number): NumberCell => {
    const at = local(ms);
    return new NumberCell(serialOf(at), 'dateTime', wallText(at));
  };
  const enums = new Map<string, Map<number | string, string>>();
  const label = (prefix: string, code: number | string): string => {
    let labels = enums.get(prefix);
    if (labels === undefined) {
      labels = new Map();
      enums.set(prefix, labels);
    }
    let text = labels.get(code);
    if (text === undefined) {
      const key = `${prefix}.${code}` as MessageKey;
      const translated = translate(lang, key);
      text = translated === key ? String(code) : translated;
      labels.set(code, text);
    }
    return text;
  };
  return {
    text: (key) => translate(lang, key),
    screen: (key) => screenText(lang, key),
    time: (ms) => (ms === null ? null : timeCell(Number(ms))),
    label,
    money: moneyCell,
    percent: percentCell,
    count: (n) => new NumberCell(Number(n), 'integer', String(Number(n))),
  };
}
