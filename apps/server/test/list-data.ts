import { sql, type RawBuilder } from 'kysely';
import { AdminStatus } from '@mbo/shared/merchants';
import { DEMO_LEGACY, DEMO_OPERATOR, DEMO_SIGN_IN, seedDemo } from '../src/seed/demo';
import { createAdmin } from './factories';
import { login, type TestContext } from './helpers';

/**
 * Data for the list filter test (list-filters.test.ts): the demo merchants (two, so that the merchant
 * scope shows, with every kind of row the lists read) with a few months of a few hundred
 * transactions, plus rows of the kinds the demo has too few of for each filter to keep some rows and
 * drop others. The test reads what is there; it does not depend on which values the demo drew.
 * `member` signs in as the demo's customer-service member, who sees one gateway only.
 */
/**
 * Values the demo draws for formal payments only; two values of one column are neighbours, so that
 * they land on different rows of a view with few rows.
 */
const TRADE_CHANGES = [
  { refund_status: 1 },
  { chargeback_status: 1 },
  { retrieval_status: 1 },
  { rdr_status: 1 },
  { ethoca_status: 1 },
  { appeal_status: 1 },
  { appeal_status: 2 },
  { pay_status: 2 },
  { pay_status: 4 },
  { trade_type: 2 },
  { card_scheme: 'VISA' },
  { card_scheme: 'JCB' },
  { card_first6: '411111' },
  { card_first6: '352800' },
  { amount: 150 },
  { amount: 99_999 },
] as const;

type Changes = readonly Record<string, number | string>[];

/** Hours to weeks after a row's creation, in another order than the creation times. */
const later = (r: { i: number; created_at: number }) => r.created_at + ((r.i * 7) % 11) * 40 * 3_600_000;

/**
 * Gives the first rows (by id) of a table that meet `where` the changes, one each; with fewer rows
 * than changes a row takes several. `each` adds columns to every one of those rows.
 */
async function vary(
  t: TestContext,
  table: 'transactions' | 'refunds' | 'disputes',
  where: RawBuilder<unknown>,
  changes: Changes,
  each: (r: { i: number; created_at: number }) => Record<string, number> = () => ({}),
) {
  const time = sql.raw(table === 'refunds' ? 'applied_at' : 'created_at');
  const rows = await sql<{ id: number; t: number | string }>`select id, ${time} as t from ${sql.table(table)}
    where ${where} order by id limit ${Math.max(changes.length, 16)}`.execute(t.db);
  const n = rows.rows.length;
  for (const [i, r] of rows.rows.entries()) {
    const change = Object.assign({}, ...changes.filter((_c, k) => k % n === i), each({ i, created_at: Number(r.t) })) as Record<
      string,
      number | string
    >;
    if (Object.keys(change).length > 0)
      await sql`update ${sql.table(table)} set ${sql.join(
        Object.entries(change).map(([k, v]) => sql`${sql.ref(k)} = ${v}`),
      )} where id = ${r.id}`.execute(t.db);
  }
}

const DAY_MS = 86_400_000;

/** The moment the data is made at and the test runs at: the demo draws its rows relative to it, so the data is the same at every run. */
export const LIST_DATA_NOW = Date.UTC(2026, 10, 26, 9, 30);

export async function seedListData(t: TestContext) {
  const { db } = t;
  t.clock.set(LIST_DATA_NOW);
  const now = LIST_DATA_NOW;
  await seedDemo(db, now, { transactions: 600, months: 3 });
  const merchant = await db
    .selectFrom('merchants')
    .select('id')
    .where('merchant_no', '=', DEMO_SIGN_IN.merchantNo)
    .executeTakeFirstOrThrow();
  const merchantId = Number(merchant.id);

  // Each transaction view gets a few rows with each rare flag and status (the demo draws them for formal payments only),
  // with processing times hours to weeks after the payment, in another order than the payment times.
  const views = [sql`category = 1 and trade_type = 2`, sql`category = 1`, ...[2, 3, 4, 5].map((c) => sql`category = ${c}`)];
  for (const view of views) {
    await vary(t, 'transactions', sql`merchant_id = ${merchantId} and ${view}`, TRADE_CHANGES, (r) => ({ returned_at: later(r) }));
  }
  await vary(
    t,
    'refunds',
    sql`merchant_id = ${merchantId}`,
    [1, 2, 3, 4, 5].map((status) => ({ status })),
    (r) => ({
      processed_at: later(r),
    }),
  );
  await vary(
    t,
    'disputes',
    sql`merchant_id = ${merchantId} and kind = 1`,
    [0, 1, 2, 3].map((appeal_status) => ({ appeal_status })),
  );

  // Administrators in each state an administrator list shows.
  const m = { id: merchantId, merchantNo: DEMO_SIGN_IN.merchantNo };
  for (const status of [AdminStatus.disabled, AdminStatus.invitationPending, AdminStatus.invitationExpired])
    await createAdmin(db, m, { status });

  // Sent replies to several addresses and complaints.
  const first = await db.selectFrom('cardholder_replies').selectAll().where('merchant_id', '=', merchantId).executeTakeFirstOrThrow();
  const complaints = await db.selectFrom('complaints').select('id').where('merchant_id', '=', merchantId).orderBy('id').limit(3).execute();
  for (const [i, c] of complaints.entries()) {
    const { id: _id, ...reply } = first;
    await db
      .insertInto('cardholder_replies')
      .values({ ...reply, complaint_id: c.id, to_addr: `holder${i % 2}@example.com`, created_at: now - (i + 1) * 3_600_000 })
      .execute();
  }

  // Operations of several kinds by several people.
  // operator, module, type
  const ops = ['admin system add', 'admin funds edit', 'operator transaction export', 'operator system delete', 'legacy risk add'];
  for (const [i, op] of ops.entries()) {
    const [operator = '', module = '', type = ''] = op.split(' ');
    await db
      .insertInto('operation_logs')
      .values({
        merchant_id: merchantId,
        admin_id: null,
        sys_admin: 0,
        operator,
        module,
        operation: type,
        op_type: type,
        content: '',
        ip: '127.0.0.1',
        created_at: now - i * 100_000_000,
      })
      .execute();
  }

  await addWebhookDeliveries(t, now);

  // Failed sign-ins beside the successful ones.
  await login(t.app, DEMO_OPERATOR.merchantNo, DEMO_OPERATOR.loginName, 'wrong-password');
  await login(t.app, DEMO_LEGACY.merchantNo, DEMO_LEGACY.loginName, 'wrong-password');
  await login(t.app, DEMO_OPERATOR.merchantNo, DEMO_OPERATOR.loginName, DEMO_OPERATOR.password);
  return { merchantId, ...DEMO_SIGN_IN, member: DEMO_OPERATOR };
}

/** Payment notifications of several kinds and outcomes to two endpoints of merchant 100001, and one of 100002's. */
async function addWebhookDeliveries(t: TestContext, now: number) {
  const gateways = await t.db
    .selectFrom('gateways as g')
    .innerJoin('merchants as m', 'm.id', 'g.merchant_id')
    .select(['g.id', 'g.merchant_id', 'm.merchant_no'])
    .orderBy('g.id')
    .execute();
  const targets = [
    ...gateways.filter((g) => g.merchant_no === DEMO_SIGN_IN.merchantNo).slice(0, 2),
    ...gateways.filter((g) => g.merchant_no !== DEMO_SIGN_IN.merchantNo).slice(0, 1),
  ];
  const kinds = ['payment.succeeded', 'payment.failed', 'refund.succeeded'];
  const statuses = ['pending', 'delivered', 'failed', 'delivered'];
  const times = (at: number) => ({ created_at: at, updated_at: at });
  for (const [e, g] of targets.entries()) {
    const owner = { merchant_id: g.merchant_id, gateway_id: g.id };
    const endpoint = await t.db
      .insertInto('webhook_endpoints')
      .values({
        ...owner,
        url: `https://hooks${e}.example.com/in`,
        kinds: kinds.join(','),
        enabled: 1,
        disabled_reason: '',
        ...times(now - 30 * DAY_MS),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 9; i++) {
      const at = now - (e * 9 + i) * 0.7 * DAY_MS;
      const kind = kinds[i % kinds.length] ?? '';
      const event = await t.db
        .insertInto('webhook_events')
        .values({ ...owner, public_id: `evt_list${e}_${i}`, kind, object_no: `OBJ${e}${i}`, payload: '{}', created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('webhook_deliveries')
        .values({
          ...owner,
          event_id: event.id,
          endpoint_id: endpoint.id,
          kind,
          object_no: `OBJ${e}${i}`,
          status: statuses[i % statuses.length] ?? 'pending',
          next_attempt_at: null,
          window_start: null,
          last_http_status: null,
          ...times(at),
        })
        .execute();
    }
    // Approval requests (domains/approvals) of each kind and status, still open ones expiring after the list is read.
    for (let i = 0; i < 8; i++) {
      const at = now - (e * 8 + i) * 0.6 * DAY_MS;
      const status = (i % 4) + 1;
      await t.db
        .insertInto('approval_requests')
        .values({
          ...owner,
          kind: i % 3 === 0 ? 'refund' : 'withdrawal',
          status,
          currency: 'USD',
          amount: 10_000 + i,
          target: `T${e}${i}`,
          payload: '{}',
          reason: 'list',
          requester_admin_id: null,
          requester_name: 'list',
          created_at: at,
          expires_at: status === 1 ? now + 30 * DAY_MS : at + DAY_MS,
          decided_by_admin_id: null,
          decided_by_name: '',
          decided_at: null,
          comment: '',
          result_no: '',
        })
        .execute();
    }
  }
}
