import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookPath } from '@mbo/shared/webhooks';
import { call } from '../../../test/helpers';
import { createLinkWorld, linkCalls, type LinkWorld } from '../../../test/link-world';

/*
 * A payment through a payment link writes its payment event and then `paymentLink.paid`, both about the
 * payment's trade and in the transaction that consumes the link (README.md "Kinds and where they come
 * from"); on SQLite and PostgreSQL.
 */

let world: LinkWorld;
const { createLink, pay } = linkCalls(() => world);

beforeAll(async () => {
  world = await createLinkWorld();
  const added = await call(world.t.app, WebhookPath.endpointAdd, {
    token: world.token,
    body: { gatewayNo: world.gateway.gatewayNo, url: 'https://shop.example.com/hook', kinds: ['payment.succeeded', 'paymentLink.paid'] },
  });
  expect(added.body.code).toBe(0);
});
afterAll(async () => {
  await world.t.close();
});

describe('payment link events', () => {
  it('an approved payment through a link is notified as a payment and as the link paid', async () => {
    const link = await createLink();
    const paid = await pay(link.linkKey);
    expect(paid.body.code).toBe(0);
    const events = await world.t.db
      .selectFrom('webhook_events')
      .select(['kind', 'object_no', 'payload'])
      .where('merchant_id', '=', world.merchant.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => [e.kind, e.object_no])).toEqual([
      ['payment.succeeded', paid.body.data.tradeNo],
      ['paymentLink.paid', paid.body.data.tradeNo],
    ]);
    const data = JSON.parse(events[1]?.payload ?? '{}') as { paymentLink?: { title: string }; cardNo?: string };
    expect(data.paymentLink?.title).toBe('Order 42');
    expect(data.cardNo).toMatch(/^\d{6}\*{6}\d{4}$/);
  });
});
