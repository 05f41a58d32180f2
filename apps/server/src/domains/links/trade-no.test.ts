import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LinkAmountMode, LinkPath, LinkType, payPagePath, type TPayResultData } from '@mbo/shared/links';
import { TEST_CARDS } from '@mbo/shared/link-cards';
import { createAdmin, createGateway, createMerchant, type GatewayRow } from '../../../test/factories';
import { call, createTestApp, signIn, type TestContext } from '../../../test/helpers';
import { DAY_MS, dateInZone } from '../../platform/time';
import { TRADE_NO_ATTEMPTS, tradeNoDigits } from '../transactions/repository';

/*
 * Two payments in one millisecond of the test's fixed clock that draw the same six digits would take
 * the same trade number, which the unique index refuses. The draws are made to collide here.
 */
const draws = { queue: [] as number[] };
beforeEach(() => {
  const draw = tradeNoDigits.draw;
  vi.spyOn(tradeNoDigits, 'draw').mockImplementation(() => draws.queue.shift() ?? draw());
});
afterEach(() => {
  vi.restoreAllMocks();
});

let t: TestContext;
let gateway: GatewayRow;
let token: string;
const TZ = 'Asia/Shanghai';

beforeAll(async () => {
  t = await createTestApp();
  const merchant = await createMerchant(t.db);
  gateway = await createGateway(t.db, merchant);
  await t.db.updateTable('gateways').set({ services: 'visa' }).where('id', '=', gateway.id).execute();
  token = await signIn(t.app, await createAdmin(t.db, merchant));
});
afterAll(async () => {
  await t.close();
});

async function createLink(linkType: number): Promise<string> {
  const r = await call<{ linkKey: string }>(t.app, LinkPath.create, {
    token,
    headers: { timezone: TZ },
    body: {
      title: 'Order 7',
      description: 'One teapot',
      linkType,
      activeUntil: dateInZone(t.clock.now() + 7 * DAY_MS, TZ),
      gatewayNo: gateway.gatewayNo,
      currency: 'USD',
      amountMode: LinkAmountMode.fixed,
      amount: '25.00',
      methods: ['card'],
      operatingName: 'Harbour Mugs',
    },
  });
  expect(r.body.code, JSON.stringify(r.body)).toBe(0);
  return r.body.data.linkKey;
}

const pay = (key: string) =>
  call<TPayResultData>(t.app, payPagePath(key), {
    lang: 'en_US',
    body: { email: 'buyer@example.com', card: { number: TEST_CARDS.approved, expiry: '12/39', cvc: '123', holder: 'Ann Buyer' } },
  });

const recorded = async () =>
  (await t.db.selectFrom('transactions').select('trade_no').where('gateway_id', '=', gateway.id).orderBy('id').execute()).map(
    (r) => r.trade_no,
  );

describe('trade numbers of link payments', () => {
  it('a payment whose number another payment of the same millisecond took is recorded under another one, once', async () => {
    const taken = await createLink(LinkType.reusable);
    draws.queue = [123456];
    const first = await pay(taken);
    expect(first.body.code, first.body.msg).toBe(0);
    expect(first.body.data.tradeNo).toMatch(/123456$/);

    // A one-time link: the refused attempt consumed it inside its transaction, which rolled back whole.
    const once = await createLink(LinkType.oneTime);
    const before = await recorded();
    draws.queue = [123456, 654321];
    const second = await pay(once);
    expect(second.body.code, second.body.msg).toBe(0);
    expect(second.body.data).toMatchObject({ result: 'approved', tradeNo: first.body.data.tradeNo.replace(/123456$/, '654321') });
    expect(await recorded()).toEqual([...before, second.body.data.tradeNo]);
    // Paid exactly once: a second customer finds it paid.
    expect((await pay(once)).body.msg).toBe('This payment link has already been paid and cannot be paid again');
  });

  it('gives up after a few refused numbers, having recorded nothing', async () => {
    const link = await createLink(LinkType.reusable);
    draws.queue = [222222];
    const first = await pay(link);
    expect(first.body.code).toBe(0);
    const before = await recorded();
    draws.queue = Array.from({ length: TRADE_NO_ATTEMPTS }, () => 222222);
    const refused = await pay(link);
    expect(refused.body.code).not.toBe(0);
    expect(draws.queue).toEqual([]);
    expect(await recorded()).toEqual(before);
  });
});
