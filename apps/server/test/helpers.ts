import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_BASE, ApiPath } from '@mbo/shared/api-paths';
import type { TEnvelope } from '@mbo/shared/envelope';
import type { TLangHeader } from '@mbo/shared/i18n';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/database';
import { loadConfig, type Config } from '../src/config';
import type { Notifier } from '../src/platform/notifier';
import { createSession } from '../src/platform/session';
import type { AdminRow } from './factories';
import { forTestFile } from './for-test-file';
import { createTestDb, type TestDb } from './test-db';

export type TestClock = { now: () => number; advance: (ms: number) => void; set: (ms: number) => void };

export function createClock(start = Date.now()): TestClock {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
    set: (ms) => {
      t = ms;
    },
  };
}

export type TestContext = {
  app: FastifyInstance;
  db: TestDb['db'];
  dialect: TestDb['dialect'];
  clock: TestClock;
  config: Config;
  logs: string[];
  close: () => Promise<void>;
};

export type TestAppOptions = {
  config?: Partial<Config>;
  /** Called before the app is made ready, to add routes for a test. */
  extend?: (app: FastifyInstance) => void;
  /** Mail and SMS senders; built from the config when absent. */
  notifier?: Notifier;
};

export async function createTestApp(o: TestAppOptions = {}): Promise<TestContext> {
  const testDb = await createTestDb();
  const clock = createClock();
  const logs: string[] = [];
  // Each test file gets its own data folder (uploads), removed at the end.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-data-'));
  const config: Config = {
    ...loadConfig({}, os.tmpdir()),
    dataDir,
    databaseUrl: testDb.url,
    // As a deployment would: files in the database on PostgreSQL, on disk with SQLite.
    fileStorage: testDb.dialect === 'postgres' ? 'database' : 'disk',
    logLevel: 'error',
    webDist: path.join(os.tmpdir(), 'mbo-no-web-dist'),
    ...o.config,
  };
  const logStream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logs.push(chunk.toString('utf8'));
      cb();
    },
  });
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ config, db: testDb.db, now: clock.now, logStream, ...(o.notifier ? { notifier: o.notifier } : {}) });
    o.extend?.(app);
    await app.ready();
  } catch (error) {
    await app?.close().catch(() => undefined);
    await testDb.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    app,
    db: testDb.db,
    dialect: testDb.dialect,
    clock,
    config,
    logs,
    close: async () => {
      await app.close();
      await testDb.cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test app of its own for one test (a configuration other than the file's), closed once `use` ends, passed or failed. */
export async function withTestApp<T>(o: TestAppOptions, use: (t: TestContext) => Promise<T>): Promise<T> {
  const t = await createTestApp(o);
  try {
    return await use(t);
  } finally {
    await t.close();
  }
}

/** The test app of one test file, made before its first test and closed after its last (forTestFile); options read then. */
export function testAppForFile(o: TestAppOptions | (() => TestAppOptions) = {}): TestContext {
  const fields = { app: true, db: true, dialect: true, clock: true, config: true, logs: true, close: true } as const;
  return forTestFile(
    () => createTestApp(typeof o === 'function' ? o() : o),
    (t) => t.close(),
    fields,
  );
}

export type CallOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  token?: string;
  lang?: TLangHeader;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** Client address (codes are rate-limited per address). */
  ip?: string;
};

export type ApiResponse<T = unknown> = { status: number; body: TEnvelope<T>; raw: LightMyRequestResponse };

/** Calls `/v3api<path>` and parses the envelope. */
export async function call<T = unknown>(app: FastifyInstance, apiPath: string, o: CallOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...o.headers };
  if (o.token) headers['x-auth-token'] = o.token;
  if (o.lang) headers.lang = o.lang;
  const res = await app.inject({
    method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
    url: `${API_BASE}${apiPath}`,
    headers,
    ...(o.ip ? { remoteAddress: o.ip } : {}),
    ...(o.query ? { query: o.query } : {}),
    ...(o.body !== undefined ? { payload: o.body as Record<string, unknown> } : {}),
  });
  // Notices and public codes go out after the answer (platform/background.ts); a test reads the outbox once they are out.
  await app.background.idle();
  return { status: res.statusCode, body: res.json<TEnvelope<T>>(), raw: res };
}

export type LoginData = {
  token: string;
  userInfo: {
    adminId: number;
    loginName: string;
    name: string;
    merchantNo: string;
    merchantName: string;
    permissions: string[];
    forceChangePwd: boolean;
    accountType: string;
    sysAdmin: boolean;
  };
  kycInfo: {
    selectedMerAdminId: number | null;
    currBusinessId: number | null;
    currBusinessStatus: number | null;
    isInitialLogin: number;
    requires2FA: number;
  } | null;
  moduleList: { moduleId: number; key: string; menuList: string[] }[];
  currencyList: { code: string; name: string; minorUnits: number }[];
  moreBusinessNameList: { businessId: number; merchantNo: string; isCreator: boolean; current: boolean }[];
};

export function login(app: FastifyInstance, merchantNo: string, loginName: string, password: string, o: CallOptions = {}) {
  return call<LoginData>(app, ApiPath.login, { ...o, body: { merchantNo, loginName, password } });
}

/** Signs an admin in and returns the token (fails the test when sign-in fails). */
export async function signIn(app: FastifyInstance, admin: AdminRow): Promise<string> {
  const res = await login(app, admin.merchant.merchantNo, admin.loginName, admin.password);
  if (res.body.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}

/**
 * A session of the admin opened at `now` without signing in (signing in again and again would meet the
 * sign-in attempt limit): its token. `sysAdmin`: a single sign-on session of the back office.
 */
export async function sessionTokenFor(db: Db, admin: AdminRow, now: number, o: { sysAdmin?: boolean } = {}): Promise<string> {
  const { token } = await createSession(db, {
    adminId: admin.id,
    merchantId: admin.merchant.id,
    personId: null,
    sysAdmin: o.sysAdmin ?? false,
    twoFaPassed: true,
    ip: '127.0.0.1',
    userAgent: 'test',
    now,
  });
  return token;
}

/** A single sign-on session of the back office as `admin` (sysAdmin, no person): its token. */
export function signInBySso(t: TestContext, admin: AdminRow): Promise<string> {
  return sessionTokenFor(t.db, admin, t.clock.now(), { sysAdmin: true });
}
