import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ApiPath } from '@mbo/shared/api-paths';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { dropAllTables, migrateToLatest } from '../db/migrate';
import { createTestDb, type TestDb } from '../../test/test-db';
import { call, login, type LoginData } from '../../test/helpers';
import { DEMO_LEGACY, DEMO_OPERATOR, DEMO_SIGN_IN, isDatabaseEmpty, seedDemo } from './demo';

let tdb: TestDb;
let app: FastifyInstance;
beforeAll(async () => {
  tdb = await createTestDb();
  const config = {
    ...loadConfig({}, os.tmpdir()),
    databaseUrl: tdb.url,
    logLevel: 'silent' as const,
    webDist: path.join(os.tmpdir(), 'none'),
  };
  app = await buildApp({ config, db: tdb.db });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await tdb.cleanup();
});

describe('demo seed', () => {
  it('seeds an empty database once, and the demo sign-in works', async () => {
    expect(await isDatabaseEmpty(tdb.db)).toBe(true);
    const first = await seedDemo(tdb.db, Date.now(), { transactions: 400 });
    expect(first.seeded).toBe(true);
    expect((await seedDemo(tdb.db, Date.now(), { transactions: 400 })).seeded).toBe(false);
    expect(await tdb.db.selectFrom('merchants').select('merchant_no').orderBy('merchant_no').execute()).toEqual([
      { merchant_no: '100001' },
      { merchant_no: '100002' },
    ]);

    const res = await login(app, DEMO_SIGN_IN.merchantNo, DEMO_SIGN_IN.loginName, DEMO_SIGN_IN.password);
    expect(res.body.code).toBe(0);
    const d = res.body.data;
    expect(d.userInfo.accountType).toBe('owner');
    expect(d.moduleList).toHaveLength(7);
    expect(d.currencyList.map((c) => c.code)).toEqual(['EUR', 'GBP', 'USD']);
    expect(d.moreBusinessNameList.map((b) => [b.merchantNo, b.current])).toEqual([
      ['100001', true],
      ['100002', false],
    ]);
    expect(d.kycInfo).toMatchObject({ currBusinessStatus: 40, requires2FA: 0, isInitialLogin: 0 });

    const token = d.token;
    // The approved business profile is there to be read (not a blank, editable wizard).
    const draft = await call<{ reviewState: string; editable: boolean; data: { business?: { legalName?: string } } }>(
      app,
      OnboardingPath.kycDraft,
      {
        token,
        query: { businessId: String(d.kycInfo?.currBusinessId) },
      },
    );
    expect(draft.body.data).toMatchObject({ reviewState: 'approved', editable: false });
    expect(draft.body.data.data.business?.legalName).toBe('Harbourline Trading Co., Ltd.');

    const reminders = await call<unknown[]>(app, ApiPath.reminders, { token });
    expect(reminders.body.data).toHaveLength(3);
    const news = await call<{ total: number }>(app, ApiPath.announcements, { token });
    expect(news.body.data.total).toBe(4);

    const target = d.moreBusinessNameList.find((b) => b.merchantNo === '100002');
    const sw = await call<LoginData>(app, ApiPath.switchBusiness, { token, body: { businessId: target?.businessId } });
    expect(sw.body.code).toBe(0);
    expect(sw.body.data.currencyList.map((c) => c.code)).toEqual(['HKD']);
  });

  it('seeds a customer-service member limited to gateway 10010001 without downloads or refunds', async () => {
    const res = await login(app, DEMO_OPERATOR.merchantNo, DEMO_OPERATOR.loginName, DEMO_OPERATOR.password);
    expect(res.body.code).toBe(0);
    const d = res.body.data;
    // A person with a verified email and mobile: no account-upgrade notice, straight to the dashboard.
    expect(d.kycInfo).toMatchObject({ currBusinessStatus: 40, requires2FA: 0 });
    expect(d.userInfo.name).toBe('Mei Chan');
    const account = await call<{ upgradeRequired: boolean }>(app, OnboardingPath.accountInfo, { token: d.token });
    expect(account.body.data.upgradeRequired).toBe(false);
    expect(d.userInfo.accountType).toBe('member');
    expect(d.currencyList.map((c) => c.code)).toEqual(['USD']);
    expect(d.moduleList.map((m) => m.key)).toEqual(['transaction', 'system']);
    expect(d.moduleList[1]?.menuList).toEqual(['/merchant/showUpdatePassword']);
    expect(d.userInfo.permissions.some((p) => p.endsWith(':Downloads') || p.includes('Refund'))).toBe(false);
    expect((await call(app, ApiPath.gateways, { token: d.token })).status).toBe(403);

    // The reminder about gateway 10010002 is not the member's business; the one about 10010001 and the merchant-wide one are.
    const reminders = await call<{ id: number; content: string }[]>(app, ApiPath.reminders, { token: d.token, lang: 'en_US' });
    const texts = reminders.body.data.map((r) => r.content);
    expect(texts).toHaveLength(2);
    expect(texts.some((c) => c.includes('10010002'))).toBe(false);
    expect(texts.some((c) => c.includes('10010001'))).toBe(true);
  });

  it('seeds an old login without email and mobile that is asked to upgrade', async () => {
    const res = await login(app, DEMO_LEGACY.merchantNo, DEMO_LEGACY.loginName, DEMO_LEGACY.password);
    expect(res.body.code).toBe(0);
    expect(res.body.data.kycInfo).toBeNull();
    const account = await call<{ upgradeRequired: boolean }>(app, OnboardingPath.accountInfo, { token: res.body.data.token });
    expect(account.body.data.upgradeRequired).toBe(true);
  });

  it('drops and recreates the schema for a reset', async () => {
    await dropAllTables(tdb.db, tdb.dialect);
    await migrateToLatest(tdb.db, tdb.dialect);
    expect(await isDatabaseEmpty(tdb.db)).toBe(true);
    expect((await seedDemo(tdb.db, Date.now(), { transactions: 400 })).seeded).toBe(true);
  });
});
