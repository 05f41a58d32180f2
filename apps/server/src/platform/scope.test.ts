import { describe, expect, it } from 'vitest';
import { createGateway, createMerchant } from '../../test/factories';
import { testDbForFile } from '../../test/test-db';
import { narrowToGateway, sessionScope } from './scope';

const db = testDbForFile();

describe('narrowing a scope to a gateway number', () => {
  it("keeps one permitted gateway of the caller's merchant; anything else is null (an empty list)", async () => {
    const m = await createMerchant(db.db);
    const [a, b] = [await createGateway(db.db, m), await createGateway(db.db, m)];
    const foreign = await createGateway(db.db, await createMerchant(db.db));
    const all = sessionScope(m.id, 1, null);
    const onlyA = sessionScope(m.id, 2, [a.id]);
    const none = sessionScope(m.id, 3, []);

    expect(await narrowToGateway(db.db, all, undefined)).toBe(all);
    expect(await narrowToGateway(db.db, all, b.gatewayNo)).toMatchObject({ merchantId: m.id, adminId: 1, gatewayIds: [b.id] });
    expect(await narrowToGateway(db.db, onlyA, a.gatewayNo)).toMatchObject({ gatewayIds: [a.id] });
    // Not assigned to the admin, another merchant's, unknown, or an admin with no gateway at all.
    expect(await narrowToGateway(db.db, onlyA, b.gatewayNo)).toBeNull();
    expect(await narrowToGateway(db.db, all, foreign.gatewayNo)).toBeNull();
    expect(await narrowToGateway(db.db, all, '99999999999')).toBeNull();
    expect(await narrowToGateway(db.db, none, a.gatewayNo)).toBeNull();
  });
});
