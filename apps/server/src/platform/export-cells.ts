/**
 * ExportCells: the cells of a list's export in one language and timezone, each as a value (labels as
 * on screen, money, times, percentages) and, where the database can make it, as SQL of the same text
 * (export-sql.ts). Domains build their export columns from it.
 */
import type { TLanguage } from '@mbo/shared/i18n';
import type { DialectName } from '../db/database';
import { TEXT_CLOSE, TEXT_OPEN } from './export-lines-check';
import { XLSX_NOT_EXACT, sqlLiteral, SAFE } from './export-sql';
import { NumberCell, DAY_MS, wallClockText, createLocalClock, serialOf, type XlsxCellSql, moneyCell, percentCell } from './export-values';
import { keysUnder, translate } from './i18n';
import type { MessageKey } from './messages';
import { screenText } from './screen-texts';
import { steadyZoneDays, type SteadyDays } from './time';
import { EPOCH_SERIAL, NUMBER_TAIL, textCellTail, XLSX_STYLE } from './xlsx-rows';

/** What export columns are made of, in the caller's language and timezone; each helper is cheap enough for a million cells. */
export type ExportCells = {
  /**
   * The SQL dialect of the `sql` cells below (timeSql, labelSql) and of sqlText and moneySql given
   * it: CSV lines are made by SQLite or by PostgreSQL (csvSqlPlan). The XLSX SQL is SQLite's only.
   */
  dialect: DialectName;
  /** A catalog text in the export's language (sheet names, the headers of columns the screen does not title). */
  text: (key: MessageKey) => string;
  /** The screen's text of a web catalog key in the export's language (a column's title on screen: screen-texts.ts). */
  screen: (key: string) => string;
  /** "YYYY-MM-DD HH:mm:ss" in the caller's timezone (a date-time cell in XLSX); no time stays an empty cell. */
  time: (ms: number | null) => NumberCell | null;
  /**
   * `time(<column>)`'s CSV text as a `sql` cell: '' for NULL, the text for an integer on a day the
   * timezone keeps one offset (steadyZoneDays) in a piece reaching into the last three years or the
   * next, else NULL (the row is written by `time`).
   */
  timeSql: (column: string) => string;
  /**
   * The label of an enum code (`label('refundStatus', 3)` reads `refundStatus.3`), each code translated
   * once per export: translating each of a million cells would cost seconds. A code without a label
   * shows the code (so `label('cardScheme', 'VISA')` reads "Visa" where the catalog says so).
   */
  label: (prefix: string, code: number | string) => string;
  /**
   * `label(prefix, <column>)` as a `sql` cell (ExportColumn.sql): a CASE over the codes the catalog
   * has under `prefix`, each with the text `label` gives it, else the code itself when it is an integer
   * or a text, else NULL.
   */
  labelSql: (prefix: string, column: string) => string;
  /**
   * `label(prefix, <column>)` as XLSX SQL (ExportColumn.xlsx): the catalog's texts as written cells,
   * a code without a label as its text (checked); an empty code, a real or NULL gives NULL.
   */
  labelXlsx: (prefix: string, column: string) => XlsxCellSql;
  /**
   * `time(<column>)` as XLSX SQL (ExportColumn.xlsx): the serial of the wall-clock time (serialText)
   * on the days timeSql makes, an empty cell for NULL where `optional`, else NULL.
   */
  timeXlsx: (column: string, o: { optional: boolean }) => XlsxCellSql;
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

export function exportCells(lang: TLanguage, timezone: string, dialect: DialectName = 'sqlite'): ExportCells {
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
  /**
   * The wall-clock text of integer ms `col` as `piece(local ms)` gives it, on the steady days of the
   * last three years and the next (else NULL: an older time is written by `time`). A tree of all the
   * pieces of a zone that changes its clocks (a hundred years of them) made its statement 112 KB long
   * and a row twice as slow, though a row took the first branch.
   */
  const steadySql = (col: string, piece: (local: string) => string): string | null => {
    const now = Date.now();
    const days = steadyZoneDays(timezone)?.filter((d) => d.untilMs > now - 3 * 366 * DAY_MS && d.fromMs < now + 366 * DAY_MS);
    return days && days.length > 0 ? steadyTimeSql(col, days, piece, now) : null;
  };
  /**
   * `case <column> when <code> then <text> ... else <itself> end` over the codes the catalog has under
   * `prefix`, each text as `literal` writes it; NULL when a numeric code is not written as JavaScript
   * writes the number ("01" would match another row's code in SQL).
   */
  /** The codes the catalog has under `prefix`. */
  const codesUnder = (prefix: string): string[] => keysUnder(`${prefix}.`).map((key) => key.slice(prefix.length + 1));
  const labelCase = (prefix: string, col: string, literal: (text: string) => string, itself: string, codesAsText = false): string => {
    const codes = codesUnder(prefix);
    if (codes.some((code) => /^[+-]?\d+(\.\d+)?$/.test(code) && String(Number(code)) !== code)) return 'NULL';
    const whens = codes.map(
      (code) => `when ${/^-?\d+$/.test(code) && !codesAsText ? code : sqlLiteral(code)} then ${literal(label(prefix, code))}`,
    );
    return whens.length ? `case ${col} ${whens.join(' ')} else ${itself} end` : itself;
  };
  return {
    dialect,
    text: (key) => translate(lang, key),
    screen: (key) => screenText(lang, key),
    time: (ms) => (ms === null ? null : timeCell(Number(ms))),
    timeSql: (column) => {
      const col = `"${column}"`;
      if (dialect === 'postgres') {
        // A bigint column: NULL or an integer. The text of the UTC timestamp of the wall-clock seconds:
        // whole seconds (no fraction is written), a year of four digits on the steady days, and the ISO
        // DateStyle every connection sets (createDb), so 'YYYY-MM-DD HH:MI:SS'. to_char made the two time
        // cells of the transaction export cost about 0.5 µs a row more (a tenth of PostgreSQL's line).
        const text = steadySql(col, (local) => `(to_timestamp(${local} / 1000) at time zone 'UTC')::text`);
        return `case when ${col} is null then '' else ${text ?? 'NULL'} end`;
      }
      // SQLite's `datetime(n, 'unixepoch')` of the whole seconds of the wall-clock ms, which are
      // positive here (the pieces start a day after 1970), so integer division is the floor.
      const text = steadySql(col, (local) => `datetime(${local} / 1000, 'unixepoch')`);
      return `case typeof(${col}) when 'null' then ''${text === null ? '' : ` when 'integer' then ${text}`} end`;
    },
    timeXlsx: (column, o) => {
      const col = `"${column}"`;
      // serialText in integers: the day, then the ms of the day x 10^5 / 864 rounded half up, in 10 digits.
      const serial = steadySql(
        col,
        (local) =>
          `concat(${local} / ${DAY_MS} + ${EPOCH_SERIAL}, '.', substr((${local} % ${DAY_MS} * 100000 + 432) / 864 + 10000000000, 2))`,
      );
      const head = (open: string) => sqlLiteral(open + NUMBER_TAIL[XLSX_STYLE.dateTime]!);
      const value = `ifnull(${serial === null ? 'NULL' : `case when typeof(${col}) = 'integer' then ${serial} end`}, ${XLSX_NOT_EXACT})`;
      return {
        cell: (open) =>
          o.optional
            ? [`iif(${col} is null, '', ${head(open)})`, `iif(${col} is null, '', ${value})`, `iif(${col} is null, '', '</v></c>')`]
            : [head(open), value, `'</v></c>'`],
        optional: o.optional,
      };
    },
    label,
    labelSql: (prefix, column) => {
      const col = `"${column}"`;
      if (dialect === 'postgres') {
        // Typed columns (integer or text codes), written as their text, as `label` writes a code. Codes
        // that are all small integers, written as JavaScript writes them (labelCase), are compared with
        // the column itself, as untyped literals: an integer column compares integers (its text cast for
        // each row cost about 0.3 µs a row of the transaction export), a text column texts, both as
        // their text would. Other codes are compared with the column's text.
        const code = `(${col})::text`;
        const small = codesUnder(prefix).every((c) => /^-?\d{1,4}$/.test(c));
        return labelCase(prefix, small ? col : code, sqlLiteral, code, true);
      }
      const itself = `case typeof(${col}) when 'text' then ${col} when 'integer' then iif(${col} between -${SAFE} and ${SAFE}, ${col}, null) end`;
      return labelCase(prefix, col, sqlLiteral, itself);
    },
    labelXlsx: (prefix, column) => {
      const col = `"${column}"`;
      // An empty label is an empty cell, which this column's cell is not (optional: false).
      const cell = (text: string) => (text === '' ? 'NULL' : sqlLiteral(textCellTail(text)));
      // A code without a label is its own text, as `label` gives it (one concat(), rare): a text code
      // is checked (a labelled text code too, needlessly but harmlessly).
      const itself = `case typeof(${col}) when 'text' then iif(${col} = '', NULL, concat(${sqlLiteral(TEXT_OPEN)}, ${col}, '${TEXT_CLOSE}')) when 'integer' then iif(${col} between -${SAFE} and ${SAFE}, concat(${sqlLiteral(TEXT_OPEN)}, ${col}, '${TEXT_CLOSE}'), NULL) end`;
      return {
        cell: (open) => [sqlLiteral(open), `ifnull(${labelCase(prefix, col, cell, itself)}, ${XLSX_NOT_EXACT})`],
        optional: false,
        check: { text: `iif(typeof(${col}) = 'text', ${col}, NULL)`, mayBeEmpty: true },
      };
    },
    money: moneyCell,
    percent: percentCell,
    count: (n) => new NumberCell(Number(n), 'integer', String(Number(n))),
  };
}

/**
 * The text `piece` makes of the wall-clock ms of integer ms `col` on the steady days (SteadyDays, in
 * time order), NULL between them: the pieces around `now` first, then a balanced tree of CASEs over
 * the days' bounds.
 */
function steadyTimeSql(col: string, days: readonly SteadyDays[], piece: (local: string) => string, now?: number): string {
  const text = (d: SteadyDays) => piece(`(${col} + ${d.offsetMs})`);
  const within = (d: SteadyDays) => `${col} >= ${d.fromMs} and ${col} < ${d.untilMs}`;
  if (now !== undefined) {
    // Most rows of an export are of its last months: the piece of `now` and the one before it (a zone
    // that changes its clocks has a piece a season) are tried first. Only the order of the tests
    // depends on `now`, not the text.
    let at = 0;
    while (at + 1 < days.length && days[at + 1]!.fromMs <= now) at += 1;
    const first = days.slice(Math.max(0, at - 1), at + 1).reverse();
    return `case ${first.map((d) => `when ${within(d)} then ${text(d)}`).join(' ')} else ${steadyTimeSql(col, days, piece)} end`;
  }
  if (days.length === 1) return `case when ${within(days[0]!)} then ${text(days[0]!)} end`;
  const mid = days.length >> 1;
  return `case when ${col} < ${days[mid]!.fromMs} then ${steadyTimeSql(col, days.slice(0, mid), piece)} else ${steadyTimeSql(col, days.slice(mid), piece)} end`;
}
