import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from './database';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-db-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('SQLite shared by the server and an operator command', () => {
  it('a transaction that reads before it writes is not lost to a write another process committed meanwhile', async () => {
    const file = path.join(dir, 'shared.sqlite');
    const handle = createDb(`sqlite:${file}`);
    try {
      await sql`create table counters (name text primary key, value integer not null)`.execute(handle.db);
      await sql`insert into counters values ('a', 0), ('b', 0)`.execute(handle.db);
      // The other process: an operator command on the same file, which does not wait for the lock.
      const other = new SqliteDatabase(file);
      other.pragma('busy_timeout = 0');
      let otherWrite: 'committed' | 'busy' | null = null;
      try {
        await handle.db.transaction().execute(async (trx) => {
          await sql`select value from counters where name = 'a'`.execute(trx);
          try {
            other.prepare(`update counters set value = value + 1 where name = 'b'`).run();
            otherWrite = 'committed';
          } catch (error) {
            expect((error as { code?: string }).code).toBe('SQLITE_BUSY');
            otherWrite = 'busy';
          }
          // With a deferred BEGIN this write fails with "database is locked" once the other write committed.
          await sql`update counters set value = value + 1 where name = 'a'`.execute(trx);
        });
      } finally {
        other.close();
      }
      // The transaction held the write lock from its start: the other process waited (here: gave up at once).
      expect(otherWrite).toBe('busy');
      const rows = await sql<{ name: string; value: number }>`select name, value from counters order by name`.execute(handle.db);
      expect(rows.rows).toEqual([
        { name: 'a', value: 1 },
        { name: 'b', value: 0 },
      ]);
    } finally {
      await handle.destroy();
    }
  });
});
