import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LinkType } from '@mbo/shared/links';
import { type GatewayRow } from '../../../test/factories';
import { type TestContext } from '../../../test/helpers';
import { TRADE_NO_ATTEMPTS, tradeNoDigits } from '../transactions/repository';
import { createLinkWorld, linkCalls, type LinkWorld } from '../../../test/link-world';

/*
 * Trade numbers of payments through a link: a number another payment of the same millisecond took is
 * drawn again, and the payment is recorded once or not at all. The links themselves are links.test.ts.
 */

let world: LinkWorld;
let t: TestContext;
let gateway: GatewayRow;

beforeAll(async () => {
  world = await createLinkWorld();
  ({ t, gateway } = world);
});
afterAll(async () => {
  await t.close();
});

const { createLink, pay } = linkCalls(() => world);

describe('trade numbers of link payments', () => {
  // Two payments in one millisecond of the test's fixed clock that draw the same six digits would take
  // the same trade number, which the unique index refuses. The draws are made to collide here.
  const draws = { queue: [] as number[] };
  beforeEach(() => {
    const draw = tradeNoDigits.draw;
    vi.spyOn(tradeNoDigits, 'draw').mockImplementation(() => draws.queue.shift() ?? draw());
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const recorded = async () =>
    (await t.db.selectFrom('transactions').select('trade_no').where('gateway_id', '=', gateway.id).orderBy('id').execute()).map(
      (r) => r.trade_no,
    );

  it('a payment whose number another payment of the same millisecond took is recorded under another one, once', async () => {
    const taken = (await createLink({ linkType: LinkType.reusable })).linkKey;
    draws.queue = [123456];
    const first = await pay(taken);
    expect(first.body.code, first.body.msg).toBe(0);
    expect(first.body.data.tradeNo).toMatch(/123456$/);

    // A one-time link: the refused attempt consumed it inside its transaction, which rolled back whole.
    const once = (await createLink({ linkType: LinkType.oneTime })).linkKey;
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
    const link = (await createLink({ linkType: LinkType.reusable })).linkKey;
    draws.queue = [222222];
    expect((await pay(link)).body.code).toBe(0);
    const before = await recorded();
    draws.queue = Array.from({ length: TRADE_NO_ATTEMPTS }, () => 222222);
    expect((await pay(link)).body.code).not.toBe(0);
    expect(draws.queue).toEqual([]);
    expect(await recorded()).toEqual(before);
  });
});
