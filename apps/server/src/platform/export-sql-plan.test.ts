import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlanTestCodes, rowXmlOf } from '../../test/export-plan';
import { csvLines } from './export';
import { exportCells } from './export-cells';
import { csvSqlPlan, moneySql, moneyXlsx, sqlJoin, sqlText, XLSX_ROW_MARK, xlsxSqlPlan, xlsxText } from './export-sql';
import { type ExportColumn } from './export-values';
import { openSqliteExportReader } from './export-reader';
import { selectInPlace } from './sql-select';

/*
 * CSV cells made by SQLite (csvSqlPlan): on a scratch database holding every kind of value an export
 * may meet, each line read through the plan must be the line the columns' `value` writes, and a row
 * the plan cannot make exactly must come back whole; the same for XLSX cells (xlsxSqlPlan). A walk
 * read as whole lines or sheet XML is export-sql-lines.test.ts.
 */

registerPlanTestCodes();

type Row = {
  id: number;
  name: string | null;
  code: number | string | null;
  scheme: string | null;
  first6: string | null;
  last4: string | null;
  amount: number | null;
  currency: string | null;
  at: number | null;
  email: string | null;
};

const TEXTS = [
  'plain',
  '',
  null,
  'a,b',
  'say "hi"',
  '=1+1',
  '-12.50',
  '+8613800000000',
  '+1-2',
  '-x',
  '@home',
  '\tTab',
  'line\nbreak',
  'cr\rhere',
  '张三',
  'x,y,z',
  'a<b & c>d',
  ' spaced ',
  '\u00a0nbsp',
  'tail\u3000',
  '\u0001one',
  'a\u0002b',
];
const CODES = [1, 2, 7, 3, 0, -4, null, 'VISA', '1', 2.5];
const AMOUNTS: (number | bigint | null)[] = [0, 5, 99, 100, 1234, -5, -1234, 123456789012, 12.5, null, 9007199254740993n];
const CURRENCIES = ['USD', 'JPY', 'jpy', 'KWD', 'XXX', '', null];

let dir: string;
let file: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-plan-'));
  file = path.join(dir, 'plan.sqlite');
  const db = new SqliteDatabase(file);
  db.exec(`create table t (
    id integer primary key, name text, code integer, scheme text, first6 text, last4 text,
    amount integer, currency text, at integer, email text)`);
  const insert = db.prepare(
    'insert into t (id, name, code, scheme, first6, last4, amount, currency, at, email) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  // Every text in every position, with the codes, amounts and currencies turning at other paces.
  for (let i = 0; i < 600; i += 1) {
    insert.run(
      i + 1,
      TEXTS[i % TEXTS.length],
      CODES[i % CODES.length],
      i % 3 === 0 ? 'VISA' : i % 3 === 1 ? 'MASTERCARD' : null,
      i % 11 === 0 ? null : '411111',
      i % 13 === 0 ? 'a,b' : '1111',
      AMOUNTS[i % AMOUNTS.length],
      CURRENCIES[i % CURRENCIES.length],
      i % 9 === 0 ? null : 1_772_000_000_000 + i * 3_600_000,
      i % 5 === 0 ? TEXTS[(i * 7) % TEXTS.length] : `user${i}@example.com`,
    );
  }
  // Bytes that are not UTF-8 (written past the app): JavaScript reads them as U+FFFD.
  db.exec(`update t set name = cast(x'61ff62' as text) where id = 2`);
  db.close();
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function columnsFor(lang: 'en' | 'zhCn'): ExportColumn<Row>[] {
  const c = exportCells(lang, 'America/New_York');
  return [
    { header: 'Name', value: (r) => r.name, sql: sqlText('name'), xlsx: xlsxText(sqlText('name'), { optional: true }) },
    {
      header: 'Code',
      value: (r) => (r.code === null ? null : c.label('planTest.code', r.code)),
      sql: c.labelSql('planTest.code', 'code'),
      xlsx: c.labelXlsx('planTest.code', 'code'),
    },
    {
      header: 'Scheme',
      value: (r) => (r.scheme === null ? null : c.label('cardScheme', r.scheme)),
      sql: c.labelSql('cardScheme', 'scheme'),
      xlsx: c.labelXlsx('cardScheme', 'scheme'),
    },
    {
      header: 'Card',
      value: (r) => `${r.first6}******${r.last4}`,
      sql: sqlJoin('first6', '******', 'last4'),
      xlsx: xlsxText(sqlJoin('first6', '******', 'last4'), { optional: false }),
    },
    {
      header: 'Amount',
      value: (r) => (r.amount === null || r.currency === null ? null : c.money(r.amount, r.currency)),
      sql: moneySql('amount', 'currency'),
      xlsx: moneyXlsx('amount', 'currency'),
    },
    { header: 'At', value: (r) => c.time(r.at), fields: ['at'], xlsx: c.timeXlsx('at', { optional: true }) },
    { header: 'Email', value: (r) => r.email, sql: sqlText('email'), xlsx: xlsxText(sqlText('email'), { optional: true }) },
  ];
}

const STATEMENT = 'select id, name, code, scheme, first6, last4, amount, currency, at, email from t where id > ? order by id limit ?';
/** The same as Kysely writes it: the reader writes the plan in place of its select list (sql-select.ts). */
const QUOTED =
  'select "t"."id", "t"."name", "t"."code", "t"."scheme", "t"."first6", "t"."last4", "t"."amount", "t"."currency", "t"."at", "t"."email" ' +
  'from "t" where "t"."id" > ? order by "t"."id" limit ?';

/** The lines of every row read through `plan` (or whole without one), and how many came through the plan. */
function linesOf(columns: ExportColumn<Row>[], plan: ReturnType<typeof csvSqlPlan>, statement = STATEMENT) {
  const reader = openSqliteExportReader(file, plan);
  try {
    const rows = reader.all(statement, [0, 1000]) as Row[];
    const line = csvLines(columns);
    return { lines: rows.map((r) => line(r)), planned: rows.filter((r) => '__csv0' in r).length, ids: rows.map((r) => Number(r.id)) };
  } finally {
    reader.close();
  }
}

describe('CSV cells made by SQLite', () => {
  it('each line read through the plan is the line the columns write, in both languages, over the statement or in its place; rows it cannot make are read whole', () => {
    for (const [lang, statement] of [
      ['en', STATEMENT],
      ['zhCn', STATEMENT],
      ['en', QUOTED],
      ['zhCn', QUOTED],
    ] as const) {
      const columns = columnsFor(lang);
      const plan = csvSqlPlan(columns);
      expect(plan).not.toBeNull();
      // The plain statement is read as a subquery, the quoted one with the plan in place of its select list.
      expect(selectInPlace(statement, plan!.rows!.select) === null).toBe(statement === STATEMENT);
      const whole = linesOf(columns, null, statement);
      const planned = linesOf(columns, plan, statement);
      expect(planned.ids).toEqual(whole.ids);
      expect(whole.planned).toBe(0);
      for (let i = 0; i < whole.lines.length; i += 1) expect(planned.lines[i], `row ${i + 1} (${lang})`).toBe(whole.lines[i]);
      // Both ways are used: most rows come made, the odd ones whole.
      expect(planned.planned).toBeGreaterThan(20);
      expect(planned.planned).toBeLessThan(whole.lines.length);
    }
  });

  it('a row whose text needs quoting or a formula guard, or whose value is not what the SQL expects, comes back whole', () => {
    const columns = columnsFor('en');
    const plan = csvSqlPlan(columns)!;
    const reader = openSqliteExportReader(file, plan);
    try {
      const rows = reader.all(STATEMENT, [0, 1000]) as (Row & { __csv0?: string })[];
      const made = rows.filter((r) => r.__csv0 !== undefined);
      const whole = rows.filter((r) => r.__csv0 === undefined);
      // A made row carries only what the plan selects; a whole row has every column.
      expect(Object.keys(made[0]!).sort()).toEqual(['__csv0', '__csv1', 'at', 'id']);
      expect(Object.keys(whole[0]!)).toContain('email');
      // The label with a comma ("Two, or more"), a REAL amount and a NULL code are never made by SQLite.
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      for (let i = 0; i < 600; i += 1) {
        const made = byId.get(i + 1)!.__csv0 !== undefined;
        if (CODES[i % CODES.length] === 2 || CODES[i % CODES.length] === null || AMOUNTS[i % AMOUNTS.length] === 12.5)
          expect(made, `row ${i + 1}`).toBe(false);
      }
    } finally {
      reader.close();
    }
  });

  it('has no plan when a column has neither SQL nor the fields its value reads', () => {
    const columns = columnsFor('en');
    expect(csvSqlPlan(columns)).not.toBeNull();
    const bare: ExportColumn<Row> = { header: 'X', value: (r) => r.name };
    expect(csvSqlPlan([...columns, bare])).toBeNull();
    expect(csvSqlPlan(columns.map(({ sql: _sql, ...c }) => ({ ...c, fields: ['name'] })))).toBeNull();
  });
});

describe('XLSX cells made by SQLite', () => {
  it('each row SQLite makes is the row the columns write, in both languages; a row it cannot make exactly is refused', () => {
    const db = new SqliteDatabase(file, { readonly: true });
    try {
      for (const lang of ['en', 'zhCn'] as const) {
        const columns = columnsFor(lang);
        const plan = xlsxSqlPlan(columns)!.xml!;
        const rows = db.prepare('select * from t order by id').all() as Row[];
        const made = db.prepare(`select ${plan.row} as "xml", ${plan.check ?? 'NULL'} as "check" from t order by id`).all() as {
          xml: string;
          check: string | null;
        }[];
        const written = rowXmlOf(columns);
        let exact = 0;
        const refused = new Set<string>();
        rows.forEach((row, i) => {
          const { xml, check } = made[i]!;
          if (!plan.exact(Buffer.from(xml), check)) {
            refused.add(String(row.name));
            return;
          }
          exact += 1;
          expect(xml.split(XLSX_ROW_MARK).join('7'), `${lang} row ${row.id}`).toBe(written(row, 7));
        });
        expect(exact, lang).toBeGreaterThan(60);
        // Text with what XML escapes, a space or a control character at its ends is written by `value`.
        for (const odd of [
          'a\ufffdb',
          'a<b & c>d',
          'say "hi"',
          ' spaced ',
          '\u00a0nbsp',
          'tail\u3000',
          '\u0001one',
          'a\u0002b',
          'line\nbreak',
          '\tTab',
        ]) {
          expect(refused, JSON.stringify(odd)).toContain(odd);
        }
      }
    } finally {
      db.close();
    }
  });

  it('has no plan when a column has no XLSX cell', () => {
    const columns = columnsFor('en');
    expect(xlsxSqlPlan(columns)).not.toBeNull();
    expect(xlsxSqlPlan([...columns, { header: 'Other', value: () => 'x' }])).toBeNull();
  });
});
