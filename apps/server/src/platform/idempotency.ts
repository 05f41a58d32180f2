import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_LEASE_MS } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, Trx } from '../db/database';
import { AppError, conflictError } from './errors';
import { DAY_MS } from './time';

/*
 * Idempotency keys for the requests that move money or open a case (refund application, refund from an
 * alert, appeal, and every later one). With an `Idempotency-Key` header:
 *   1. the key is claimed for the caller's merchant in a short transaction of its own (status
 *      `processing`), so a second request with the key while the first runs answers "being processed";
 *   2. the effect runs in its own transaction, and the same transaction marks the key `done` with the
 *      data of the answer: a node that dies after the commit and before the reply leaves a key whose
 *      retry replays that answer, never a second effect;
 *   3. a refusal (validation, business rule) releases the claim: nothing happened, so the same key may
 *      be sent again, with the same or a corrected request.
 * The same key with another request (route or body) is refused. A claim older than IN_FLIGHT_LEASE_MS
 * that never finished (its node died before committing) is taken over by the next request. Keys expire
 * after KEY_TTL_MS. Without the header a request runs as before.
 */

export const KEY_TTL_MS = DAY_MS;
/**
 * How soon a claim whose node died is taken over. Correctness does not rest on it: markDone only records
 * the answer, in the effect's own transaction, while the claim is unchanged, so a first copy still running
 * after a takeover rolls back. It is longer than a request normally runs (the shutdown timeout is 10 s),
 * so that a slow first copy is rarely undone, and short enough that a client retrying after a crash gets
 * its answer within seconds instead of minutes.
 */
export const IN_FLIGHT_LEASE_MS = IDEMPOTENCY_LEASE_MS;
const KEY_RE = /^[\x21-\x7e]{1,255}$/;
const HEADER = IDEMPOTENCY_KEY_HEADER.toLowerCase();

/** The header as the routes that take it declare it (for the OpenAPI document; idempotencyKeyOf checks it). */
export const ZIdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      'One key per submission (1 to 255 printable ASCII characters). A retry with the same key and request gets the first answer, marked with the response header Idempotent-Replayed: true; with another request it is refused (1009); while the first is still running the answer is 1009 "being processed". Kept 24 hours, per merchant.',
    ),
});

/** Runs `fn` in one database transaction: what a service's effect is given. */
export type TxRunner = <T>(fn: (trx: Trx) => Promise<T>) => Promise<T>;

export function plainTx(db: Db): TxRunner {
  return (fn) => db.transaction().execute(fn);
}

/** The key of a request, or null without the header; a malformed key is a validation error. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | null {
  const raw = headers[HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !KEY_RE.test(key)) throw new AppError('idempotency.keyInvalid', ErrorCode.validation);
  return key;
}

/** JSON with object keys sorted, so the same request always gives the same fingerprint. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the answer is the replay of an earlier request with the same key. */
    idempotentReplay?: boolean;
  }
}

/** Marks a replayed answer, as payment APIs do, so that a client (and the multi-node test) can tell it from a first answer. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export function installIdempotencyHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.idempotentReplay) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    done(null, payload);
  });
}

export type IdempotentRequest = {
  merchantId: number;
  /** `null`: no header, the request runs as before. */
  key: string | null;
  /** Method and route pattern, e.g. `POST /v3api/refundment/apply`. */
  route: string;
  /** What makes two requests the same: the parsed body (for uploads: the fields and the files' digests). */
  request: unknown;
  /** Called when the answer is a replay. */
  onReplay?: () => void;
};

/** The idempotency side of a request: its key header, its route, and what makes two of them the same. */
export function idempotentRequestOf(request: FastifyRequest, merchantId: number, same: unknown): IdempotentRequest {
  return {
    merchantId,
    key: idempotencyKeyOf(request.headers),
    route: `${request.method} ${request.routeOptions.url ?? ''}`,
    request: same,
    onReplay: () => {
      request.idempotentReplay = true;
    },
  };
}

type Claim = { kind: 'claimed'; id: number; claimedAt: number } | { kind: 'replay'; data: unknown };

async function claim(db: Db, r: IdempotentRequest & { key: string }, fingerprint: string, now: number): Promise<Claim> {
  return db.transaction().execute(async (trx) => {
    // An expired key is forgotten before it is looked at: after 24 hours a key is new again.
    await trx
      .deleteFrom('idempotency_keys')
      .where('merchant_id', '=', r.merchantId)
      .where('idem_key', '=', r.key)
      .where('created_at', '<=', now - KEY_TTL_MS)
      .execute();
    const inserted = await trx
      .insertInto('idempotency_keys')
      .values({
        merchant_id: r.merchantId,
        idem_key: r.key,
        route: r.route,
        fingerprint,
        status: 'processing',
        response: null,
        created_at: now,
        claimed_at: now,
      })
      .onConflict((oc) => oc.columns(['merchant_id', 'idem_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { kind: 'claimed', id: inserted.id, claimedAt: now };

    const row = await trx
      .selectFrom('idempotency_keys')
      .select(['id', 'fingerprint', 'status', 'response', 'claimed_at'])
      .where('merchant_id', '=', r.merchantId)
      .where('idem_key', '=', r.key)
      .executeTakeFirst();
    // Released between the insert and the read: the caller may simply try again.
    if (!row) throw conflictError('idempotency.inFlight');
    if (row.fingerprint !== fingerprint) throw new AppError('idempotency.mismatch', ErrorCode.conflict);
    if (row.status === 'done') return { kind: 'replay', data: JSON.parse(row.response ?? 'null') as unknown };
    if (now - row.claimed_at < IN_FLIGHT_LEASE_MS) throw conflictError('idempotency.inFlight');
    // The first holder died before committing anything: take the claim over, conditionally.
    const taken = await trx
      .updateTable('idempotency_keys')
      .set({ claimed_at: now })
      .where('id', '=', row.id)
      .where('status', '=', 'processing')
      .where('claimed_at', '=', row.claimed_at)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw conflictError('idempotency.inFlight');
    return { kind: 'claimed', id: row.id, claimedAt: now };
  });
}

async function markDone(db: Db | Trx, id: number, claimedAt: number, data: unknown): Promise<void> {
  const done = await db
    .updateTable('idempotency_keys')
    .set({ status: 'done', response: JSON.stringify(data ?? null) })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('claimed_at', '=', claimedAt)
    .executeTakeFirst();
  // Someone took the claim over (this request outlived the lease): undo the effect rather than doubling it.
  if (Number(done.numUpdatedRows) !== 1) throw conflictError('idempotency.inFlight');
}

async function release(db: Db, id: number, claimedAt: number): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('claimed_at', '=', claimedAt)
    .execute();
}

/**
 * Runs a request's effect under its idempotency key. `effect` receives the transaction runner it must use
 * for its writes, once, and that transaction must return the answer's data itself: it is recorded with
 * the effect, and it is what a replay returns. It may run again after a transaction of it rolled back
 * (a payment whose trade number was taken draws another: transactions/withNewTradeNo); nothing of the
 * refused one was recorded.
 */
export async function withIdempotency<T>(db: Db, r: IdempotentRequest, now: number, effect: (tx: TxRunner) => Promise<T>): Promise<T> {
  if (r.key === null) return effect(plainTx(db));
  const fingerprint = createHash('sha256')
    .update(`${r.route}\n${canonicalJson(r.request)}`)
    .digest('hex');
  const c = await claim(db, { ...r, key: r.key }, fingerprint, now);
  if (c.kind === 'replay') {
    r.onReplay?.();
    return c.data as T;
  }
  let recorded = false;
  const tx: TxRunner = (fn) =>
    db.transaction().execute(async (trx) => {
      const result = await fn(trx);
      await markDone(trx, c.id, c.claimedAt, result);
      recorded = true;
      return result;
    });
  try {
    const result = await effect(tx);
    if (!recorded) await markDone(db, c.id, c.claimedAt, result);
    return result;
  } catch (error) {
    if (!recorded) await release(db, c.id, c.claimedAt).catch(() => undefined);
    throw error;
  }
}

/** Drops keys past their 24 hours (the scheduled purge; lookups ignore them anyway). */
export async function purgeExpiredKeys(db: Db, now: number): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<=', now - KEY_TTL_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
