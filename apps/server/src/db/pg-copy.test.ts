import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/test-db';
import { openPgExportReader } from '../platform/export-reader';
import { pgPoolOf } from './database';
import { copyRows, inlineParameters } from './pg-copy';

/**
 * The export threads read a statement's rows on PostgreSQL through a binary COPY, its parameters
 * written in as literals (pg-copy.ts). The rows must be what pg gives for the same statement and
 * values, and a value must stay a value whatever it holds.
 */
describe('parameters written into a COPY', () => {
  it('writes each value as an escape-string literal of the text pg would send', () => {
    expect(
      inlineParameters('select * from "t" where "a" = $1 and "b" = $2 and "c" > $3 limit $10', [
        7,
        "o'neil \\ x",
        -1.5,
        4,
        5,
        6,
        7,
        8,
        9,
        1000,
      ]),
    ).toBe(`select * from "t" where "a" = E'7' and "b" = E'o''neil \\\\ x' and "c" > E'-1.5' limit E'1000'`);
    expect(inlineParameters('select $1, $2, $3', [null, true, 12n])).toBe(`select NULL, E'true', E'12'`);
  });

  it('gives nothing for a value that is not plain, a parameter without a value, or a text it cannot read surely', () => {
    expect(inlineParameters('select $1', [new Date(0)])).toBeNull();
    expect(inlineParameters('select $1', [Number.NaN])).toBeNull();
    expect(inlineParameters('select $1', ['a\0b'])).toBeNull();
    expect(inlineParameters('select $1, $2', [1])).toBeNull();
    expect(inlineParameters(`select 'x' || $1`, ['y'])).toBeNull();
    expect(inlineParameters('select "a b" from t where id = $1', [1])).toBeNull();
    expect(inlineParameters('select $$x$$ where 1 = $1', [1])).toBeNull();
    expect(inlineParameters('select 1 -- $1', [1])).toBeNull();
    expect(inlineParameters('select 1 /* $1 */', [1])).toBeNull();
  });
});

describe('rows through a binary COPY', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
    if (t.dialect !== 'postgres') return;
    await sql`create table copy_scratch (id bigint primary key, small smallint, mid integer, big bigint, name text, code varchar(8), price numeric(12, 2))`.execute(
      t.db,
    );
    const texts = [
      '',
      'plain',
      "o'neil",
      'back\\slash',
      '逗号,引号"',
      'emoji 😀 and é',
      'tab\tnew\nline',
      "x'); drop table copy_scratch; --",
    ];
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      id: i + 1,
      small: i % 7 === 0 ? null : (i % 60000) - 30000,
      mid: i % 11 === 0 ? null : i * 65537 * (i % 2 ? 1 : -1),
      big: i % 13 === 0 ? null : [0, -1, 2 ** 32, -(2 ** 32) - 5, 2 ** 53 - 1, -(2 ** 53) + 1, 1795861008522][i % 7]! + (i % 5),
      name: i % 17 === 0 ? null : `${texts[i % texts.length]} ${i}`,
      code: i % 19 === 0 ? null : `C${i % 1000}`,
      price: `${i}.25`,
    }));
    for (let at = 0; at < rows.length; at += 500)
      await t.db
        .insertInto('copy_scratch' as never)
        .values(rows.slice(at, at + 500) as never)
        .execute();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  const statement =
    'select "id", "small", "mid", "big", "name", "code" from "copy_scratch" where "id" > $1 and ("name" is null or "name" <> $2) order by "id" limit $3';

  it('gives the rows pg gives, every type and NULL alike, and takes a value with quotes as a value', async () => {
    if (t.dialect !== 'postgres') return;
    const pool = pgPoolOf(t.db)!;
    for (const parameters of [
      [0, "x'); drop table copy_scratch; -- 5", 3000],
      [100, 'nothing', 2500],
      [2990, "o'neil 3", 50],
      [0, 'back\\slash 3', 20],
      [5000, '', 10],
    ]) {
      const plain = await pool.query({ text: statement, values: parameters, rowMode: 'array' });
      const types = plain.fields.map((f) => f.dataTypeID);
      const copied = await copyRows(pool, statement, parameters, types);
      expect(copied).not.toBeNull();
      expect(copied).toEqual(plain.rows);
    }
    expect(Number((await sql<{ n: string }>`select count(*) as n from copy_scratch`.execute(t.db)).rows[0]!.n)).toBe(3000);
  });

  it('reads nothing by COPY for a type it does not decode, and the export reader gives the same rows either way', async () => {
    if (t.dialect !== 'postgres') return;
    const pool = pgPoolOf(t.db)!;
    const withPrice = 'select "id", "price" from "copy_scratch" where "id" > $1 order by "id" limit $2';
    const plain = await pool.query({ text: withPrice, values: [0, 10], rowMode: 'array' });
    expect(
      await copyRows(
        pool,
        withPrice,
        [0, 10],
        plain.fields.map((f) => f.dataTypeID),
      ),
    ).toBeNull();

    // The reader's first batch of a statement is read plainly (its types), the next ones by COPY.
    const reader = openPgExportReader(pool);
    const first = await reader.all(statement, [0, 'none', 1000]);
    const second = await reader.all(statement, [1000, 'none', 1000]);
    const again = await openPgExportReader(pool).all(statement, [1000, 'none', 1000]);
    expect(first).toHaveLength(1000);
    expect(second).toEqual(again);
    expect(second[0]).toEqual(expect.objectContaining({ id: 1001 }));
    const priced = openPgExportReader(pool);
    await priced.all(withPrice, [0, 5]);
    expect(await priced.all(withPrice, [5, 2])).toEqual([
      { id: 6, price: '5.25' },
      { id: 7, price: '6.25' },
    ]);
  });
});
