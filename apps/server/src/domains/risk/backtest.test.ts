import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@mbo/shared/envelope';
import { RiskPath } from '@mbo/shared/risk';
import { BACKTEST_DAYS, RiskBacktestPath, type TRuleBacktest } from '@mbo/shared/risk-backtest';
import { DisputeKind, PayStatus, TradeCategory } from '@mbo/shared/trade-enums';
import { createAdmin, createGateway, createMerchant, createRole, type GatewayRow, type MerchantRow } from '../../../test/factories';
import { call, createTestApp, signIn, type TestContext } from '../../../test/helpers';
import { addDispute } from '../../../test/report-factories';
import { createTransaction } from '../../../test/trade-factories';

/*
 * Backtests of blacklist entries (issue 49 §3): the figures are checked against the test's own SQL over
 * its own payments, written independently of the server's matcher, and against scope.
 */

let t: TestContext;
let merchant: MerchantRow;
let usd: GatewayRow;
let eur: GatewayRow;
let token: string;
let usdOnlyToken: string;
let otherToken: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  merchant = await createMerchant(t.db);
  usd = await createGateway(t.db, merchant, { currency: 'USD' });
  eur = await createGateway(t.db, merchant, { currency: 'EUR' });
  token = await signIn(t.app, await createAdmin(t.db, merchant));
  usdOnlyToken = await signIn(t.app, await createAdmin(t.db, merchant, { gateways: [usd] }));
  const other = await createMerchant(t.db);
  const otherGateway = await createGateway(t.db, other, { currency: 'USD' });
  otherToken = await signIn(t.app, await createAdmin(t.db, other));
  const now = t.clock.now();
  const tx = (g: GatewayRow, o: Parameters<typeof createTransaction>[3]) =>
    createTransaction(t.db, merchant, g, { created_at: now - DAY, ...o });

  // Matching payments of the window, by each email column, in two currencies.
  await tx(usd, { customer_email: 'Ring@Fraud.Example', amount: 1_000 });
  await tx(usd, { email: 'ring@fraud.example', amount: 2_000, created_at: now - (BACKTEST_DAYS * DAY - 60_000) });
  const charged = await tx(usd, { shipping_email: ' ring@fraud.example ', amount: 3_000 });
  await addDispute(t.db, merchant, usd, charged.id, DisputeKind.chargeback, 3_000, now - 3_600_000);
  const reported = await tx(eur, { email: 'RING@fraud.example', amount: 4_000 });
  await addDispute(t.db, merchant, eur, reported.id, DisputeKind.fraudReport, 4_000, now - 3_600_000);
  const alerted = await tx(eur, { email: 'ring@fraud.example', amount: 5_000 });
  await addDispute(t.db, merchant, eur, alerted.id, DisputeKind.ethocaAlert, 5_000, now - 3_600_000);
  await tx(usd, { email: 'ring@fraud.example', amount: 6_000, pay_status: PayStatus.failed });
  await tx(usd, { email: 'ring@fraud.example', category: TradeCategory.riskDeclined, pay_status: PayStatus.failed });
  // Not matching: outside the window, a test payment, a look-alike address, another merchant's payment.
  await tx(usd, { email: 'ring@fraud.example', created_at: now - BACKTEST_DAYS * DAY - 60_000 });
  await tx(usd, { email: 'ring@fraud.example', category: TradeCategory.test });
  await tx(usd, { email: 'xring@fraud.example' });
  await tx(usd, { email: 'ring@fraud.example.org' });
  await createTransaction(t.db, other, otherGateway, { email: 'ring@fraud.example', created_at: now - DAY });
});
afterAll(async () => {
  await t.close();
});

const backtest = (body: unknown, tok = token) =>
  call<TRuleBacktest>(t.app, RiskBacktestPath.blacklist, { token: tok, body, lang: 'en_US' });

/** The test's own reading of "would have declined": an exact, trimmed, case-blind email on any email column. */
async function expectedForEmail(email: string, gatewayIds: number[]) {
  const now = t.clock.now();
  const matches = await t.db
    .selectFrom('transactions as t')
    .select(['t.id', 't.currency', 't.amount', 't.pay_status', 't.category'])
    .select((eb) => {
      const cases = (kind: number | null) =>
        eb.exists(
          eb
            .selectFrom('disputes as d')
            .select('d.id')
            .whereRef('d.transaction_id', '=', 't.id')
            .$if(kind !== null, (qb) => qb.where('d.kind', '=', kind ?? 0)),
        );
      return [cases(DisputeKind.chargeback).as('cb'), cases(DisputeKind.fraudReport).as('fr'), cases(null).as('anyCase')];
    })
    .where('t.merchant_id', '=', merchant.id)
    .where('t.gateway_id', 'in', gatewayIds)
    .where('t.category', '!=', TradeCategory.test)
    .where('t.created_at', '>=', now - BACKTEST_DAYS * DAY)
    .where('t.created_at', '<', now)
    .where((eb) =>
      eb.or((['customer_email', 'email', 'shipping_email'] as const).map((c) => eb(sql`lower(trim(${sql.ref(`t.${c}`)}))`, '=', email))),
    )
    .execute();
  const live = matches.filter((m) => m.category !== TradeCategory.riskDeclined);
  const paid = live.filter((m) => m.pay_status === PayStatus.success);
  const sum = (rows: typeof live) => {
    const by = new Map<string, number>();
    for (const r of rows) by.set(r.currency, (by.get(r.currency) ?? 0) + Number(r.amount));
    return [...by.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount }));
  };
  const good = paid.filter((m) => !Number(m.anyCase));
  return {
    declined: { count: live.length, amounts: sum(live) },
    successful: { count: paid.length, amounts: sum(paid) },
    chargebacks: live.filter((m) => Number(m.cb)).length,
    fraudReports: live.filter((m) => Number(m.fr)).length,
    goodCustomers: { count: good.length, amounts: sum(good) },
    alreadyDeclined: matches.length - live.length,
  };
}

describe('blacklist backtest', () => {
  it('counts what the entry would have declined over the last 90 days, as the test computes it on its own', async () => {
    const r = await backtest({ type: 'email', value: ' RING@fraud.example ' });
    expect(r.body.code, r.body.msg).toBe(0);
    const expected = await expectedForEmail('ring@fraud.example', [usd.id, eur.id]);
    expect(r.body.data).toMatchObject(expected);
    // The fixture's own figures, so that a wrong oracle cannot pass unnoticed.
    expect(expected).toMatchObject({
      declined: { count: 6 },
      chargebacks: 1,
      fraudReports: 1,
      goodCustomers: { count: 2 },
      alreadyDeclined: 1,
    });
    expect(r.body.data.goodCustomers.amounts).toEqual([{ currency: 'USD', amount: 3_000 }]);
    expect(Date.parse(r.body.data.to) - Date.parse(r.body.data.from)).toBe(BACKTEST_DAYS * DAY);
  });

  it("an administrator limited to a gateway counts only its payments; another merchant's never count", async () => {
    const limited = await backtest({ type: 'email', value: 'ring@fraud.example' }, usdOnlyToken);
    expect(limited.body.data).toMatchObject(await expectedForEmail('ring@fraud.example', [usd.id]));
    expect(limited.body.data.declined.amounts.map((a) => a.currency)).toEqual(['USD']);
    const other = await backtest({ type: 'email', value: 'ring@fraud.example' }, otherToken);
    expect(other.body.data.declined.count).toBe(1);
    expect(other.body.data.alreadyDeclined).toBe(0);
  });

  it('a domain entry matches every address of the domain, and only of it', async () => {
    const r = await backtest({ type: 'emailDomain', value: '@Fraud.Example' });
    // The six payments above and the look-alike address of the same domain; not fraud.example.org.
    expect(r.body.data.declined.count).toBe(7);
    expect(r.body.data.alreadyDeclined).toBe(1);
  });

  it('writes nothing, refuses a bad value as adding it would, and needs Blacklist:Edit', async () => {
    const before = await t.db
      .selectFrom('blacklist_entries')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const card = await backtest({ type: 'card', value: '4111111111111111' });
    expect(card.body.code).toBe(ErrorCode.validation);
    expect(card.body.msg).toBe(
      (await call(t.app, RiskPath.blacklistAdd, { token, body: { type: 'card', value: '4111111111111111', reason: 'x' }, lang: 'en_US' }))
        .body.msg,
    );
    expect((await backtest({ type: 'cardBin', value: '411111' })).body.code).toBe(0);
    const after = await t.db
      .selectFrom('blacklist_entries')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const role = await createRole(t.db, merchant, { permissions: ['/blacklist/showBlacklist'] });
    const viewer = await signIn(t.app, await createAdmin(t.db, merchant, { roleId: role.id }));
    expect((await backtest({ type: 'ip', value: '203.0.113.10' }, viewer)).status).toBe(403);
  });
});
