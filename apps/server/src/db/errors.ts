/**
 * A unique index refused a write: PostgreSQL's SQLSTATE 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE. With
 * `column`, only when the refused index is on it: PostgreSQL's message and `constraint` name the index
 * ("transactions_trade_no_uq"), SQLite's message the columns ("UNIQUE constraint failed:
 * transactions.trade_no"); the project's unique indexes are named after their columns.
 */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  const e = error as { code?: unknown; message?: unknown; constraint?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : '';
  const unique =
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed|duplicate key value violates unique/i.test(message);
  if (!unique || column === undefined) return unique;
  return message.includes(column) || (typeof e?.constraint === 'string' && e.constraint.includes(column));
}

/**
 * The pg pool gave up waiting (DATABASE_POOL_WAIT_MS): every connection stayed busy, or a new one did not
 * connect, for that long. pg-pool says so only in its message.
 */
export function isPoolWaitTimeout(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return (
    typeof message === 'string' &&
    (message === 'timeout exceeded when trying to connect' || message.startsWith('Connection terminated due to connection timeout'))
  );
}
