import { createAdmin, createGateway, createMerchant, type AdminRow, type GatewayRow, type MerchantRow } from './factories';
import { forTestFile } from './for-test-file';
import { signIn, type TestContext } from './helpers';

/** A merchant with one gateway and one administrator (all gateways, the administrator role), signed in. */
export type Shop = { merchant: MerchantRow; gateway: GatewayRow; admin: AdminRow; token: string };

export type ShopOptions = { merchantName?: string };

export async function signedInShop(t: TestContext, o: ShopOptions = {}): Promise<Shop> {
  const merchant = await createMerchant(t.db, o.merchantName === undefined ? {} : { name: o.merchantName });
  const gateway = await createGateway(t.db, merchant);
  const admin = await createAdmin(t.db, merchant);
  return { merchant, gateway, admin, token: await signIn(t.app, admin) };
}

/** The shop a domain's HTTP tests work in, made in the file's app (testAppForFile) before the file's first test. */
export function shopForFile(t: TestContext, o: ShopOptions = {}): Shop {
  return forTestFile(
    () => signedInShop(t, o),
    () => Promise.resolve(),
    { merchant: true, gateway: true, admin: true, token: true },
  );
}
