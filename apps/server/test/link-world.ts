import { expect } from 'vitest';
import type { TListPage } from '@mbo/shared/list';
import { LinkAmountMode, LinkPath, LinkType, payPagePath, type TLink, type TPayResultData } from '@mbo/shared/links';
import { TEST_CARDS } from '@mbo/shared/link-cards';
import { DAY_MS, dateInZone } from '../src/platform/time';
import { createAdmin, createGateway, createMerchant, type GatewayRow, type MerchantRow } from './factories';
import { call, createTestApp, signIn, type TestContext } from './helpers';

/*
 * What the payment link tests (src/domains/links/links.test.ts, link-trade-numbers.test.ts) start from:
 * a merchant whose gateway takes link payments, another merchant, and the requests that make and pay
 * a link.
 */

/** The merchant with a gateway for links (cards, 3-D Secure, Alipay), and another merchant, signed in. */
export type LinkWorld = { t: TestContext; merchant: MerchantRow; gateway: GatewayRow; token: string; otherToken: string };

export const TZ = 'Asia/Shanghai';

export async function createLinkWorld(): Promise<LinkWorld> {
  const t = await createTestApp();
  const merchant = await createMerchant(t.db);
  const gateway = await createGateway(t.db, merchant);
  await t.db.updateTable('gateways').set({ services: 'visa,mastercard,3ds,alipay' }).where('id', '=', gateway.id).execute();
  const token = await signIn(t.app, await createAdmin(t.db, merchant));
  const other = await createMerchant(t.db);
  const otherGateway = await createGateway(t.db, other);
  await t.db.updateTable('gateways').set({ services: 'visa' }).where('id', '=', otherGateway.id).execute();
  const otherToken = await signIn(t.app, await createAdmin(t.db, other));
  return { t, merchant, gateway, token, otherToken };
}

/** The requests of the link tests, made in the world `world()` gives (once beforeAll has made it). */
export function linkCalls(world: () => LinkWorld) {
  const today = (plusDays = 0) => dateInZone(world().t.clock.now() + plusDays * DAY_MS, TZ);

  function linkBody(o: Record<string, unknown> = {}) {
    return {
      title: 'Order 42',
      description: 'Two blue mugs',
      linkType: LinkType.oneTime,
      activeUntil: today(7),
      gatewayNo: world().gateway.gatewayNo,
      currency: 'USD',
      amountMode: LinkAmountMode.fixed,
      amount: '25.00',
      methods: ['card'],
      operatingName: 'Harbour Mugs',
      ...o,
    };
  }

  async function createLink(o: Record<string, unknown> = {}, tok = world().token) {
    const r = await call<{ linkKey: string; url: string }>(world().t.app, LinkPath.create, {
      token: tok,
      body: linkBody(o),
      headers: { timezone: TZ },
    });
    expect(r.body.code, JSON.stringify(r.body)).toBe(0);
    return r.body.data;
  }

  function payBody(o: Record<string, unknown> = {}) {
    return {
      email: 'buyer@example.com',
      card: { number: TEST_CARDS.approved, expiry: '12/39', cvc: '123', holder: 'Ann Buyer' },
      ...o,
    };
  }

  const pay = (
    key: string,
    o: Record<string, unknown> = {},
    headers: Record<string, string> = {},
    lang: 'zh_CN' | 'zh_HK' | 'en_US' = 'en_US',
    customer = 0,
  ) => call<TPayResultData>(world().t.app, payPagePath(key), { body: payBody(o), headers, lang, ip: `198.51.100.${customer + 1}` });

  const linkOf = async (key: string) => {
    const r = await call<TListPage<TLink>>(world().t.app, LinkPath.list, { token: world().token, query: { limit: '50' } });
    return r.body.data.list.find((l) => l.linkKey === key);
  };

  return { today, linkBody, createLink, payBody, pay, linkOf };
}
