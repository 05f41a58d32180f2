import {
  createAdmin,
  createGateway,
  createMerchant,
  createPerson,
  createRole,
  type AdminRow,
  type GatewayRow,
  type MerchantRow,
} from './factories';
import { signIn, type TestContext } from './helpers';

/** A business to manage roles and administrators in (system/roles.test.ts, admins.test.ts, platform/auth-cache.test.ts). */

export type Biz = {
  m: MerchantRow;
  g1: GatewayRow;
  g2: GatewayRow;
  owner: AdminRow;
  ownerToken: string;
  ownerId: number;
  adminRoleId: number;
};

/** A merchant with two gateways, its administrator role and its owner, signed in (on `t.app`, any node of `t.db`). */
export async function business(t: Pick<TestContext, 'db' | 'app'>): Promise<Biz> {
  const m = await createMerchant(t.db);
  const g1 = await createGateway(t.db, m);
  const g2 = await createGateway(t.db, m, { currency: 'EUR' });
  const adminRole = await createRole(t.db, m, { isAdmin: true, name: 'administrator' });
  const owner = await createAdmin(t.db, m, { isOwner: true, roleId: adminRole.id, personId: (await createPerson(t.db)).id });
  return { m, g1, g2, owner, ownerToken: await signIn(t.app, owner), ownerId: owner.id, adminRoleId: adminRole.id };
}
