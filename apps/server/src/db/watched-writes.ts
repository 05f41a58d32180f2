import { Kysely, type DatabaseConnection, type Dialect, type Driver } from 'kysely';
import { CHANGE_WATCH, WATCH_TOPICS, type WatchTopic } from './change-watch';
import type { Database } from './types';

/*
 * Every statement of this process passes through a driver wrapper that sees which change-watch topics
 * (db/change-watch.ts) it writes. A cache of a topic in this process is told when its own node changed
 * the data, without waiting for the counter read of another node's change.
 */

/** A statement that writes one of `tables`. */
function writeOf(tables: Record<string, unknown>): RegExp {
  return new RegExp(`^\\s*(?:insert\\s+into|update|delete\\s+from)\\s+"?(?:${Object.keys(tables).join('|')})"?[\\s(]`, 'i');
}
const WATCHED_WRITE = WATCH_TOPICS.map((topic) => [topic, writeOf(CHANGE_WATCH[topic].tables)] as const);
const LAST_USE_WRITE = /^\s*update\s+"?sessions"?\s+set\s+"?last_seen_at"?\s*=\s*(?:\?|\$\d+)\s+where/i;

/** The change-watch topics (db/change-watch.ts) a statement writes; a session's own last-use write is none. */
export function watchedWrites(statement: string): WatchTopic[] {
  const topics: WatchTopic[] = [];
  for (const [topic, write] of WATCHED_WRITE) if (write.test(statement)) topics.push(topic);
  if (topics[0] === 'auth' && LAST_USE_WRITE.test(statement)) topics.shift();
  return topics;
}

export function writesAuthData(statement: string): boolean {
  return watchedWrites(statement).includes('auth');
}

type WriteListeners = Map<WatchTopic, Set<() => void>>;
const writeListeners = new WeakMap<object, WriteListeners>();

/**
 * Calls `listener` each time a statement of this process that wrote a table of `topic` (db/change-watch.ts)
 * is done: after its transaction committed or rolled back, or after the statement itself outside one
 * (when the driver releases the connection). A cache of that topic then re-reads its version before its
 * next answer, so the node that made a change honours it at once. Returns the unsubscribe function.
 */
export function onWatchedWrite(db: Kysely<Database>, topic: WatchTopic, listener: () => void): () => void {
  const set = writeListeners.get(db)?.get(topic);
  if (!set) return () => undefined;
  set.add(listener);
  return () => set.delete(listener);
}

function watchWrites(inner: Driver, notify: (topics: ReadonlySet<WatchTopic>) => void): Driver {
  const patched = new WeakSet<DatabaseConnection>();
  const topicsOf = new WeakMap<DatabaseConnection, Set<WatchTopic>>();
  const driver: Driver = {
    init: () => inner.init(),
    async acquireConnection() {
      const connection = await inner.acquireConnection();
      if (!patched.has(connection)) {
        patched.add(connection);
        const execute = connection.executeQuery.bind(connection);
        connection.executeQuery = (query) => {
          for (const topic of watchedWrites(query.sql)) {
            const topics = topicsOf.get(connection);
            if (topics) topics.add(topic);
            else topicsOf.set(connection, new Set([topic]));
          }
          return execute(query);
        };
      }
      return connection;
    },
    beginTransaction: (c, settings) => inner.beginTransaction(c, settings),
    commitTransaction: (c) => inner.commitTransaction(c),
    rollbackTransaction: (c) => inner.rollbackTransaction(c),
    async releaseConnection(connection) {
      await inner.releaseConnection(connection);
      const topics = topicsOf.get(connection);
      if (topics) {
        topicsOf.delete(connection);
        notify(topics);
      }
    },
    destroy: () => inner.destroy(),
  };
  if (inner.savepoint) driver.savepoint = inner.savepoint.bind(inner);
  if (inner.rollbackToSavepoint) driver.rollbackToSavepoint = inner.rollbackToSavepoint.bind(inner);
  if (inner.releaseSavepoint) driver.releaseSavepoint = inner.releaseSavepoint.bind(inner);
  return driver;
}

/** The dialect, its driver telling `listeners` of watched writes (see onWatchedWrite). */
function watchedDialect(base: Dialect, listeners: WriteListeners): Dialect {
  const notify = (topics: ReadonlySet<WatchTopic>) => {
    for (const topic of topics) for (const l of listeners.get(topic) ?? []) l();
  };
  return {
    createAdapter: () => base.createAdapter(),
    createDriver: () => watchWrites(base.createDriver(), notify),
    createQueryCompiler: () => base.createQueryCompiler(),
    createIntrospector: (db) => base.createIntrospector(db),
  };
}

export function watchedKysely(base: Dialect): Kysely<Database> {
  const listeners: WriteListeners = new Map(WATCH_TOPICS.map((topic) => [topic, new Set<() => void>()]));
  const db = new Kysely<Database>({ dialect: watchedDialect(base, listeners) });
  writeListeners.set(db, listeners);
  return db;
}
