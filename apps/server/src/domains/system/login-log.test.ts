import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import type { TListPage } from '@mbo/shared/list';
import type { TLoginLog } from '@mbo/shared/system';
import { createAdmin, createMerchant, createRole, type MerchantRow } from '../../../test/factories';
import { call, createTestApp, signIn, type TestContext } from '../../../test/helpers';

let t: TestContext;
let m: MerchantRow;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  m = await createMerchant(t.db);
  const role = await createRole(t.db, m, { permissions: ['/log/forwardLoginLogList'] });
  token = await signIn(t.app, await createAdmin(t.db, m, { roleId: role.id }));
  // Nine earlier attempts on three instants (three at each), every third one failed.
  await t.db
    .insertInto('login_logs')
    .values(
      Array.from({ length: 9 }, (_, i) => ({
        merchant_id: m.id,
        admin_id: null,
        merchant_no: m.merchantNo,
        login_name: `user${i}`,
        ip: '203.0.113.9',
        user_agent: '',
        success: i % 3 === 0 ? (0 as const) : (1 as const),
        reason: 'x',
        created_at: Date.UTC(2026, 0, 1 + Math.floor(i / 3)),
      })),
    )
    .execute();
});
afterAll(async () => {
  await t.close();
});

const logs = (query: Record<string, string>) => call<TListPage<TLoginLog>>(t.app, ApiPath.loginLogs, { token, query });

async function walk(query: Record<string, string>): Promise<TListPage<TLoginLog>[]> {
  const pages = [(await logs(query)).body.data];
  while (pages.at(-1)!.nextCursor !== null) {
    pages.push((await logs({ ...query, page: String(pages.length + 1), after: pages.at(-1)!.nextCursor! })).body.data);
  }
  return pages;
}

describe('login log paging', () => {
  it('pages newest first by cursor, every attempt once across equal times, the same rows as page numbers', async () => {
    const pages = await walk({ limit: '2' });
    const rows = pages.flatMap((p) => p.list);
    // The sign-in above plus the nine inserted ones.
    expect(rows).toHaveLength(10);
    expect(pages[0]!.total).toBe(10);
    expect(new Set(rows.map((r) => r.id)).size).toBe(10);
    const order = rows.map((r) => [Date.parse(r.createdAt), r.id] as const);
    expect(order).toEqual([...order].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
    for (let i = 0; i < pages.length; i += 1) {
      const jumped = (await logs({ limit: '2', page: String(i + 1) })).body.data;
      expect(jumped.list.map((r) => r.id)).toEqual(pages[i]!.list.map((r) => r.id));
    }
  });

  it('keeps the outcome filter on every page', async () => {
    const failed = (await walk({ limit: '2', success: 'false' })).flatMap((p) => p.list);
    expect(failed.map((r) => r.loginName)).toEqual(['user6', 'user3', 'user0']);
  });

  it('refuses a malformed cursor with a validation error', async () => {
    const res = await call(t.app, ApiPath.loginLogs, { token, lang: 'en_US', query: { after: 'abc' } });
    expect(res.status).toBe(200);
    expect(res.body.code).not.toBe(0);
  });
});
