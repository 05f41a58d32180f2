import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-once';
import { createDb, type DbHandle } from './database';

let handle: DbHandle;
beforeAll(async () => {
  handle = createDb('sqlite::memory:');
  await sql`create table reminders (id integer primary key, merchant_id integer not null, admin_id integer, gateway_id integer, content_en text not null, content_zh_cn text not null, content_zh_hk text not null, created_at integer not null)`.execute(
    handle.db,
  );
  await sql`insert into reminders values (1, 1, null, null, 'a', '甲', '甲', 1), (2, 1, 7, 10, 'b', '乙', '乙', 2), (3, 1, null, 11, 'c', '丙', '丙', 3), (4, 2, null, null, 'd', '丁', '丁', 4)`.execute(
    handle.db,
  );
});
afterAll(() => handle.destroy());

const query = compiledOnce({
  key: (s: { lang: 'en' | 'zhCn' }) => s.lang,
  build: (db, s, v: { merchantId: number; gatewayIds: readonly number[]; limit: number }) =>
    db
      .selectFrom('reminders as r')
      .select(['r.id', s.lang === 'en' ? 'r.content_en as text' : 'r.content_zh_cn as text'])
      .where('r.merchant_id', '=', v.merchantId)
      .where((eb) => eb.or([eb('r.gateway_id', 'is', null), eb('r.gateway_id', 'in', v.gatewayIds)]))
      .orderBy('r.id')
      .limit(v.limit),
});

describe('compiledOnce', () => {
  it('runs each call with its own values, and a list of another length or another shape with its own SQL', async () => {
    expect(await query(handle.db, { lang: 'en' }, { merchantId: 1, gatewayIds: [10], limit: 10 })).toEqual([
      { id: 1, text: 'a' },
      { id: 2, text: 'b' },
    ]);
    expect(await query(handle.db, { lang: 'en' }, { merchantId: 1, gatewayIds: [11], limit: 10 })).toEqual([
      { id: 1, text: 'a' },
      { id: 3, text: 'c' },
    ]);
    expect(await query(handle.db, { lang: 'zhCn' }, { merchantId: 1, gatewayIds: [10, 11], limit: 2 })).toEqual([
      { id: 1, text: '甲' },
      { id: 2, text: '乙' },
    ]);
    expect(await query(handle.db, { lang: 'en' }, { merchantId: 2, gatewayIds: [10, 11, 12], limit: 10 })).toEqual([{ id: 4, text: 'd' }]);
  });

  it('refuses a value the query does not take as a parameter', async () => {
    const wrong = compiledOnce({
      key: () => '',
      build: (db, _s, v: { merchantId: number; unused: number }) =>
        db.selectFrom('reminders').select('id').where('merchant_id', '=', v.merchantId),
    });
    await expect(wrong(handle.db, null, { merchantId: 1, unused: 3 })).rejects.toThrow(/unused is not a parameter/);
  });
});
