/**
 * The script of the count thread (platform/count-thread.ts): counts a list's rows on a SQLite file
 * opened read-only, one count at a time, each within its deadline. Only better-sqlite3: it starts quickly.
 */
import { parentPort, threadId } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import { countSql, type CountAnswer, type CountJob } from './platform/count-thread';

/** The deadline of the count running now; the connection's budget function reads it. */
let deadline = 0;
let calls = 0;
const PAST = 'the count ran past its budget';

const connections = new Map<string, { db: SqliteDatabase.Database; statements: Map<string, SqliteDatabase.Statement> }>();

function connectionOf(file: string) {
  let c = connections.get(file);
  if (!c) {
    const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    // Reading the clock at every row would cost more than the row: every 1,024th.
    db.function('mbo_within_budget', { deterministic: false }, () => {
      calls += 1;
      if ((calls & 1023) === 0 && Date.now() > deadline) throw new Error(PAST);
      return 1;
    });
    c = { db, statements: new Map() };
    connections.set(file, c);
  }
  return c;
}

function count(job: CountJob): CountAnswer {
  if (Date.now() > job.deadline) return { id: job.id, n: null, thread: threadId };
  try {
    const c = connectionOf(job.file);
    let stmt = c.statements.get(job.sql);
    if (!stmt) {
      stmt = c.db.prepare(countSql(job.sql, ' where mbo_within_budget()')).pluck();
      if (c.statements.size > 100) c.statements.clear();
      c.statements.set(job.sql, stmt);
    }
    deadline = job.deadline;
    calls = 0;
    return { id: job.id, n: Number(stmt.get(...job.parameters)), thread: threadId };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return message === PAST ? { id: job.id, n: null, thread: threadId } : { id: job.id, error: message };
  }
}

parentPort?.on('message', (job: CountJob) => parentPort?.postMessage(count(job)));
