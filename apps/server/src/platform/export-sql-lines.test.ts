import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlanTestCodes, rowXmlOf } from '../../test/export-plan';
import { csvLines } from './export';
import { exportCells } from './export-cells';
import { csvSqlPlan, moneySql, moneyXlsx, sqlText, xlsxSqlPlan, xlsxText } from './export-sql';
import { type ExportColumn } from './export-values';
import { ByteBatch, numberRows } from './export-worker';
import { openSqliteExportReader } from './export-reader';
import { keysetBatches } from './keyset-walk';
import { type KeysetList, type Seek } from './list';
import { steadyZoneDays } from './time';

/*
 * Whole lines (ExportReadPlan.lines): when every column's cell is SQLite's, a batch is read as one
 * text. A walk over rows with runs of equal sort values (batches end inside them), some of them odd
 * (their batch is read as rows instead), across a clock change, must give the text the columns write.
 * The cells of single rows are export-sql-plan.test.ts.
 */

registerPlanTestCodes();

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-plan-'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
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
