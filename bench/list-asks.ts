import { createDb } from '../apps/server/src/db/database';
import { listEntries } from '../apps/server/src/domains/funds/repository';
import { listDisputes, rangesOf } from '../apps/server/src/domains/disputes/repository';
import { listRefunds } from '../apps/server/src/domains/refunds/repository';
import { listTransactions } from '../apps/server/src/domains/transactions/list-repository';
import { listWaybills } from '../apps/server/src/domains/waybills/repository';
import { businessDay } from '../apps/server/src/platform/rollups';
import { operatorScope } from '../apps/server/src/platform/scope';
import { DAY_MS, dayRangeInZone } from '../apps/server/src/platform/time';

/*
 * The SQL of single list asks, alone: each ask's page and count as its list route runs them, through
 * the repositories, on the database at the URL given (the 5M bench database or a copy of it), for
 * merchant 100001. Each ask four times: the first (cold for that ask) and the median of the other three.
 * The asks are the ones issue 46 §2 found slow: flag filters of 0, refunds and cases by the transaction's
 * time, a rare ledger account, waybills.
 *
 *   node --import tsx bench/list-asks.ts sqlite:/tmp/copy.sqlite [name filter]
 */

const handle = createDb(process.argv[2] ?? '');
const only = process.argv[3] ?? '';
const db = handle.db;
const tz = 'Asia/Shanghai';
const merchant = await db.selectFrom('merchants').select('id').where('merchant_no', '=', '100001').executeTakeFirstOrThrow();
const scope = operatorScope(merchant.id);
const newest = await db
  .selectFrom('transactions')
  .select((eb) => eb.fn.max('created_at').as('at'))
  .where('merchant_id', '=', merchant.id)
  .executeTakeFirstOrThrow();
const now = Number(newest.at);
const today = businessDay(now);
const back = (days: number) => businessDay(now - days * DAY_MS);
const page = { page: 1, limit: 20 };
type Page = { total: number; capped: boolean; list: unknown[] };

const tx = (days: number, f: Record<string, unknown>) => () =>
  listTransactions(
    db,
    { scope, view: 'formal', timezone: tz, filter: { from: back(days), to: today, timeType: 'trans', ...f } as never },
    page as never,
  );
const refunds =
  (days: number, f: Record<string, unknown> = {}) =>
  () =>
    listRefunds(db, scope, { from: back(days), to: today, ...page, ...f } as never, dayRangeInZone(back(days), today, tz));
const cases =
  (days: number, f: Record<string, unknown> = {}) =>
  () =>
    listDisputes(
      db,
      scope,
      { from: back(days), to: today, view: 'all', ...page, ...f } as never,
      rangesOf({ from: back(days), to: today }, tz, now),
      now,
    );
const entries = (days: number, f: Record<string, unknown>) => () =>
  listEntries(db, scope, { from: back(days), to: today, ...page, ...f } as never, dayRangeInZone(back(days), today, tz));
const waybills =
  (days: number, f: Record<string, unknown> = {}) =>
  () =>
    listWaybills(db, scope, { from: back(days), to: today, ...page, ...f } as never, dayRangeInZone(back(days), today, tz), {
      type: 'either',
      due: null,
    });

const ASKS: [string, () => Promise<Page>][] = [
  ['transactions 6 months chargebackStatus=0', tx(182, { chargebackStatus: 0 })],
  ['transactions a month rdrStatus=0', tx(30, { rdrStatus: 0 })],
  ['transactions 6 months appealStatus=0', tx(182, { appealStatus: 0 })],
  ['transactions 6 months chargebackStatus=1', tx(182, { chargebackStatus: 1 })],
  ['refunds by trade time, a month', refunds(30, { timeType: 'trans' })],
  ['refunds by trade time, 6 months', refunds(182, { timeType: 'trans' })],
  ['cases by trade time, 3 months', cases(91, { timeType: 'trans' })],
  ['cases by trade time, 6 months', cases(182, { timeType: 'trans' })],
  ['ledger 6 months account=debt', entries(182, { account: 'debt' })],
  ['ledger 6 months account=frozen', entries(182, { account: 'frozen' })],
  ['ledger 6 months account=available currency=USD', entries(182, { account: 'available', currency: 'USD' })],
  ['waybills 3 months', waybills(91)],
  ['waybills 3 months status=0', waybills(91, { status: 0 })],
  ['waybills 3 months status=1', waybills(91, { status: 1 })],
];

try {
  for (const [name, ask] of ASKS) {
    if (!name.includes(only)) continue;
    const ms: number[] = [];
    let last: Page | null = null;
    for (let i = 0; i < 4; i += 1) {
      const t0 = performance.now();
      last = await ask();
      ms.push(performance.now() - t0);
    }
    const warm = ms.slice(1).sort((a, b) => a - b)[1] ?? 0;
    const total = last ? `${last.total}${last.capped ? '+' : ''}` : '-';
    console.log(
      `${name.padEnd(48)} first ${(ms[0] ?? 0).toFixed(1).padStart(8)} ms, then ${warm.toFixed(1).padStart(7)} ms; total ${total}`,
    );
  }
} finally {
  await handle.destroy();
}
