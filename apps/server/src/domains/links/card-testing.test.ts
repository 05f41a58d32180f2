import { describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import type { TListPage } from '@mbo/shared/list';
import { LinkAmountMode, LinkPath, LinkType, payPagePath, type TLink, type TPayPage, type TPayResultData } from '@mbo/shared/links';
import { TEST_CARDS } from '@mbo/shared/link-cards';
import { createAdmin, createGateway, createMerchant, type MerchantRow } from '../../../test/factories';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import { opsOf } from '../../../test/ops-harness';
import { freshCard } from '../../../test/trade-factories';
import { DAY_MS, dateInZone } from '../../platform/time';
import { cardFingerprint, DEFAULT_CARD_TESTING_LIMITS, fingerprintKey } from './card-testing';

/*
 * Card testing spread over several links of one merchant, or one card tried on many links: the limits
 * per merchant and per card hold across links (README "Card testing").
 */

const t = testAppForFile();
const ops = opsOf(t);

const TZ = 'Asia/Shanghai';
const ATTACKER = '203.0.113.7';

type Shop = { merchant: MerchantRow; name: string; token: string; ownerEmail: string; links: string[] };

async function shop(links: number): Promise<Shop> {
  const name = `Card Test Shop ${Math.random().toString(36).slice(2, 8)}`;
  const merchant = await createMerchant(t.db, { name });
  const gateway = await createGateway(t.db, merchant);
  await t.db.updateTable('gateways').set({ services: 'visa,mastercard' }).where('id', '=', gateway.id).execute();
  const owner = await createAdmin(t.db, merchant, { isOwner: true });
  const token = await signIn(t.app, owner);
  const keys: string[] = [];
  for (let i = 0; i < links; i += 1) {
    const r = await call<{ linkKey: string }>(t.app, LinkPath.create, {
      token,
      headers: { timezone: TZ },
      body: {
        title: `Order ${i}`,
        linkType: LinkType.reusable,
        activeUntil: dateInZone(t.clock.now() + 7 * DAY_MS, TZ),
        gatewayNo: gateway.gatewayNo,
        currency: 'USD',
        amountMode: LinkAmountMode.fixed,
        amount: '19.00',
        methods: ['card'],
        operatingName: 'Harbour Mugs',
      },
    });
    expect(r.body.code, JSON.stringify(r.body)).toBe(0);
    keys.push(r.body.data.linkKey);
  }
  return { merchant, name, token, ownerEmail: `${owner.loginName}@example.test`, links: keys };
}

const pay = (key: string, number: string, ip = ATTACKER) =>
  call<TPayResultData>(t.app, payPagePath(key), {
    ip,
    lang: 'en_US',
    body: { email: 'buyer@example.com', card: { number, expiry: '12/39', cvc: '123', holder: 'A Buyer' } },
  });

const linksOf = async (s: Shop) =>
  (await call<TListPage<TLink>>(t.app, LinkPath.list, { token: s.token, query: { limit: '50' } })).body.data.list;

const recorded = async (s: Shop) =>
  Number(
    (
      await t.db
        .selectFrom('transactions')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('merchant_id', '=', s.merchant.id)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('card testing across payment links', () => {
  it('45 cards over 5 links from one address: the merchant limit stops it, the links pause and the owner is told', async () => {
    const s = await shop(5);
    const limit = DEFAULT_CARD_TESTING_LIMITS.merchantDeclines;
    const answers: string[] = [];
    for (let i = 0; i < 45; i += 1) {
      const r = await pay(s.links[i % 5]!, freshCard());
      answers.push(r.body.code === 0 ? r.body.data.result : r.body.msg);
    }
    // Only `limit` cards reached the gateway; every later one was refused without a record.
    expect(answers.filter((a) => a === 'declined')).toHaveLength(limit);
    expect(answers.slice(limit)).toEqual(Array(45 - limit).fill('This payment link takes no payment for now: try again later'));
    expect(await recorded(s)).toBe(limit);

    // Every link of the merchant is paused, for the customer too, even with a good card.
    const links = await linksOf(s);
    expect(links.map((l) => l.pausedUntil)).toEqual(Array(5).fill(new Date(t.clock.now() + 60 * 60_000).toISOString()));
    const page = await call<TPayPage>(t.app, payPagePath(s.links[0]!));
    expect(page.body.data.unavailable).toBe('paused');
    expect((await pay(s.links[0]!, TEST_CARDS.approved, '198.51.100.9')).body.msg).toBe(
      'This payment link takes no payment for now: try again later',
    );

    // The owner reads it in the back office and in a mail.
    const reminders = await call<{ content: string }[]>(t.app, ApiPath.reminders, { token: s.token, lang: 'en_US' });
    expect(reminders.body.data.map((r) => r.content)).toEqual([
      expect.stringContaining(`${limit} payments through your payment links were declined within an hour`),
    ]);
    await t.app.background.idle();
    const mails = await t.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_addr', '=', s.ownerEmail).execute();
    expect(mails).toHaveLength(1);
    // An owner without a person of their own gets the product's default language.
    expect(mails[0]?.subject).toBe(`${s.name}的支付链接已暂停收款`);
    expect(mails[0]?.text_body).toContain('5 个有效的支付链接已暂停收款至');

    // The pause ends by itself after an hour.
    t.clock.advance(61 * 60_000);
    try {
      expect((await pay(s.links[1]!, TEST_CARDS.approved, '198.51.100.9')).body.data.result).toBe('approved');
      for (const key of s.links) expect((await call<TPayPage>(t.app, payPagePath(key))).body.data.unavailable).toBeNull();
    } finally {
      t.clock.advance(-61 * 60_000);
    }
  });

  it('one card tried on many links is refused after the card limit, while other cards still pay', async () => {
    const s = await shop(8);
    const card = freshCard();
    const limit = DEFAULT_CARD_TESTING_LIMITS.cardDeclines;
    const answers: string[] = [];
    // A new address for every try: only the card links them.
    for (let i = 0; i < 8; i += 1) {
      const r = await pay(s.links[i]!, card, `198.18.0.${i + 1}`);
      answers.push(r.body.code === 0 ? r.body.data.result : r.body.msg);
    }
    expect(answers).toEqual([
      ...Array(limit).fill('declined'),
      ...Array(8 - limit).fill('Too many failed payments with this card: try again in an hour or use another card'),
    ]);
    // The card is refused at any merchant; the links are not paused and take other cards.
    const other = await shop(1);
    expect((await pay(other.links[0]!, card, '198.18.1.1')).body.msg).toBe(
      'Too many failed payments with this card: try again in an hour or use another card',
    );
    expect((await linksOf(s)).every((l) => l.pausedUntil === null)).toBe(true);
    expect((await pay(s.links[0]!, freshCard(), '198.18.0.99')).body.data.result).toBe('declined');
    // Approved payments do not count: one card pays more often than the limit.
    for (let i = 0; i < limit + 2; i += 1) expect((await pay(s.links[1]!, TEST_CARDS.approved)).body.data.result).toBe('approved');

    // Only a keyed hash of the number is kept (with the key the server made, the same for every node), never the number.
    const keys = await t.db.selectFrom('link_attempt_counters').select('key_hash').where('scope', '=', 'card').execute();
    const secret = await t.db.selectFrom('server_keys').select(['name', 'secret']).execute();
    expect(secret.map((k) => k.name)).toEqual(['cardFingerprint']);
    expect(keys.map((k) => k.key_hash)).toContain(cardFingerprint(Buffer.from(secret[0]?.secret ?? '', 'hex'), card));
    expect(keys.some((k) => k.key_hash.includes(card))).toBe(false);
    expect(cardFingerprint(Buffer.from('a'.repeat(32)), card)).not.toBe(cardFingerprint(Buffer.from('b'.repeat(32)), card));
    // CARD_FINGERPRINT_KEY, when set, is the key instead of the one in the database.
    expect(await fingerprintKey(t.db, 'k'.repeat(32))).toEqual(Buffer.from('k'.repeat(32)));
  });

  it('a run of failures from one address on one link stops at 10 when the tries come at once', async () => {
    const s = await shop(1);
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(s.links[0]!, freshCard())));
    expect(results.filter((r) => r.body.code === 0).map((r) => r.body.data.result)).toEqual(Array(10).fill('declined'));
    expect(results.filter((r) => r.body.code !== 0).map((r) => r.body.msg)).toEqual(
      Array(10).fill('Too many failed payments: try again in an hour'),
    );
    expect(await recorded(s)).toBe(10);
    // Another address on the same link is not held back by it.
    expect((await pay(s.links[0]!, TEST_CARDS.approved, '198.51.100.77')).body.data.result).toBe('approved');
  });

  it('parallel tries do not pass the limits, set by the operator', async () => {
    const s = await shop(4);
    const set = await ops('link:limits', '--merchant', s.merchant.merchantNo, '--merchant-declines', '8', '--card-declines', '3');
    expect(set.code, set.err).toBe(0);
    expect(set.out).toContain('8 declines per hour over the merchant');
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => pay(s.links[i % 4]!, freshCard(), `192.0.2.${i + 1}`)));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(8);
    for (const r of results.filter((x) => x.body.code !== 0)) {
      expect(r.status).toBe(200);
      expect(r.body.msg).toBe('This payment link takes no payment for now: try again later');
    }
    expect(await recorded(s)).toBe(8);
    const reminders = await t.db.selectFrom('reminders').select('id').where('merchant_id', '=', s.merchant.id).execute();
    expect(reminders).toHaveLength(1);

    // One card on many links at once: exactly the card limit reaches the gateway.
    const t2 = await shop(4);
    const card = freshCard();
    const same = await Promise.all(Array.from({ length: 20 }, (_, i) => pay(t2.links[i % 4]!, card, `192.0.3.${i + 1}`)));
    expect(same.filter((r) => r.body.code === 0)).toHaveLength(DEFAULT_CARD_TESTING_LIMITS.cardDeclines);
    expect(await recorded(t2)).toBe(DEFAULT_CARD_TESTING_LIMITS.cardDeclines);

    // The operator lifts the pause early; the merchant's count starts over.
    const resumed = await ops('link:resume', '--merchant', s.merchant.merchantNo);
    expect(resumed.out).toContain('4 paused link(s) take payments again');
    expect((await pay(s.links[0]!, freshCard(), '192.0.4.1')).body.data.result).toBe('declined');
    const cleared = await ops('link:limits', '--merchant', s.merchant.merchantNo, '--clear');
    expect(cleared.out).toContain(`${DEFAULT_CARD_TESTING_LIMITS.merchantDeclines} declines per hour`);
    expect((await ops('link:limits', '--merchant-declines', '0')).code).toBe(2);
  });
});
