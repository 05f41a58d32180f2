import { createHash } from 'node:crypto';
import { PostgresAdapter } from 'kysely';
import type { Db, DbOrTrx, Trx } from '../db/database';

/*
 * The operation log's hash chain, per merchant (issue 50 §4).
 *
 * - Each entry stores its merchant's previous entry's hash (`prev_hash`, empty for the first) and its
 *   own (`hash`): SHA-256 over a canonical serialization of every field it stores (CHAINED_FIELDS, in
 *   that order, as one JSON array) including `prev_hash`. Changing a field breaks that row's hash;
 *   removing or inserting a row breaks the next row's `prev_hash`.
 * - Appending takes the merchant's head row (`operation_log_heads`) with `for update` on PostgreSQL,
 *   and SQLite has one writer, inside one transaction with the inserts: two requests or two API nodes
 *   never chain onto the same entry. Entries then follow each other by id within a merchant, which is
 *   the order verification walks. A caller already in a transaction (a service that passes its own)
 *   appends inside it, so its write and its entry commit together.
 * - The head keeps the last id and hash, so a removed last entry is seen too.
 * - Retention (`oplog:purge`, 12 months at least) deletes the oldest rows: verification starts from the
 *   oldest row kept and trusts its stored `prev_hash`. That is only accepted for a row older than the
 *   database's 12-month floor; a younger first row whose `prev_hash` is not empty means rows before it
 *   were removed.
 * - Rows written before migration 0032 have no hash; they are skipped before a merchant's first hashed
 *   row. An unhashed row after it was inserted by hand.
 */

/** A row of operation_logs as written. */
export type OperationRow = {
  merchant_id: number;
  admin_id: number | null;
  operator: string;
  sys_admin: 0 | 1;
  source: string;
  module: string;
  operation: string;
  action: string;
  op_type: string;
  content: string;
  target: string;
  result: number;
  error: string;
  ip: string;
  created_at: number;
  actor_kind: string;
  auth_method: string;
  before_value: string;
  after_value: string;
  code: number;
};

/** The stored fields the hash covers, in this order. */
const CHAINED_FIELDS = [
  'merchant_id',
  'admin_id',
  'operator',
  'sys_admin',
  'source',
  'actor_kind',
  'auth_method',
  'module',
  'operation',
  'action',
  'op_type',
  'content',
  'target',
  'result',
  'code',
  'error',
  'ip',
  'before_value',
  'after_value',
  'created_at',
  'prev_hash',
] as const;

export type ChainedRow = { [K in (typeof CHAINED_FIELDS)[number]]: K extends 'admin_id' ? number | null : string | number };

const NUMERIC = new Set<string>(['merchant_id', 'admin_id', 'sys_admin', 'result', 'code', 'created_at']);

/** The canonical text of a row (numbers as numbers whatever the driver returned, null kept). */
export function canonicalRow(row: Record<string, unknown>): string {
  return JSON.stringify(
    CHAINED_FIELDS.map((f) => {
      const v = row[f];
      if (v === null || v === undefined) return null;
      return NUMERIC.has(f) ? Number(v) : String(v);
    }),
  );
}

export function rowHash(row: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalRow(row)).digest('hex');
}

function isPostgres(db: DbOrTrx): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

async function appendForMerchant(trx: Trx, merchantId: number, rows: readonly OperationRow[]): Promise<void> {
  await trx
    .insertInto('operation_log_heads')
    .values({ merchant_id: merchantId })
    .onConflict((oc) => oc.column('merchant_id').doNothing())
    .execute();
  const head = await trx
    .selectFrom('operation_log_heads')
    .select(['last_id', 'last_hash'])
    .where('merchant_id', '=', merchantId)
    .$if(isPostgres(trx), (qb) => qb.forUpdate())
    .executeTakeFirstOrThrow();
  let prev = head.last_hash;
  let lastId = Number(head.last_id);
  for (const row of rows) {
    const chained = { ...row, prev_hash: prev };
    const hash = rowHash(chained);
    const inserted = await trx
      .insertInto('operation_logs')
      .values({ ...chained, hash })
      .returning('id')
      .executeTakeFirstOrThrow();
    prev = hash;
    lastId = Number(inserted.id);
  }
  await trx.updateTable('operation_log_heads').set({ last_id: lastId, last_hash: prev }).where('merchant_id', '=', merchantId).execute();
}

/**
 * Appends entries to their merchants' chains: one transaction per merchant (in merchant order, so two
 * appends never wait on each other's heads crosswise), or the caller's transaction when it passes one.
 */
export async function appendChained(db: DbOrTrx, rows: readonly OperationRow[]): Promise<void> {
  const byMerchant = new Map<number, OperationRow[]>();
  for (const r of rows) byMerchant.set(r.merchant_id, [...(byMerchant.get(r.merchant_id) ?? []), r]);
  for (const merchantId of [...byMerchant.keys()].sort((a, b) => a - b)) {
    const own = byMerchant.get(merchantId) ?? [];
    if (db.isTransaction) await appendForMerchant(db as Trx, merchantId, own);
    else await (db as Db).transaction().execute((trx) => appendForMerchant(trx, merchantId, own));
  }
}
