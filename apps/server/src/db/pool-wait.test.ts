import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { API_BASE, ApiPath } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { translate } from '../platform/i18n';
import { createTestDb } from '../../test/test-db';
import { createDb } from './database';

const onPostgres = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? '');

/*
 * DATABASE_POOL_WAIT_MS (PostgreSQL; SQLite has one connection and no pool): a request that cannot get a
 * connection of the pool in that time fails at once with a 503 "busy" envelope instead of waiting on with
 * its client. A pool of one connection held by an open transaction stands for a pool that stays busy.
 */
describe('a request waiting for a database connection', () => {
  it.skipIf(!onPostgres)(
    'fails with a 503 "busy, try again" envelope once the pool wait is over, and is served once a connection is free',
    async () => {
      const tdb = await createTestDb();
      const handle = createDb(tdb.url, { poolMax: 1, poolWaitMs: 300 });
      const config = {
        ...loadConfig({}, os.tmpdir()),
        databaseUrl: tdb.url,
        databasePoolMax: 1,
        databasePoolWaitMs: 300,
        logLevel: 'silent' as const,
        webDist: path.join(os.tmpdir(), 'mbo-no-web-dist'),
      };
      const app = await buildApp({ config, db: handle.db });
      const signIn = () =>
        app.inject({
          method: 'POST',
          url: `${API_BASE}${ApiPath.login}`,
          headers: { lang: 'en_US' },
          payload: { merchantNo: '100001', loginName: 'nobody', password: 'Wrong@2026' },
        });
      try {
        let waited: Awaited<ReturnType<typeof signIn>> | undefined;
        const started = Date.now();
        await handle.db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          waited = await signIn();
        });
        // Answered while the only connection was still held, so not by waiting for it; the bound is only
        // a hang detector (300 ms asked, a loaded machine may take longer).
        expect(Date.now() - started).toBeLessThan(20_000);
        expect(waited?.statusCode).toBe(503);
        expect(waited?.headers['retry-after']).toBe('1');
        expect(waited?.json()).toEqual({ code: ErrorCode.internal, msg: translate('en', 'error.internal'), data: null });

        const served = await signIn();
        expect(served.statusCode).toBe(200);
        expect((served.json() as { code: number }).code).not.toBe(ErrorCode.internal);
      } finally {
        await app.close();
        await handle.destroy();
        await tdb.cleanup();
      }
    },
  );
});
