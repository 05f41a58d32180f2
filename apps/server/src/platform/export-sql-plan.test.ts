import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvLines } from './export';
import { exportCells } from './export-cells';
import { csvSqlPlan, moneySql, moneyXlsx, sqlJoin, sqlText, XLSX_ROW_MARK, xlsxOptional, xlsxSqlPlan, xlsxText } from './export-sql';
import { type ExportColumn } from './export-values';
import { xlsxCells } from './export-xlsx';
import { ByteBatch, numberRows } from './export-worker';
import { registerMessages } from './i18n';
import { openSqliteExportReader } from './export-reader';
import { keysetBatches } from './keyset-walk';
import { type KeysetList, type Seek } from './list';
import { selectInPlace } from './sql-select';
import { steadyZoneDays } from './time';
import { SheetRowXml } from './xlsx-rows';

/*
 * CSV cells made by SQLite (csvSqlPlan): on a scratch database holding every kind of value an export
 * may meet, each line read through the plan must be the line the columns' `value` writes, and a row
 * the plan cannot make exactly must come back whole.
 */

registerMessages({
  zhCn: { 'planTest.code.1': '一', 'planTest.code.2': '二，或更多', 'planTest.code.7': '七' },
  zhHk: { 'planTest.code.1': '一', 'planTest.code.2': '二，或更多', 'planTest.code.7': '七' },
  en: { 'planTest.code.1': 'One', 'planTest.code.2': 'Two, or more', 'planTest.code.7': 'Say "seven"' },
});

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

/** A row's XML as SheetRowXml writes it from the columns' values, numbered `n`. */
function rowXmlOf<R>(columns: ExportColumn<R>[]): (row: R, n: number) => string {
  const sheet = new SheetRowXml(columns.length, xlsxOptional(columns));
  const put = xlsxCells(columns);
  return (row, n) => {
    sheet.begin(n);
    put(sheet, row);
    return sheet.end();
  };
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

/*
 * Whole lines (ExportReadPlan.lines): when every column's cell is SQLite's, a batch is read as one
 * text. A walk over rows with runs of equal sort values (batches end inside them), some of them odd
 * (their batch is read as rows instead), across a clock change, must give the text the columns write.
 */
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

describe('CSV lines made whole by SQLite', () => {
  type WalkDb = { w: WalkRow };
  type WalkRow = { id: number; name: string; code: number; amount: number; currency: string; at: number; email: string };
  // An hour into the day of London's last clock change a month or more ago (SQLite makes the cells of
  // its last three years' steady days).
  const LONDON_CHANGE =
    steadyZoneDays('Europe/London')!
      .filter((d) => d.untilMs < Date.now() - 30 * 86_400_000)
      .at(-1)!.untilMs + 3_600_000;
  const ODD = ['a,b', 'say "hi"', '=1+1', 'line\nbreak', '-x', 'cr\rhere'];
  let walkFile: string;
  let kdb: Kysely<WalkDb>;

  beforeAll(() => {
    walkFile = path.join(dir, 'walk.sqlite');
    const db = new SqliteDatabase(walkFile);
    db.exec(
      'create table w (id integer primary key, name text, code integer, amount integer, currency text, at integer not null, email text)',
    );
    const insert = db.prepare('insert into w (id, name, code, amount, currency, at, email) values (?, ?, ?, ?, ?, ?, ?)');
    // Seven rows a time, 45 minutes apart: from two days before London's clock change to its day.
    for (let i = 0; i < 420; i += 1) {
      const at = LONDON_CHANGE - 40 * 3_600_000 + Math.floor(i / 7) * 2_700_000;
      insert.run(
        i + 1,
        i % 150 === 5 ? ODD[i % ODD.length] : `name ${i}`,
        i % 2 === 0 ? 1 : 3,
        100 + i * 37,
        i % 4 === 0 ? 'JPY' : 'USD',
        at,
        `u${i}@example.com`,
      );
    }
    // A stored text that is not UTF-8 (JavaScript reads its byte 0xff as U+FFFD): its batch is read as rows.
    db.exec("update w set name = cast(x'61ff62' as text) where id = 77");
    db.close();
    kdb = new Kysely<WalkDb>({ dialect: new SqliteDialect({ database: new SqliteDatabase(walkFile, { readonly: true }) }) });
  });

  afterAll(async () => {
    await kdb?.destroy();
  });

  function walkColumns(lang: 'en' | 'zhCn', timezone: string): ExportColumn<WalkRow>[] {
    const c = exportCells(lang, timezone);
    return [
      { header: 'Name', value: (r) => r.name, sql: sqlText('name'), xlsx: xlsxText(sqlText('name'), { optional: false }) },
      {
        header: 'Code',
        value: (r) => c.label('planTest.code', r.code),
        sql: c.labelSql('planTest.code', 'code'),
        xlsx: c.labelXlsx('planTest.code', 'code'),
      },
      {
        header: 'Amount',
        value: (r) => c.money(r.amount, r.currency),
        sql: moneySql('amount', 'currency'),
        xlsx: moneyXlsx('amount', 'currency'),
      },
      { header: 'At', value: (r) => c.time(r.at), sql: c.timeSql('at'), fields: ['at'], xlsx: c.timeXlsx('at', { optional: false }) },
      { header: 'Email', value: (r) => r.email, sql: sqlText('email'), xlsx: xlsxText(sqlText('email'), { optional: true }) },
    ];
  }

  function walkOf(plan: ReturnType<typeof csvSqlPlan>) {
    const list: KeysetList<WalkDb, 'w', WalkRow> = {
      rows: () => kdb.selectFrom('w').select(['w.id', 'w.name', 'w.code', 'w.amount', 'w.currency', 'w.at', 'w.email']),
      sort: { column: 'w.at', id: 'w.id', direction: 'desc', value: (r) => r.at },
    };
    return keysetBatches(list, { batchRows: 50, reader: () => openSqliteExportReader(walkFile, plan) });
  }

  it('a walk read as lines where SQLite makes them is the text the columns write, in slices too, ties and a clock change included', async () => {
    for (const [lang, timezone] of [
      ['en', 'Europe/London'],
      ['zhCn', 'Asia/Shanghai'],
    ] as const) {
      const columns = walkColumns(lang, timezone);
      const plan = csvSqlPlan(columns);
      expect(plan?.lines).toBeDefined();
      const line = csvLines(columns);
      let expected = '';
      for await (const batch of walkOf(null).slice(null, null)) for (const row of batch) expected += line(row);
      expect(expected.split('\r\n').length - 1).toBe(420);

      // The file's bytes, compared as bytes: stored text that is not UTF-8 reads as U+FFFD either way once decoded.
      const read = async (from: Seek | null, until: Seek | null) => {
        const parts: Buffer[] = [];
        let asLines = 0;
        let asRows = 0;
        for await (const batch of walkOf(plan).sliceLines(from, until)) {
          if (Array.isArray(batch)) {
            asRows += 1;
            for (const row of batch) parts.push(Buffer.from(line(row)));
          } else {
            asLines += 1;
            parts.push(batch.bytes);
          }
        }
        return { bytes: Buffer.concat(parts), asLines, asRows };
      };
      const all = await read(null, null);
      expect(all.bytes.toString('hex')).toBe(Buffer.from(expected).toString('hex'));
      // Both ways: batches with an odd row (or, in London, on the day of the change) are read as rows.
      expect(all.asLines).toBeGreaterThan(1);
      expect(all.asRows).toBeGreaterThan(0);

      const bounds: Seek[] = [];
      for await (const b of walkOf(plan).bounds(120)) bounds.push(b);
      const sliced: Buffer[] = [];
      for (let k = 0; k < bounds.length; k += 1) sliced.push((await read(bounds[k]!, bounds[k + 1] ?? null)).bytes);
      expect(Buffer.concat(sliced).toString('hex')).toBe(Buffer.from(expected).toString('hex'));
    }
  });

  it('a walk read as sheet XML where SQLite makes it is the XML the columns write, numbered across sheets, in slices too', async () => {
    for (const [lang, timezone] of [
      ['en', 'Europe/London'],
      ['zhCn', 'Asia/Shanghai'],
    ] as const) {
      const columns = walkColumns(lang, timezone);
      const plan = xlsxSqlPlan(columns);
      expect(plan?.xml).toBeDefined();
      // Sheets of 130 rows: numbers restart at 2 (the header is row 1) inside batches of 50.
      const max = 130;
      const written = rowXmlOf(columns);
      const expected: string[] = [''];
      let at = 0;
      for await (const batch of walkOf(null).slice(null, null)) {
        for (const row of batch) {
          if (Math.floor(at / max) === expected.length) expected.push('');
          expected[expected.length - 1] += written(row, (at % max) + 2);
          at += 1;
        }
      }
      expect(at).toBe(420);

      const read = async (from: Seek | null, until: Seek | null, first: number) => {
        const sheets: string[] = [];
        const out = new ByteBatch();
        let sheet = Math.floor(first / max);
        let pos = first;
        let asXml = 0;
        let asRows = 0;
        const flush = () => {
          sheets[sheet] = (sheets[sheet] ?? '') + out.view().toString('utf8');
          out.clear();
        };
        const nextSheet = () => {
          flush();
          sheet += 1;
          return Promise.resolve();
        };
        for await (const batch of walkOf(plan).sliceXml(from, until)) {
          if (Array.isArray(batch)) {
            asRows += 1;
            for (const row of batch) {
              if (Math.floor(pos / max) !== sheet) await nextSheet();
              out.write(written(row, (pos % max) + 2));
              pos += 1;
            }
          } else {
            asXml += 1;
            pos = await numberRows(batch.xml, batch.rows, pos, max, out, () => sheet, nextSheet);
          }
        }
        flush();
        return { sheets, asXml, asRows, rows: pos - first };
      };
      const all = await read(null, null, 0);
      expect(all.sheets).toEqual(expected);
      // Both ways: batches with an odd name (or, in London, on the day of the change) are read as rows.
      expect(all.asXml).toBeGreaterThan(1);
      expect(all.asRows).toBeGreaterThan(0);

      const bounds: Seek[] = [];
      for await (const b of walkOf(plan).bounds(120)) bounds.push(b);
      const sliced: string[] = [];
      let first = 0;
      for (let k = 0; k < bounds.length; k += 1) {
        const part = await read(bounds[k]!, bounds[k + 1] ?? null, first);
        part.sheets.forEach((text, i) => (sliced[i] = (sliced[i] ?? '') + (text ?? '')));
        first += part.rows;
      }
      expect(sliced).toEqual(expected);
    }
  });

  it('the time cell SQLite makes is the text `time` gives or NULL, and is made on the days a zone keeps its offset in recent years', () => {
    const db = new SqliteDatabase(':memory:');
    const day = 86_400_000;
    const now = Date.now();
    // Every 17 minutes and a second over the last 400 days (a zone's clock changes among them); and far
    // times, made only where a zone kept one offset from now to then (else written by `time`).
    const near: number[] = [];
    for (let ms = now - 400 * day; ms < now; ms += 1_021_000) near.push(ms);
    const far = [0, 86_400_000 * 400 + 1, now - 40 * 365 * day, now + 30 * 365 * day];
    try {
      for (const timezone of ['Europe/London', 'Asia/Shanghai', 'America/New_York', 'Europe/Paris', 'Asia/Kolkata', 'Not/AZone']) {
        const c = exportCells('en', timezone);
        const stmt = db.prepare(`select ${c.timeSql('at')} from (select ? as "at")`).pluck();
        // As an integer (a JavaScript number is bound as a REAL).
        const cell = (at: number) => stmt.get(BigInt(at)) as string | null;
        let made = 0;
        for (const at of near) {
          const text = cell(at);
          if (text === null) continue;
          made += 1;
          expect(text, `${timezone} ${at}`).toBe(c.time(at)!.text);
        }
        // A zone without a table (steadyZoneDays) leaves every time to `time`.
        if (steadyZoneDays(timezone) === null) expect(made, timezone).toBe(0);
        else expect(made, timezone).toBeGreaterThan(near.length * 0.98);
        for (const at of far) {
          const text = cell(at);
          if (text !== null) expect(text, `${timezone} ${at}`).toBe(c.time(at)!.text);
        }
        expect(stmt.get(null)).toBe('');
        // Not an integer: written by `time`.
        expect(stmt.get(1_772_000_000_000.5)).toBeNull();
        expect(stmt.get('1772000000000')).toBeNull();
      }
    } finally {
      db.close();
    }
  });
});
