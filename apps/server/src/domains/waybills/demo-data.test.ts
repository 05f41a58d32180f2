import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { seedDemo } from '../../seed/demo';
import { createTestDb, type TestDb } from '../../../test/test-db';
import { findUsableWebsiteHosts } from '../websites/repository';
import { findProofType } from '../funds/proof-holds';

/* The demo data of the waybill, product and website screens: who needs proof, and exact order totals. */

let tdb: TestDb;
const NOW = Date.UTC(2026, 5, 15, 4);
beforeAll(async () => {
  tdb = await createTestDb();
  await seedDemo(tdb.db, NOW, { transactions: 3_000 });
});
afterAll(async () => {
  await tdb.cleanup();
});

async function merchantId(no: string): Promise<number> {
  return (await tdb.db.selectFrom('merchants').select('id').where('merchant_no', '=', no).executeTakeFirstOrThrow()).id;
}

describe('demo waybills, products and websites', () => {
  it('makes 100001 give delivery proof (either) and 100002 none, with reviewed websites for both', async () => {
    const m1 = await merchantId('100001');
    const m2 = await merchantId('100002');
    expect(await findProofType(tdb.db, m1)).toBe('either');
    expect(await findProofType(tdb.db, m2)).toBeNull();
    expect(await findUsableWebsiteHosts(tdb.db, m1)).toEqual(['eu.harbourline.example', 'shop.harbourline.example']);
    expect(await findUsableWebsiteHosts(tdb.db, m2)).toEqual(['digital.harbourline.example']);
    const waybillMerchants = await tdb.db.selectFrom('waybills').select('merchant_id').distinct().execute();
    expect(waybillMerchants).toEqual([{ merchant_id: m1 }]);
  });

  it('gives every demo order products and a freight that add up exactly to the amount paid', async () => {
    const rows = await tdb.db
      .selectFrom('transactions as t')
      .innerJoin('order_freights as f', 'f.transaction_id', 't.id')
      .select([
        't.id',
        't.amount',
        'f.freight',
        sql<number | string>`(select sum(p.price * p.quantity) from order_products p where p.transaction_id = t.id)`.as('items'),
      ])
      .execute();
    expect(rows.length).toBeGreaterThan(50);
    for (const r of rows) expect(Number(r.items) + Number(r.freight)).toBe(Number(r.amount));
    expect(rows.some((r) => Number(r.freight) === 0)).toBe(true);
    expect(rows.some((r) => Number(r.freight) > 0)).toBe(true);
  });
});
