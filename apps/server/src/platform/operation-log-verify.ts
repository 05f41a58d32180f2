import { OPERATION_LOG_KEEP_MS } from '../db/migrations/0008-system-management';
import type { Db } from '../db/database';
import { rowHash } from './operation-log-chain';

/*
 * Walks a merchant's operation-log chain (operation-log-chain.ts explains it) and names each row that
 * was changed, removed or inserted. Used by `npm run ops -- oplog:verify` and the operation-log
 * screen's badge (GET /log/operationLogChain).
 */

export type ChainProblemKind =
  /** The row's fields no longer give its hash. */
  | 'changed'
  /** The row's previous hash is not the row before it: a row between was removed, or the row before was rewritten. */
  | 'linkBroken'
  /** The row sits between two rows that chain onto each other, or after the chain's last entry. */
  | 'inserted'
  /** A row without a hash after the chain started. */
  | 'unchained'
  /** The chain's last entry (by its head) is missing or differs. */
  | 'lastRemoved'
  /** The oldest row kept points to a previous row although nothing that young may be purged. */
  | 'cutTooYoung';

export type ChainProblem = { id: number; kind: ChainProblemKind; detail: string };
export type ChainReport = { merchantId: number; checked: number; problems: ChainProblem[] };

const BATCH = 1000;

type Walked = Record<string, unknown> & { id: number; hash: string; prev_hash: string; created_at: number };

async function* rowsOf(db: Db, merchantId: number): AsyncGenerator<Walked[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('operation_logs')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    const walked = rows.map((r) => ({ ...r, id: Number(r.id), created_at: Number(r.created_at) }) as Walked);
    yield walked;
    after = walked[walked.length - 1]?.id ?? after;
  }
}

function headOf(db: Db, merchantId: number) {
  return db.selectFrom('operation_log_heads').select(['last_id', 'last_hash']).where('merchant_id', '=', merchantId).executeTakeFirst();
}

export async function verifyMerchantChain(db: Db, merchantId: number, now: number): Promise<ChainReport> {
  const problems: ChainProblem[] = [];
  const report = (id: number, kind: ChainProblemKind, detail: string) => problems.push({ id, kind, detail });
  const headBefore = await headOf(db, merchantId);
  // Hashes of the rows walked so far, in order, so a row that chains onto an earlier one shows the rows between as inserted.
  const seen = new Map<string, number>();
  const order: { id: number; hash: string }[] = [];
  let last: { id: number; hash: string } | null = null;
  let started = false;
  let checked = 0;
  const hashes = new Map<number, string>();
  for await (const batch of rowsOf(db, merchantId)) {
    for (const row of batch) {
      if (row.hash === '') {
        if (started) report(row.id, 'unchained', `entry ${row.id} has no hash although the chain started before it (inserted by hand)`);
        continue;
      }
      checked += 1;
      hashes.set(row.id, row.hash);
      if (rowHash(row) !== row.hash) report(row.id, 'changed', `entry ${row.id} was changed: its fields do not give its stored hash`);
      if (!started) {
        started = true;
        if (row.prev_hash !== '' && row.created_at > now - OPERATION_LOG_KEEP_MS)
          report(row.id, 'cutTooYoung', `entries before ${row.id} were removed although they are younger than 12 months`);
      } else if (last && row.prev_hash !== last.hash) {
        const earlier = seen.get(row.prev_hash);
        if (earlier !== undefined) {
          for (const o of order.filter((x) => x.id > earlier))
            report(o.id, 'inserted', `entry ${o.id} was inserted: entry ${row.id} chains onto entry ${earlier} before it`);
        } else {
          report(
            row.id,
            'linkBroken',
            `an entry between ${last.id} and ${row.id} was removed (or entry ${last.id} rewritten): entry ${row.id} does not chain onto entry ${last.id}`,
          );
        }
      }
      last = { id: row.id, hash: row.hash };
      seen.set(row.hash, row.id);
      order.push(last);
    }
  }
  const headAfter = await headOf(db, merchantId);
  if (headBefore && Number(headBefore.last_id) > 0) {
    const id = Number(headBefore.last_id);
    const stored = hashes.get(id);
    if (stored === undefined) report(id, 'lastRemoved', `entry ${id}, the chain's last entry, was removed`);
    else if (stored !== headBefore.last_hash) report(id, 'lastRemoved', `entry ${id}, the chain's last entry, is not the one appended`);
  }
  // Rows after the head as it stands once the walk is done were not appended through the chain.
  const headId = Number(headAfter?.last_id ?? 0);
  for (const o of order) if (o.id > headId) report(o.id, 'inserted', `entry ${o.id} was inserted after the chain's last entry ${headId}`);
  problems.sort((a, b) => a.id - b.id);
  return { merchantId, checked, problems };
}

/** Every merchant's chain, or one merchant's. */
export async function verifyChains(db: Db, now: number, merchantIds?: readonly number[]): Promise<ChainReport[]> {
  const ids = merchantIds ?? (await db.selectFrom('merchants').select('id').orderBy('id').execute()).map((r) => Number(r.id));
  const reports: ChainReport[] = [];
  for (const id of ids) reports.push(await verifyMerchantChain(db, id, now));
  return reports;
}
