/**
 * The database-made fast path of an export: each column's cell as SQL (sqlText, moneySql, xlsxText,
 * moneyXlsx, ...) and the plans that have SQLite or PostgreSQL return a whole batch as CSV lines or
 * sheet XML (csvSqlPlan, xlsxSqlPlan), checked by export-lines-check.ts. A column without SQL, or a
 * batch the check refuses, is written from its rows by export.ts and export-xlsx.ts: the file is the
 * same byte for byte either way (export-sql-plan.test.ts, export-sql-lines.test.ts).
 */
import { knownMinorUnits } from '@mbo/shared/money';
import type { DialectName } from '../db/database';
import { TEXT_CLOSE, TEXT_OPEN, countOf, exactLines, exactLinesText } from './export-lines-check';
import type { ExportReadPlan } from './export-reader';
import { type ExportColumn, type XlsxCellSql, STYLE_OF, AMOUNT_FORMATS } from './export-values';
import { columnName, NUMBER_TAIL } from './xlsx-rows';

/** A cell in a run that needs quoting or would need a formula guard (commas are counted apart). */
const RUN_UNSAFE = /["\r\n]|(?:^|,)(?:[=@\t]|[+-](?!\d+(?:\.\d+)?(?:,|$)))/;

type CsvSegment = { run: string; cells: number } | { column: number };

export function csvSegments(columns: readonly Pick<ExportColumn<unknown>, 'sql'>[]): CsvSegment[] {
  const out: CsvSegment[] = [];
  let runs = 0;
  columns.forEach((c, i) => {
    const last = out[out.length - 1];
    if (c.sql === undefined) out.push({ column: i });
    else if (last && 'run' in last && columns[i - 1]?.sql !== undefined) last.cells += 1;
    else out.push({ run: `__csv${runs++}`, cells: 1 });
  });
  return out;
}

const SQL_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The plan of an export's CSV on SQLite, or null when a column has neither `sql` nor `fields` (or
 * none has `sql`): CSV lines made mostly by SQLite (issue 13 §5). better-sqlite3 hands each value
 * of a row to JavaScript at a cost (about 0.15 µs), and each cell is then formatted here: most of an
 * export's CPU. When every column has `sql` or `fields`, the export reader selects instead, over the list's
 * own statement, the row's `id`, the fields the other columns read and each run of consecutive
 * `sql` cells joined by commas (`__csv0`, `__csv1`, ...): a few values a row instead of one per
 * column, and the labels, amounts and masks made in SQLite's C. The reader writes this select in place
 * of the statement's own select list when it can (sql-select.ts).
 *
 * A run is used only when it is exactly the text the cells would have: no NULL cell, no quote, CR or LF,
 * exactly one comma between cells fewer than it holds (so no cell holds one), and no cell that starts
 * as a formula (= + - @ or a tab) unless it is a plain signed decimal, as csvCell would leave it. Any
 * other row is read again whole and written by the columns' `value` (openSqliteExportReader).
 */
export function csvSqlPlan<Row>(
  columns: readonly Pick<ExportColumn<Row>, 'sql' | 'fields'>[],
  dialect: DialectName = 'sqlite',
): ExportReadPlan | null {
  if (dialect === 'postgres') return csvPgPlan(columns);
  if (!columns.some((c) => c.sql !== undefined) || columns.some((c) => c.sql === undefined && c.fields === undefined)) return null;
  const fields = [...new Set(['id', ...columns.flatMap((c) => c.fields ?? [])])];
  if (!fields.every((f) => SQL_NAME.test(f))) return null;
  const runs: { name: string; cells: number; cellsSql: string }[] = [];
  let at = 0;
  for (const segment of csvSegments(columns)) {
    if ('column' in segment) {
      at += 1;
      continue;
    }
    // A NULL cell becomes a double quote, which no exact run holds, so its row is read whole (concat
    // would read NULL as empty text). One concat() makes the run's text at once: `a || ',' || b || ...`
    // made and copied a longer text at each step (callgrind, the transaction export over 10,000 rows:
    // 38.7 thousand instructions a row with `||`, 35.6 with concat, 37.4 with concat and the NULL guard).
    const parts = columns.slice(at, at + segment.cells).map((c) => `ifnull(${c.sql}, '"')`);
    runs.push({ name: segment.run, cells: segment.cells, cellsSql: parts.join(`, ',', `) });
    at += segment.cells;
  }
  // Every column a cell of SQLite's: whole lines too, CRLF included (ExportReadPlan.lines).
  const whole = runs.length === 1 && runs[0]!.cells === columns.length ? runs[0]! : null;
  return {
    ...(whole ? { lines: { line: `concat(${whole.cellsSql}, char(13, 10))`, exact: exactLines(columns.length) } } : {}),
    rows: {
      select: [...fields.map((f) => `"${f}"`), ...runs.map((r) => `concat(${r.cellsSql}) as "${r.name}"`)].join(', '),
      names: [...fields, ...runs.map((r) => r.name)],
      exact: (row) => {
        for (const r of runs) {
          const text = row[r.name];
          if (typeof text !== 'string' || RUN_UNSAFE.test(text) || countOf(text, ',') !== r.cells - 1) return false;
        }
        return true;
      },
    },
  };
}

/**
 * csvSqlPlan on PostgreSQL: whole lines only, when every column has `sql` (made for PostgreSQL:
 * exportCells(lang, timezone, 'postgres')), each cell NULL-guarded as on SQLite, checked the same way
 * (exactLinesText, over the string pg reads); a batch that is not exact is read as rows and written
 * by the columns' `value`. A million lines of the transaction export, one server and its export threads
 * on the bench machine (issue 13 §5): made by PostgreSQL, 4.3-4.8 s of PostgreSQL's CPU and 2.9-3.5 s of
 * the server's (5.0-6.3 and 3.3-5.7 s before the amounts, the response code, the last key and the
 * check changed, 2026-11-28); read as rows (through a binary COPY, db/pg-copy.ts) and formatted by the
 * columns, 3.2-3.4 s of PostgreSQL's and 10.6-11.4 s of the server's, most of it the cells' strings and
 * their garbage.
 */
function csvPgPlan(columns: readonly Pick<ExportColumn<unknown>, 'sql'>[]): ExportReadPlan | null {
  if (columns.length === 0 || columns.some((c) => c.sql === undefined)) return null;
  // concat_ws: the cells joined by one call with its separator, not a comma given between each two
  // (about 0.7 µs a row less of the transaction export's 6.6); no cell is NULL, which it would skip.
  const cells = columns.map((c) => `coalesce(${c.sql}, '"')`).join(', ');
  return {
    lines: { line: `concat_ws(',', ${cells}) || E'\\r\\n'`, exact: exactLines(columns.length), exactText: exactLinesText(columns.length) },
  };
}

/** The row number's placeholder in the XML SQLite makes: the export thread writes each row's number in its place. */
export const XLSX_ROW_MARK = '\u0002';
/** A cell SQLite could not make exactly: its batch is written by the columns' `value`. */
export const XLSX_NOT_EXACT = 'char(1)';
/**
 * In the check text, each checked cell's stored text comes after \u0001 (a cell that may not be empty)
 * or \u0003 (one that may). Unsafe: a character XML escapes or drops (a control character, \u0001 and
 * \u0003 inside a text included: the blob holds those too, and exact() refuses it), a space at either
 * end of a text, an empty text where a cell may not be empty, and U+FFFD: stored bytes that are not
 * UTF-8 read as it in JavaScript, while the blob would carry them as they are.
 */
// eslint-disable-next-line no-control-regex
const XLSX_CHECK_UNSAFE = /[&<>"\u0000\u0002\u0004-\u001f\ufffd-\uffff]|[\u0001\u0003]\s|\s(?=[\u0001\u0003]|$)|\u0001(?=[\u0001\u0003]|$)/;

/**
 * The plan of an export's XLSX on SQLite, or null when a column has no `xlsx`: each batch of rows as
 * one blob of sheet XML made by SQLite (issue 13 §5), as csvSqlPlan's lines are for CSV. A row is
 * `<row r="◊">` and its cells, ◊ the placeholder XLSX_ROW_MARK where the export thread writes the
 * row's number (the thread knows where its slice starts); the first cell and every cell after an
 * optional column carry their reference (`<c r="C◊"`), as SheetRowXml writes them with the same
 * columns. A batch is used only when it is exactly what the columns write: no cell SQLite could not
 * make (\u0001 in the blob, which no exact cell holds: the stored text of every checked column is
 * in the check text, where any control character fails it), and no checked text with a character XML
 * escapes or a space at either end. Any other batch is read as rows and written by `value`.
 */
export function xlsxSqlPlan<Row>(columns: readonly Pick<ExportColumn<Row>, 'xlsx'>[]): ExportReadPlan | null {
  const sqls = columns.map((c) => c.xlsx);
  if (sqls.length === 0 || !sqls.every((x): x is XlsxCellSql => x !== undefined)) return null;
  const parts = sqls.flatMap((x, i) => x.cell(i === 0 || sqls[i - 1]!.optional ? `<c r="${columnName(i)}${XLSX_ROW_MARK}"` : '<c'));
  const checks = sqls.flatMap((x) => (x.check === undefined ? [] : [x.check.mayBeEmpty ? 'char(3)' : 'char(1)', x.check.text]));
  return {
    xml: {
      row: concatSql(joinLiterals([sqlLiteral(`<row r="${XLSX_ROW_MARK}">`), ...parts, `'</row>'`])),
      check: checks.length > 0 ? concatSql(checks) : null,
      exact: (xml, check) => !xml.includes(1) && !xml.includes(3) && (check === null || !XLSX_CHECK_UNSAFE.test(check)),
    },
  };
}

const SQL_LITERAL = /^'(?:[^']|'')*'$/;

/** Consecutive string literals as one: concat() pays for each argument. */
function joinLiterals(parts: readonly string[]): string[] {
  const out: string[] = [];
  for (const part of parts) {
    const last = out[out.length - 1];
    if (last !== undefined && SQL_LITERAL.test(last) && SQL_LITERAL.test(part)) out[out.length - 1] = last.slice(0, -1) + part.slice(1);
    else out.push(part);
  }
  return out;
}

/** concat() of SQL expressions, nested by hundreds (SQLite takes at most 127 arguments a function unless built otherwise). */
function concatSql(parts: readonly string[]): string {
  if (parts.length <= 100) return `concat(${parts.join(', ')})`;
  const groups: string[] = [];
  for (let i = 0; i < parts.length; i += 100) groups.push(concatSql(parts.slice(i, i + 100)));
  return concatSql(groups);
}

/** What the columns' cells write about empty cells (SheetRowXml): which columns' cells may be empty. */
export function xlsxOptional(columns: readonly Pick<ExportColumn<unknown>, 'xlsx'>[]): boolean[] {
  return columns.map((c) => c.xlsx?.optional === true);
}

/**
 * A text cell as XLSX SQL (ExportColumn.xlsx) from `text`, the SQL of its text (sqlText, sqlJoin):
 * checked (xlsxSqlPlan), so NULL or empty text where the column is not `optional` fails the check;
 * empty text is an empty cell where it is. The text is read once for a cell that may not be empty,
 * three times for one that may (cheap for a column; for an expression, prefer xlsxMadeText).
 */
export function xlsxText(text: string, o: { optional: boolean }): XlsxCellSql {
  return {
    cell: (open) =>
      o.optional
        ? [`iif(${text} = '', '', ${sqlLiteral(open + TEXT_OPEN)})`, text, `iif(${text} = '', '', '${TEXT_CLOSE}')`]
        : [sqlLiteral(open + TEXT_OPEN), text, `'${TEXT_CLOSE}'`],
    optional: o.optional,
    check: { text, mayBeEmpty: o.optional },
  };
}

/**
 * A text cell of an optional column as XLSX SQL (ExportColumn.xlsx) from `text`, an expression of the
 * catalog's texts that xmlSafeText passes (not checked), '' exactly when `empty` holds (an empty
 * cell), NULL where it cannot give the column's text. `text` is made once a row.
 */
export function xlsxMadeText(text: string, empty: string): XlsxCellSql {
  return {
    cell: (open) => [
      `case when ${empty} then '' else concat(${sqlLiteral(open + TEXT_OPEN)}, ifnull(${text}, ${XLSX_NOT_EXACT}), '${TEXT_CLOSE}') end`,
    ],
    optional: true,
  };
}

/**
 * A column declared TEXT as a `sql` cell: its text, or '' for NULL. SQLite keeps only text, NULL or a
 * blob in a TEXT column (a number given to one is stored as its text) and the app writes no blobs, so
 * `ifnull` gives what the column's `value` writes. A `typeof` check on each value cost about a tenth of
 * the transaction export's statement (callgrind over 10,000 rows of the bench database: 37.4 -> 33.3
 * thousand instructions a row; with sqlJoin and moneySql below as well, 31.6). transactions/export.test.ts
 * checks that the columns given here are declared TEXT.
 */
export function sqlText(column: string, dialect: DialectName = 'sqlite'): string {
  return dialect === 'postgres' ? `coalesce("${column}", '')` : `ifnull("${column}", '')`;
}

/** Two columns declared TEXT joined with a constant between them (maskCard): NULL when either is NULL. */
export function sqlJoin(first: string, between: string, second: string): string {
  return `"${first}" || ${sqlLiteral(between)} || "${second}"`;
}

/**
 * A stored wording looked up in `known` ([its text trimmed and lower-cased, the cell's text]), else the
 * wording itself, as a `sql` cell: a scheme's dispute reason shown in the reader's language where the
 * catalog knows it (disputeReasonKeyOf). Only a wording of printable ASCII is looked up, where SQL's
 * trim and lower do what JavaScript's do; any other wording, or NULL, gives NULL (its row is written
 * by `value`).
 */
export function wordingSql(column: string, known: readonly (readonly [string, string])[], dialect: DialectName = 'sqlite'): string {
  const col = `"${column}"`;
  const pg = dialect === 'postgres';
  const ascii = pg ? `${col} !~ '[^ -~]'` : `${col} not glob '*[^ -~]*'`;
  const key = pg ? `lower(trim(${col}) collate "C")` : `lower(trim(${col}))`;
  const whens = known.map(([wording, text]) => `when ${sqlLiteral(wording)} then ${sqlLiteral(text)}`).join(' ');
  return `case when ${ascii} then case ${key} ${whens} else ${col} end end`;
}

/** A text as an SQL string literal. */
export function sqlLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/** The largest integer a JavaScript number holds exactly: moneyCell's fast path. */
export const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * moneyCell's text as a `sql` cell: an integer amount in minor units (any other value gives NULL) in
 * its currency's decimals (knownMinorUnits, 2 otherwise; the currency is a column declared TEXT, and
 * NULL gives NULL), "-" before a negative amount. On SQLite the decimals are the last digits of (|amount| mod 10^n) + 10^n:
 * one concat and one substr (callgrind, as sqlText: 1.2 thousand instructions a row fewer than the
 * same text made with abs, a padded substr and four `||`).
 */
export function moneySql(amount: string, currency: string, dialect: DialectName = 'sqlite'): string {
  return moneyByCurrency(amount, currency, SAFE, (units) => moneyText(`"${amount}"`, units, dialect), dialect);
}

/**
 * The text of integer amount `a` (SQL) with `units` decimals (moneySql). PostgreSQL: the amount times
 * 10^-units as numeric, whose text has exactly that scale ("271.14", "-0.05", "0.00"): one product and
 * one output instead of two integer divisions, two texts and a concat (a batch of 1,000 lines of the
 * transaction export, both amounts: 0.15 ms less of 4.4).
 */
function moneyText(a: string, units: number, dialect: DialectName): string {
  if (units === 0) return `cast(${a} as text)`;
  if (dialect === 'postgres') return `(${a} * 0.${'0'.repeat(units - 1)}1)::text`;
  const digits = (value: string) => {
    const scale = 10 ** units;
    return `${value} / ${scale}, '.', substr(${value} % ${scale} + ${scale}, 2)`;
  };
  return `case when ${a} >= 0 then concat(${digits(a)}) else concat('-', ${digits(`-${a}`)}) end`;
}

/**
 * Letters that a character other than an ASCII one becomes in JavaScript's toUpperCase (minorUnitsOf):
 * ß SS, ı I, ſ S and the ligatures ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ (every code point checked). A currency code without
 * them is upper-cased to itself only from ASCII letters, which PostgreSQL's upper() under the ucs_basic
 * collation (C) folds as JavaScript does; the database's own collation (libc's towupper per character)
 * costs about 0.07 µs a cell more.
 */
const UPPER_FROM_OTHER = /[FILST]/;

/**
 * `of(units)` by the currency's decimals (knownMinorUnits, 2 otherwise), for an integer amount within
 * ±`bound`; else NULL. On PostgreSQL the amount is a bigint column (no type to test) and the currency
 * is compared upper-cased, as minorUnitsOf reads it (under the ucs_basic collation when no code has a
 * letter of UPPER_FROM_OTHER); SQLite compares it without case (ASCII).
 */
function moneyByCurrency(
  amount: string,
  currency: string,
  bound: number,
  of: (units: number) => string,
  dialect: DialectName = 'sqlite',
): string {
  const a = `"${amount}"`;
  const pg = dialect === 'postgres';
  const other = knownMinorUnits().filter(([, units]) => units !== 2);
  const code = !pg
    ? `"${currency}" collate nocase`
    : other.some(([c]) => UPPER_FROM_OTHER.test(c))
      ? `upper("${currency}")`
      : `upper("${currency}" collate ucs_basic)`;
  const byCurrency = other.length
    ? `case ${code} ${other.map(([c, units]) => `when ${sqlLiteral(c)} then ${of(units)}`).join(' ')} else ${of(2)} end`
    : of(2);
  const integer = pg ? `${a} is not null` : `typeof(${a}) = 'integer'`;
  return `case when ${integer} and "${currency}" is not null and ${a} between -${bound} and ${bound} then ${byCurrency} end`;
}

/**
 * moneyCell's XLSX cell as XLSX SQL (ExportColumn.xlsx): the number with its currency's style, written
 * as its exact text (moneySql's, which xlsxCells writes too).
 */
export function moneyXlsx(amount: string, currency: string): XlsxCellSql {
  const style = (units: number) => sqlLiteral(NUMBER_TAIL[STYLE_OF[AMOUNT_FORMATS[units] ?? 'amount2']]!);
  return {
    cell: (open) => [
      sqlLiteral(open),
      moneyByCurrency(amount, currency, SAFE, style),
      `ifnull(${moneySql(amount, currency)}, ${XLSX_NOT_EXACT})`,
      `'</v></c>'`,
    ],
    optional: false,
  };
}
