import { sql } from 'kysely';
import { AdminStatus } from '@mbo/shared/merchants';
import { DEMO_LEGACY, DEMO_OPERATOR, DEMO_SIGN_IN, seedDemo } from '../src/seed/demo';
import { createAdmin } from './factories';
import { login, type TestContext } from './helpers';

/**
 * Data for the list filter test (list-filters.test.ts): the demo merchants (two, so that the merchant
 * scope shows, with every kind of row the lists read) with a few months of a few hundred
 * transactions, plus rows of the kinds the demo has too few of for each filter to keep some rows and
 * drop others. The test reads what is there; it does not depend on which values the demo drew.
 */
export async function seedListData(t: TestContext) {
  const { db } = t;
  const now = t.clock.now();
  await seedDemo(db, now, { transactions: 600, months: 3 });
  const merchant = await db
    .selectFrom('merchants')
    .select('id')
    .where('merchant_no', '=', DEMO_SIGN_IN.merchantNo)
    .executeTakeFirstOrThrow();
  const merchantId = Number(merchant.id);

  // Each transaction view gets a few rows with each rare flag and status (the demo draws them for formal payments only).
  const views = [sql`category = 1 and trade_type = 2`, sql`category = 1`, ...[2, 3, 4, 5].map((c) => sql`category = ${c}`)];
  const changes = [
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
  ] as const;
  for (const view of views) {
    const rows = await sql<{ id: number; created_at: number }>`select id, created_at from transactions
      where merchant_id = ${merchantId} and ${view} order by id limit 16`.execute(db);
    const n = rows.rows.length;
    for (const [i, r] of rows.rows.entries()) {
      // Changes that set one column to two values go to neighbouring rows; a short view's rows take several.
      const change = Object.assign({}, ...changes.filter((_c, k) => k % n === i)) as Record<string, number>;
      // A processing time hours to days after the payment, in another order than the payment times.
      const returned_at = Number(r.created_at) + ((i * 7) % 11) * 9 * 3_600_000;
      await db
        .updateTable('transactions')
        .set({ ...change, returned_at })
        .where('id', '=', r.id)
        .execute();
    }
  }

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

  // Failed sign-ins beside the successful ones.
  await login(t.app, DEMO_OPERATOR.merchantNo, DEMO_OPERATOR.loginName, 'wrong-password');
  await login(t.app, DEMO_LEGACY.merchantNo, DEMO_LEGACY.loginName, 'wrong-password');
  await login(t.app, DEMO_OPERATOR.merchantNo, DEMO_OPERATOR.loginName, DEMO_OPERATOR.password);
  return { merchantId, ...DEMO_SIGN_IN };
}
