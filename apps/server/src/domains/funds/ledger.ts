import { sql } from 'kysely';
import { PostgresAdapter } from 'kysely';
import type { TLedgerType } from '@mbo/shared/funds';
import type { Db, DbOrTrx, Trx } from '../../db/database';
import { availableMonthSums, WITHDRAWAL_TXN_TYPES } from '../../db/migrations/0016-ledger-month-rollup';
import { businessError } from '../../platform/errors';
import { businessDay } from '../../platform/rollups';

/*
 * The double-entry ledger (README.md in this folder). Every money event posts one ledger transaction
 * whose entries sum to zero, in the caller's database transaction. Account balances are a cache of the
 * sums of their entries, updated in the same transaction; the accounts that must never go negative are
 * updated with a guarded UPDATE (`balance + amount >= 0`), so a second request that would overdraw
 * them finds no row to update and rolls back, whatever the interleaving.
 *
 * Sign convention: an entry is positive when it credits the account as the merchant sees it (the
 * merchant's balances are positive numbers); the acquirer's counter-accounts carry the opposite sign.
 */

/** The merchant's accounts, and the acquirer's counter-accounts, one set per merchant, gateway and currency. */
export const ACCOUNT_KINDS = [
  'available',
  'unsettled',
  'reserve',
  'frozen',
  'debt',
  'capture',
  'refundOut',
  'chargebackOut',
  'reversalIn',
  'feeTxn',
  'feeRefund',
  'feeChargeback',
  'feeRdr',
  'feeEthoca',
  'feeWithdrawal',
  'payout',
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** Balances that must stay >= 0. */
export const NON_NEGATIVE: ReadonlySet<AccountKind> = new Set(['available', 'unsettled', 'reserve', 'frozen']);
/** Balances that must stay <= 0 (what the merchant owes). */
export const NON_POSITIVE: ReadonlySet<AccountKind> = new Set(['debt']);

export type AccountKey = { merchantId: number; gatewayId: number; currency: string };
export type Line = { kind: AccountKind; amount: number };
export type Balances = Record<AccountKind, number>;
export type Cause = { type: TLedgerType; refType: string; refId: number; refNo: string; at: number };

function isPostgres(db: DbOrTrx): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function emptyBalances(): Balances {
  return Object.fromEntries(ACCOUNT_KINDS.map((k) => [k, 0])) as Balances;
}

async function readAccounts(trx: Trx, key: AccountKey, kinds: readonly AccountKind[]) {
  return trx
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'balance'])
    .where('merchant_id', '=', key.merchantId)
    .where('gateway_id', '=', key.gatewayId)
    .where('currency', '=', key.currency)
    .where('kind', 'in', kinds)
    .orderBy('id')
    .$if(isPostgres(trx), (qb) => qb.forUpdate())
    .execute();
}

async function accountIds(trx: Trx, key: AccountKey, kinds: readonly AccountKind[]): Promise<Map<AccountKind, number>> {
  const ids = new Map<AccountKind, number>();
  for (const r of await readAccounts(trx, key, kinds)) ids.set(r.kind as AccountKind, Number(r.id));
  const missing = kinds.filter((k) => !ids.has(k));
  if (missing.length > 0) {
    await trx
      .insertInto('ledger_accounts')
      .values(missing.map((kind) => ({ merchant_id: key.merchantId, gateway_id: key.gatewayId, currency: key.currency, kind })))
      .onConflict((oc) => oc.columns(['merchant_id', 'gateway_id', 'currency', 'kind']).doNothing())
      .execute();
    for (const r of await readAccounts(trx, key, missing)) ids.set(r.kind as AccountKind, Number(r.id));
  }
  return ids;
}

export class LedgerImbalanceError extends Error {}

/** Lines without zeros, and a check that they balance (a programming error otherwise). */
function checked(lines: Line[]): Line[] {
  const kept = lines.filter((l) => l.amount !== 0);
  for (const l of kept) if (!Number.isSafeInteger(l.amount)) throw new LedgerImbalanceError(`amount ${l.amount} is not an integer`);
  const sum = kept.reduce((s, l) => s + l.amount, 0);
  if (sum !== 0) throw new LedgerImbalanceError(`entries sum to ${sum}, not 0: ${JSON.stringify(kept)}`);
  return kept;
}

export type Prepared = { key: AccountKey; lines: Line[]; ids: Map<AccountKind, number> };

/**
 * Phase one of a posting: locks the accounts `kinds` (PostgreSQL: SELECT ... FOR UPDATE in id order, so
 * postings never deadlock), lets `build` choose the lines from their balances, and applies the lines to
 * the balances with guarded UPDATEs. Throws `funds.insufficient` when a guarded balance would go out of
 * bounds. Nothing is recorded until `record`.
 */
export async function prepare(trx: Trx, key: AccountKey, kinds: readonly AccountKind[], build: (b: Balances) => Line[]): Promise<Prepared> {
  const balances = emptyBalances();
  for (const r of await readAccounts(trx, key, kinds)) balances[r.kind as AccountKind] = Number(r.balance);
  const lines = checked(build(balances));
  const used = [...new Set(lines.map((l) => l.kind))];
  for (const k of used) if (!kinds.includes(k)) throw new LedgerImbalanceError(`account ${k} was not locked`);
  const ids = lines.length > 0 ? await accountIds(trx, key, used) : new Map<AccountKind, number>();
  for (const l of lines) {
    const id = ids.get(l.kind) ?? 0;
    const res = await trx
      .updateTable('ledger_accounts')
      .set({
        balance: sql<number>`balance + ${l.amount}`,
        credits: l.amount > 0 ? sql<number>`credits + ${l.amount}` : sql<number>`credits`,
        debits: l.amount < 0 ? sql<number>`debits + ${-l.amount}` : sql<number>`debits`,
      })
      .where('id', '=', id)
      .$if(NON_NEGATIVE.has(l.kind) && l.amount < 0, (qb) => qb.where(sql<boolean>`balance + ${l.amount} >= 0`))
      .$if(NON_POSITIVE.has(l.kind) && l.amount > 0, (qb) => qb.where(sql<boolean>`balance + ${l.amount} <= 0`))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw businessError('funds.insufficient');
  }
  return { key, lines, ids };
}

/** Phase two: the immutable ledger transaction and its entries. Returns its id (null when nothing moved). */
export async function record(trx: Trx, p: Prepared, cause: Cause, now: number): Promise<number | null> {
  if (p.lines.length === 0) return null;
  const { id } = await trx
    .insertInto('ledger_transactions')
    .values({
      merchant_id: p.key.merchantId,
      gateway_id: p.key.gatewayId,
      currency: p.key.currency,
      type: cause.type,
      ref_type: cause.refType,
      ref_id: cause.refId,
      ref_no: cause.refNo,
      occurred_at: cause.at,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('ledger_entries')
    .values(
      p.lines.map((l) => ({
        txn_id: id,
        account_id: p.ids.get(l.kind) ?? 0,
        merchant_id: p.key.merchantId,
        gateway_id: p.key.gatewayId,
        currency: p.key.currency,
        account_kind: l.kind,
        txn_type: cause.type,
        amount: l.amount,
        occurred_at: cause.at,
      })),
    )
    .execute();
  await addToAvailableMonth(trx, p, cause);
  return Number(id);
}

/** Keeps `ledger_available_months` in step: the entries' movement of the available balance, withdrawals left out. */
async function addToAvailableMonth(trx: Trx, p: Prepared, cause: Cause): Promise<void> {
  if ((WITHDRAWAL_TXN_TYPES as readonly string[]).includes(cause.type)) return;
  const amount = p.lines.filter((l) => l.kind === 'available').reduce((s, l) => s + l.amount, 0);
  if (amount === 0) return;
  await trx
    .insertInto('ledger_available_months')
    .values({
      merchant_id: p.key.merchantId,
      gateway_id: p.key.gatewayId,
      currency: p.key.currency,
      month: businessDay(cause.at).slice(0, 7),
      amount,
    })
    .onConflict((oc) =>
      oc
        .columns(['merchant_id', 'gateway_id', 'currency', 'month'])
        .doUpdateSet({ amount: sql<number>`ledger_available_months.amount + excluded.amount` }),
    )
    .execute();
}

/** prepare + record. */
export async function post(
  trx: Trx,
  key: AccountKey,
  kinds: readonly AccountKind[],
  build: (b: Balances) => Line[],
  cause: Cause,
  now: number = cause.at,
): Promise<number | null> {
  return record(trx, await prepare(trx, key, kinds, build), cause, now);
}

/** The accounts a deduction may touch (lock them all). */
export const DEDUCTION_KINDS: readonly AccountKind[] = ['available', 'unsettled', 'reserve', 'debt'];

/**
 * Lines that take `amount` from the merchant: the available balance first, then money not yet settled
 * (netted from the next batch), then the reserve; what is left is refused (`forced` false: a refund the
 * merchant asked for) or owed (`forced` true: a chargeback or a fee the scheme imposes), recorded on the
 * debt account and repaid first from the next credits.
 */
export function deduction(b: Balances, amount: number, forced: boolean): Line[] {
  const fromAvailable = Math.min(Math.max(b.available, 0), amount);
  const fromUnsettled = Math.min(Math.max(b.unsettled, 0), amount - fromAvailable);
  const fromReserve = Math.min(Math.max(b.reserve, 0), amount - fromAvailable - fromUnsettled);
  const rest = amount - fromAvailable - fromUnsettled - fromReserve;
  if (rest > 0 && !forced) throw businessError('funds.insufficient');
  return [
    { kind: 'available', amount: -fromAvailable },
    { kind: 'unsettled', amount: -fromUnsettled },
    { kind: 'reserve', amount: -fromReserve },
    { kind: 'debt', amount: -rest },
  ];
}

/** The balances after some lines. */
export function applied(b: Balances, lines: readonly Line[]): Balances {
  const next = { ...b };
  for (const l of lines) next[l.kind] += l.amount;
  return next;
}

/** A deduction that must be covered (`amount`) followed by one that may be owed (`owedIfShort`, a fee). */
export function deductionWithFee(b: Balances, amount: number, fee: number): Line[] {
  const first = deduction(b, amount, false);
  return [...first, ...deduction(applied(b, first), fee, true)];
}

/** Lines that give `amount` to the merchant: what is owed is repaid first, the rest becomes available. */
export function credit(b: Balances, amount: number): Line[] {
  const repay = Math.min(Math.max(-b.debt, 0), amount);
  return [
    { kind: 'debt', amount: repay },
    { kind: 'available', amount: amount - repay },
  ];
}

/** The merchant's balances of an account set (no lock; for reads). */
export async function readBalances(db: DbOrTrx, key: AccountKey): Promise<Balances> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance'])
    .where('merchant_id', '=', key.merchantId)
    .where('gateway_id', '=', key.gatewayId)
    .where('currency', '=', key.currency)
    .execute();
  const b = emptyBalances();
  for (const r of rows) b[r.kind as AccountKind] = Number(r.balance);
  return b;
}

export type VerifyProblem = { kind: 'unbalanced' | 'cache' | 'bounds' | 'rollup'; detail: string };

type MonthRow = { merchant_id: number; gateway_id: number; currency: string; month: string; amount: number };

/** `ledger_available_months` against the sums of the entries (a missing row counts as zero). */
async function verifyAvailableMonths(db: Db, limit: number): Promise<VerifyProblem[]> {
  const expected = (await availableMonthSums(isPostgres(db) ? 'postgres' : 'sqlite').execute(db)).rows as MonthRow[];
  const stored = await db
    .selectFrom('ledger_available_months')
    .select(['merchant_id', 'gateway_id', 'currency', 'month', 'amount'])
    .execute();
  const key = (r: MonthRow) => `merchant ${r.merchant_id}, gateway ${r.gateway_id}, ${r.currency}, ${r.month}`;
  const diff = new Map<string, [number, number]>();
  for (const r of expected) diff.set(key(r), [Number(r.amount), 0]);
  for (const r of stored) {
    const d = diff.get(key(r)) ?? [0, 0];
    d[1] += Number(r.amount);
    diff.set(key(r), d);
  }
  const problems: VerifyProblem[] = [];
  for (const [k, [want, got]] of diff) {
    if (want === got) continue;
    problems.push({ kind: 'rollup', detail: `available month rollup (${k}): stored ${got}, entries ${want}` });
    if (problems.length >= limit) break;
  }
  return problems;
}

/**
 * `ledger:verify`: every ledger transaction sums to zero, every cached balance (and its credit and debit
 * totals) equals its entries, no guarded balance is out of bounds, the monthly rollup of the available
 * balance equals its entries.
 */
export async function verifyLedger(
  db: Db,
  limit = 20,
): Promise<{ problems: VerifyProblem[]; transactions: number; accounts: number; entries: number }> {
  const problems: VerifyProblem[] = [];
  const unbalanced = await db
    .selectFrom('ledger_entries')
    .select(['txn_id', sql<number>`sum(amount)`.as('total')])
    .groupBy('txn_id')
    .having(sql<boolean>`sum(amount) <> 0`)
    .limit(limit)
    .execute();
  for (const r of unbalanced) problems.push({ kind: 'unbalanced', detail: `ledger transaction ${r.txn_id} sums to ${r.total}` });
  const empty = await db
    .selectFrom('ledger_transactions as t')
    .select('t.id')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('ledger_entries as e').select('e.id').whereRef('e.txn_id', '=', 't.id'))))
    .limit(limit)
    .execute();
  for (const r of empty) problems.push({ kind: 'unbalanced', detail: `ledger transaction ${r.id} has no entries` });
  const sums = db
    .selectFrom('ledger_entries')
    .select([
      'account_id',
      sql<number>`sum(amount)`.as('total'),
      sql<number>`sum(case when amount > 0 then amount else 0 end)`.as('cr'),
      sql<number>`sum(case when amount < 0 then -amount else 0 end)`.as('dr'),
    ])
    .groupBy('account_id')
    .as('s');
  const mismatched = await db
    .selectFrom('ledger_accounts as a')
    .leftJoin(sums, 's.account_id', 'a.id')
    .select(['a.id', 'a.kind', 'a.merchant_id', 'a.currency', 'a.balance', 'a.credits', 'a.debits', 's.total', 's.cr', 's.dr'])
    .where(sql<boolean>`a.balance <> coalesce(s.total, 0) or a.credits <> coalesce(s.cr, 0) or a.debits <> coalesce(s.dr, 0)`)
    .limit(limit)
    .execute();
  for (const r of mismatched)
    problems.push({
      kind: 'cache',
      detail: `account ${r.id} (${r.kind}, merchant ${r.merchant_id}, ${r.currency}): cached ${r.balance}/${r.credits}/${r.debits}, entries ${r.total ?? 0}/${r.cr ?? 0}/${r.dr ?? 0}`,
    });
  const bounds = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind', 'balance'])
    .where((eb) =>
      eb.or([
        eb.and([eb('kind', 'in', [...NON_NEGATIVE]), eb('balance', '<', 0)]),
        eb.and([eb('kind', 'in', [...NON_POSITIVE]), eb('balance', '>', 0)]),
      ]),
    )
    .limit(limit)
    .execute();
  for (const r of bounds) problems.push({ kind: 'bounds', detail: `account ${r.id} (${r.kind}) has balance ${r.balance}` });
  problems.push(...(await verifyAvailableMonths(db, limit)));
  const count = async (t: 'ledger_transactions' | 'ledger_accounts' | 'ledger_entries') =>
    Number(
      (
        await db
          .selectFrom(t)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    problems,
    transactions: await count('ledger_transactions'),
    accounts: await count('ledger_accounts'),
    entries: await count('ledger_entries'),
  };
}
