import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { selectInPlace } from './sql-select';

/** The shape of a list's statement as Kysely compiles it (keysetBatches). */
const LIST =
  'select "t"."id", "g"."gateway_no", "t"."name", "t"."amount" * 2 as "double", "t"."at" from "t" inner join "g" on "g"."id" = "t"."gid" ' +
  'where "t"."m" = ? and ("t"."at", "t"."id") < (?, ?) order by "t"."at" desc, "t"."id" desc limit ?';

describe('a select written in place of a statement’s own select list', () => {
  it('replaces each name the select reads by the statement’s expression and keeps the rest of the statement', () => {
    expect(selectInPlace(LIST, `"id", "at", concat("name", ',', "gateway_no", ',', "double") as "__csv0"`)).toBe(
      'select "t"."id" as "id", "t"."at" as "at", concat("t"."name", \',\', "g"."gateway_no", \',\', ("t"."amount" * 2)) as "__csv0" ' +
        'from "t" inner join "g" on "g"."id" = "t"."gid" where "t"."m" = ? and ("t"."at", "t"."id") < (?, ?) order by "t"."at" desc, "t"."id" desc limit ?',
    );
  });

  it('leaves names inside string literals alone, and literals holding quotes, commas and FROM', () => {
    const out = selectInPlace(LIST, `"id", ("name" || ' "name", from x, ''y''') as "r"`);
    expect(out).toContain(`("t"."name" || ' "name", from x, ''y''') as "r"`);
  });

  it('keeps the subquery (null) for any statement that is not a plain select, or a select naming what the statement lacks', () => {
    const cases = [
      LIST.replace('select ', 'select distinct '),
      `${LIST.replace(' order by', ' group by "t"."id" order by')}`,
      LIST.replace('"t"."name"', 'row_number() over (order by "t"."at") as "name"'),
      `${LIST} union all select 1, 2, 3, 4, 5`,
      // An ORDER BY on a result name would read another value once the name is gone.
      LIST.replace('order by "t"."at" desc', 'order by "double" desc'),
      // An item that is neither a column nor named.
      LIST.replace('"t"."name"', 'upper("t"."name")'),
      'with x as (select 1) select * from x',
    ];
    for (const statement of cases) expect(selectInPlace(statement, `"id", "name" as "n"`), statement).toBeNull();
    expect(selectInPlace(LIST, `"id", "missing" as "m"`)).toBeNull();
    // A name the statement gives twice.
    expect(selectInPlace(LIST.replace('"t"."name"', '"g"."id"'), `"id", "at"`)).toBeNull();
    expect(selectInPlace(LIST, `"id", upper("name")`)).toBeNull();
  });

  it('gives the rows the subquery gives, in its order', () => {
    const db = new SqliteDatabase(':memory:');
    db.exec(`create table g (id integer primary key, gateway_no text);
      create table t (id integer primary key, gid integer, m integer, name text, amount integer, at integer);
      insert into g values (1, 'G1'), (2, 'G,2');`);
    const insert = db.prepare('insert into t values (?, ?, ?, ?, ?, ?)');
    for (let i = 1; i <= 300; i += 1)
      insert.run(i, 1 + (i % 2), i % 3 === 0 ? 2 : 1, i % 7 === 0 ? null : `n"${i}`, i * 5, 1_000 + (i % 40));
    const select = `"id", "at", concat(ifnull("name", '?'), ',', "gateway_no", ',', "double") as "__csv0"`;
    const inPlace = selectInPlace(LIST, select);
    expect(inPlace).not.toBeNull();
    const parameters = [1, 1_030, 250, 120];
    const wrapped = db
      .prepare(`select ${select} from (${LIST})`)
      .raw(true)
      .all(...parameters);
    expect(wrapped.length).toBe(120);
    expect(
      db
        .prepare(inPlace!)
        .raw(true)
        .all(...parameters),
    ).toEqual(wrapped);
    db.close();
  });
});
