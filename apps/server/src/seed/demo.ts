import { GatewayStatus } from '@mbo/shared/gateways';
import { AdminStatus, MerchantStatus } from '@mbo/shared/merchants';
import { MODULES } from '@mbo/shared/permissions';
import { DEMO_TRANSACTIONS_DEFAULT } from '../config';
import { sql } from 'kysely';
import type { Db } from '../db/database';
import { inTransaction } from '../db/in-transaction';
import { hashPassword } from '../platform/passwords';
import { DAY_MS } from '../platform/time';
import { ensureCurrencies } from '../db/currencies';
import { ANNOUNCEMENTS, REMINDERS } from './demo-content';
import { seedKycProfiles } from './demo-kyc';
import { seedProgrammeRules } from './demo-programmes';
import { seedMerchantDetails } from './demo-merchant-details';
import { seedWaybillsWebsites } from './demo-waybills-websites';
import { seedRiskLinks } from './demo-risk-links';
import { seedCe3Cases } from './demo-ce3';
import { seedAlertAndBacktestCases } from './demo-alerts-backtest';
import { createAdministratorRole } from '../domains/system/repository';
import { builtInRoleNames } from '../domains/system/roles';
import { dialectOfDb } from './trade-bulk-writer';
import { generateTradeData } from './trade-generator';
import { seedDemoFunds } from './demo-funds';
import type { TradeMerchantPlan } from './trade-rows';

/** Demo sign-in printed at start and in the README. */
export const DEMO_SIGN_IN = { merchantNo: '100001', loginName: 'admin', password: 'Admin@2026' } as const;
export const DEMO_OPERATOR = { merchantNo: '100001', loginName: 'operator', password: 'Operator@2026' } as const;
/** A login from before accounts had a verified email and mobile: it shows the account-upgrade notice. */
export const DEMO_LEGACY = { merchantNo: '100001', loginName: 'legacy', password: 'Legacy@2026' } as const;

export type SeedSummary = { seeded: boolean; lines: string[] };

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('merchants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Customer service: every transaction screen, no downloads and nothing that moves money; only the own-password system page. */
/** A demo person who has verified their email, without two-step sign-in, reading English. */
async function addVerifiedPerson(db: Db, email: string, mobile: string, name: string, createdAt: number): Promise<{ id: number }> {
  return db
    .insertInto('persons')
    .values({ email, mobile, name, email_verified: 1, two_fa_enabled: 0, language: 'en', created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** An enabled demo gateway of a merchant. */
function enabledGateway(merchantId: number, gatewayNo: string, name: string, currency: string) {
  return { merchant_id: merchantId, gateway_no: gatewayNo, name, currency, status: GatewayStatus.enabled };
}

function customerServicePermissions(): string[] {
  const transaction = MODULES.find((m) => m.key === 'transaction');
  if (!transaction) return [];
  const out: string[] = [];
  for (const menu of transaction.menus) {
    out.push(menu.url);
    for (const op of menu.operations) if (!op.endsWith(':Downloads') && !op.includes('Refund')) out.push(op);
  }
  out.push('/merchant/showUpdatePassword');
  return out;
}

export type DemoTradeOptions = {
  /** Gateway records to generate (default 200,000; tests ask for a few thousand or none). */
  transactions?: number;
  /** PRNG seed of the generator: the same seed and `now` give the same rows. */
  seed?: number;
  /** Months of history of merchant 100001 (merchant 100002 has at most 6, its age). */
  months?: number;
  /** Only this merchant number gets transactions. */
  merchantNo?: string;
  onProgress?: (written: number, total: number) => void;
};

export const DEMO_TRADE_SEED_DEFAULT = 1;

/**
 * Loads the demo data into an empty database. Deterministic: the same content every time, with
 * dates placed relative to `now`. Does nothing when a merchant already exists.
 *
 * All of it or nothing: the whole load is one database transaction (the caller's, when given one). A
 * load stopped halfway (kill -9, a liveness probe during a first start, a full disk) leaves the
 * database as it was, empty, and the next start loads it again; before, it left a database that looked
 * loaded (its merchants were there) with part of the transactions, no ledger, rollups that did not
 * match, and the indexes dropped for the bulk load still missing, and the next start served it. On
 * PostgreSQL the indexes are dropped and rebuilt inside the transaction too. 200,000 transactions take
 * as long as when each step committed on its own (apps/server/README.md, "The demo seed").
 */
export async function seedDemo(db: Db, now: number, trade: DemoTradeOptions = {}): Promise<SeedSummary> {
  const summary = await inTransaction(db, (trx) => loadDemo(trx, now, trade));
  // SQLite wrote the whole load to its write-ahead log first (about the size of the data): give the file's space back.
  if (summary.seeded && !db.isTransaction && dialectOfDb(db) === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
  return summary;
}

async function loadDemo(db: Db, now: number, trade: DemoTradeOptions): Promise<SeedSummary> {
  await ensureCurrencies(db);
  if (!(await isDatabaseEmpty(db))) return { seeded: false, lines: ['database already holds data: demo seed skipped'] };

  const [adminHash, operatorHash, legacyHash] = await Promise.all([
    hashPassword(DEMO_SIGN_IN.password),
    hashPassword(DEMO_OPERATOR.password),
    hashPassword(DEMO_LEGACY.password),
  ]);

  const plans: TradeMerchantPlan[] = [];
  await inTransaction(db, async (trx) => {
    const person = await addVerifiedPerson(trx, 'owner@harbourline-trading.example', '+85291234567', 'Kelvin Lau', now - 400 * DAY_MS);
    // The member has a person of their own (verified email and mobile), so the demo member reaches the dashboard.
    const memberPerson = await addVerifiedPerson(
      trx,
      'support@harbourline-trading.example',
      '+85291234568',
      'Mei Chan',
      now - 200 * DAY_MS,
    );

    // Merchant 100001: every module, three gateways.
    const m1 = await trx
      .insertInto('merchants')
      .values({
        merchant_no: '100001',
        name: 'Harbourline Trading Co., Ltd.',
        status: MerchantStatus.normal,
        region: 'overseas',
        contract_start: '2025-01-01',
        contract_end: '2027-12-31',
        registered_at: Date.UTC(2024, 10, 18, 2, 30),
        services: 'visa,mastercard,jcb,amex,unionpay',
        created_at: now - 400 * DAY_MS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('merchant_modules')
      .values(MODULES.map((m) => ({ merchant_id: m1.id, module_id: m.moduleId })))
      .execute();
    const gateways = await trx
      .insertInto('gateways')
      .values([
        enabledGateway(m1.id, '10010001', 'Harbourline online store (USD)', 'USD'),
        enabledGateway(m1.id, '10010002', 'Harbourline EU storefront (EUR)', 'EUR'),
        enabledGateway(m1.id, '10010003', 'Harbourline UK storefront (GBP)', 'GBP'),
      ])
      .returning(['id', 'gateway_no'])
      .execute();

    const months = trade.months ?? 12;
    const gatewayId = (no: string) => gateways.find((g) => g.gateway_no === no)?.id ?? 0;
    plans.push({
      merchantId: m1.id,
      merchantNo: '100001',
      orderPrefix: 'HL',
      siteHost: 'shop.harbourline-trading.example',
      weight: 85,
      months,
      gateways: [
        { gatewayId: gatewayId('10010001'), gatewayNo: '10010001', currency: 'USD', weight: 60 },
        { gatewayId: gatewayId('10010002'), gatewayNo: '10010002', currency: 'EUR', weight: 25 },
        // The UK storefront runs a Mastercard chargeback ratio between ECP warning and excessive.
        { gatewayId: gatewayId('10010003'), gatewayNo: '10010003', currency: 'GBP', weight: 15, mastercardChargebackRate: 0.0125 },
      ],
    });

    const adminRole1 = await createAdministratorRole(trx, m1.id);
    const csRole = await trx
      .insertInto('roles')
      .values({
        merchant_id: m1.id,
        ...builtInRoleNames('customerService'),
        description: 'Transaction screens without downloads or refunds',
        is_admin: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('role_permissions')
      .values(customerServicePermissions().map((permission) => ({ role_id: csRole.id, permission })))
      .execute();

    const adminDefaults = {
      status: AdminStatus.normal,
      may_view_account: 0 as const,
      avatar: '',
      time_zone: 'Asia/Shanghai',
      force_change_pwd: 0 as const,
      is_initial_login: 0 as const,
      failed_login_count: 0,
      locked_until: null,
      created_at: now - 400 * DAY_MS,
    };
    await trx
      .insertInto('admins')
      .values({
        ...adminDefaults,
        merchant_id: m1.id,
        person_id: person.id,
        login_name: DEMO_SIGN_IN.loginName,
        name: 'Kelvin Lau',
        password_hash: adminHash,
        role_id: adminRole1.id,
        is_owner: 1,
        all_gateways: 1,
        may_view_account: 1,
        email: 'owner@harbourline-trading.example',
        mobile: '+85291234567',
      })
      .execute();
    const operator = await trx
      .insertInto('admins')
      .values({
        ...adminDefaults,
        merchant_id: m1.id,
        person_id: memberPerson.id,
        login_name: DEMO_OPERATOR.loginName,
        name: 'Mei Chan',
        password_hash: operatorHash,
        role_id: csRole.id,
        is_owner: 0,
        all_gateways: 0,
        email: 'support@harbourline-trading.example',
        mobile: '+85291234568',
        created_at: now - 200 * DAY_MS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // An old login without a person: signing in with it leads to the account-upgrade notice.
    const legacy = await trx
      .insertInto('admins')
      .values({
        ...adminDefaults,
        merchant_id: m1.id,
        person_id: null,
        login_name: DEMO_LEGACY.loginName,
        name: 'Night shift desk',
        password_hash: legacyHash,
        role_id: csRole.id,
        is_owner: 0,
        all_gateways: 0,
        email: '',
        mobile: '',
        created_at: now - 300 * DAY_MS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const usdGateway = gateways.find((g) => g.gateway_no === '10010001');
    if (usdGateway)
      await trx
        .insertInto('admin_gateways')
        .values([operator.id, legacy.id].map((adminId) => ({ admin_id: adminId, gateway_id: usdGateway.id })))
        .execute();

    // Merchant 100002: a second business of the same person, so there is an account to switch to.
    const m2 = await trx
      .insertInto('merchants')
      .values({
        merchant_no: '100002',
        name: 'Harbourline Digital Services Ltd.',
        status: MerchantStatus.normal,
        region: 'overseas',
        contract_start: '2025-06-01',
        contract_end: '2026-05-31',
        registered_at: Date.UTC(2025, 4, 20, 6, 0),
        services: 'visa,mastercard',
        created_at: now - 180 * DAY_MS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('merchant_modules')
      .values([1, 2, 7].map((moduleId) => ({ merchant_id: m2.id, module_id: moduleId })))
      .execute();
    const hkd = await trx
      .insertInto('gateways')
      .values(enabledGateway(m2.id, '10020001', 'Harbourline Digital (HKD)', 'HKD'))
      .returning('id')
      .executeTakeFirstOrThrow();
    plans.push({
      merchantId: m2.id,
      merchantNo: '100002',
      orderPrefix: 'HD',
      siteHost: 'digital.harbourline.example',
      weight: 15,
      months: Math.min(6, trade.months ?? 12),
      schemes: ['VISA', 'MASTERCARD'],
      gateways: [{ gatewayId: hkd.id, gatewayNo: '10020001', currency: 'HKD', weight: 1 }],
    });
    const adminRole2 = await createAdministratorRole(trx, m2.id);
    await trx
      .insertInto('admins')
      .values({
        ...adminDefaults,
        merchant_id: m2.id,
        person_id: person.id,
        login_name: DEMO_SIGN_IN.loginName,
        name: 'Kelvin Lau',
        password_hash: adminHash,
        role_id: adminRole2.id,
        is_owner: 1,
        all_gateways: 1,
        may_view_account: 1,
        email: 'owner@harbourline-trading.example',
        mobile: '+85291234567',
        created_at: now - 180 * DAY_MS,
      })
      .execute();

    await trx
      .insertInto('announcements')
      .values(ANNOUNCEMENTS.map((a) => ({ ...a.text, merchant_id: null, published_at: now - a.daysAgo * DAY_MS })))
      .execute();
    await trx
      .insertInto('reminders')
      .values(
        REMINDERS.map((r) => ({
          ...r.text,
          merchant_id: m1.id,
          admin_id: null,
          // A reminder about one gateway's cases is scoped to it, so a member limited to other gateways does not see it.
          gateway_id: r.gatewayNo === null ? null : gatewayId(r.gatewayNo),
          created_at: now - r.daysAgo * DAY_MS,
        })),
      )
      .execute();
  });

  await seedMerchantDetails(db, now);
  await seedKycProfiles(db, now);

  const chosen = trade.merchantNo ? plans.filter((p) => p.merchantNo === trade.merchantNo) : plans;
  if (trade.merchantNo && chosen.length === 0) throw new Error(`no demo merchant ${trade.merchantNo} (100001 or 100002)`);
  const count = trade.transactions ?? DEMO_TRANSACTIONS_DEFAULT;
  const seed = trade.seed ?? DEMO_TRADE_SEED_DEFAULT;
  const generated = await generateTradeData(db, { now, seed, transactions: count, merchants: chosen, onProgress: trade.onProgress });
  const funds = await seedDemoFunds(db, now);
  const shipping = await seedWaybillsWebsites(db, now, seed);
  await seedRiskLinks(db, now);
  await seedCe3Cases(db, now);
  await seedProgrammeRules(db, now);
  await seedAlertAndBacktestCases(db, now);

  return {
    seeded: true,
    lines: [
      'currencies: USD EUR GBP HKD CNY JPY AUD CAD SGD',
      'merchant 100001 Harbourline Trading Co., Ltd. (active, 7 modules, gateways 10010001 USD, 10010002 EUR, 10010003 GBP)',
      `  admin    ${DEMO_SIGN_IN.loginName} / ${DEMO_SIGN_IN.password}  (owner, administrator role, all gateways)`,
      `  member   ${DEMO_OPERATOR.loginName} / ${DEMO_OPERATOR.password}  (customer service role, gateway 10010001 only)`,
      `  legacy   ${DEMO_LEGACY.loginName} / ${DEMO_LEGACY.password}  (old login without email and mobile: shows the account-upgrade notice)`,
      'merchant 100002 Harbourline Digital Services Ltd. (active, gateway 10020001 HKD)',
      `  admin    ${DEMO_SIGN_IN.loginName} / ${DEMO_SIGN_IN.password}  (same person as 100001 admin: switch business works)`,
      `announcements: ${ANNOUNCEMENTS.length} (all merchants); reminders: ${REMINDERS.length} for 100001 (two scoped to their gateway)`,
      `transactions: ${generated.transactions} (seed ${seed}, merchants ${chosen.map((p) => p.merchantNo).join(', ')}), ` +
        `refunds: ${generated.refunds}, disputes and alerts: ${generated.disputes}, rollup rows: ${generated.rollupRows} ` +
        `in ${(generated.elapsedMs / 1000).toFixed(1)} s`,
      `funds: ${funds.batches} settlement batches, ${funds.entries} ledger entries, ${funds.withdrawals} withdrawals in ${(funds.elapsedMs / 1000).toFixed(1)} s`,
      `websites: ${shipping.websites}; last 30 days: products ${shipping.products}, waybills ${shipping.waybills} (100001 needs delivery proof, 100002 none)`,
    ],
  };
}
