import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE } from '@mbo/shared/api-paths';
import { FRESH_CHECK_CODE, FRESH_CHECK_MAX_AGE_MS } from '@mbo/shared/passkeys';
import { createAdmin, createMerchant } from '../../test/factories';
import { call, signIn, testAppForFile } from '../../test/helpers';
import { ok, okResponse } from './envelope';
import { requireFreshCheck } from './fresh-check';
import { requireSession } from './request-context';

/*
 * The fresh-check guard as a route sees it: sign-in counts as a check, five minutes later the guarded
 * route refuses with its own code and a translated message; the session tells how it was opened.
 */

const PATH = '/test/freshCheck';
const t = testAppForFile({
  extend: (app) => {
    app.post(
      `${API_BASE}${PATH}`,
      {
        config: { signedIn: true },
        preHandler: requireFreshCheck,
        schema: { response: okResponse(z.object({ authMethod: z.string(), lastCheckAt: z.number().nullable() })) },
      },
      async (request) => {
        const s = requireSession(request);
        return ok(request, { authMethod: s.authMethod, lastCheckAt: s.lastCheckAt });
      },
    );
  },
});

describe('requireFreshCheck', () => {
  it('lets a session through for five minutes after sign-in, then refuses with its own code until a new check', async () => {
    const m = await createMerchant(t.db);
    const admin = await createAdmin(t.db, m, { isOwner: true });
    const signedInAt = t.clock.now();
    const token = await signIn(t.app, admin);

    const fresh = await call<{ authMethod: string; lastCheckAt: number }>(t.app, PATH, { token, body: {} });
    expect(fresh.body).toMatchObject({ code: 0, data: { authMethod: 'password', lastCheckAt: signedInAt } });

    t.clock.advance(FRESH_CHECK_MAX_AGE_MS + 1);
    const stale = await call(t.app, PATH, { token, body: {}, lang: 'en_US' });
    expect(stale.status).toBe(200);
    expect(stale.body.code).toBe(FRESH_CHECK_CODE);
    expect(stale.body.msg).toMatch(/passkey or a code/);
    const zh = await call(t.app, PATH, { token, body: {}, lang: 'zh_CN' });
    expect(zh.body.msg).toContain('通行密钥');

    const row = await t.db
      .selectFrom('sessions')
      .select(['auth_method', 'last_check_at'])
      .where('admin_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ auth_method: 'password', last_check_at: signedInAt });
  });

  it('refuses a session that never passed a check (a session from before the check existed)', async () => {
    const m = await createMerchant(t.db);
    const admin = await createAdmin(t.db, m, { isOwner: true });
    const token = await signIn(t.app, admin);
    await t.db.updateTable('sessions').set({ last_check_at: null }).where('admin_id', '=', admin.id).execute();
    expect((await call(t.app, PATH, { token, body: {} })).body.code).toBe(FRESH_CHECK_CODE);
  });
});
