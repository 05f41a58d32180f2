import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@mbo/shared/envelope';
import { SearchPath, type TSearchAnswer, type TSearchKind } from '@mbo/shared/search';
import { TradeType } from '@mbo/shared/trade-enums';
import { TRANSACTION_VIEW_DEFS } from '@mbo/shared/transactions';
import { createAdmin, createGateway, createMerchant, createRole, type GatewayRow, type MerchantRow } from '../../../test/factories';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import { createMerchantRecords, createRecords, type Records } from '../../../test/search-records';
import { createTransaction } from '../../../test/trade-factories';
import { KIND_SCREENS } from './service';

/*
 * The search box over the API (issue 48 §1), on SQLite and PostgreSQL: every kind of number a person
 * may type finds its record; another merchant's and another gateway's records never come back; a kind
 * is searched only for a member who may open its screen.
 */

const t = testAppForFile();
const AT = Date.UTC(2026, 9, 1, 4);

let a: MerchantRow;
let g1: GatewayRow;
let g2: GatewayRow;
let mine: Records;
let otherGateway: Records;
let stranger: Records;
let owner: string;

beforeAll(async () => {
  a = await createMerchant(t.db);
  g1 = await createGateway(t.db, a, { currency: 'USD' });
  g2 = await createGateway(t.db, a, { currency: 'EUR' });
  mine = await createRecords(t.db, a, g1, 'A1', AT);
  await createMerchantRecords(t.db, a, mine, AT);
  otherGateway = await createRecords(t.db, a, g2, 'A2', AT);
  const b = await createMerchant(t.db);
  const gb = await createGateway(t.db, b, { currency: 'USD' });
  stranger = await createRecords(t.db, b, gb, 'B1', AT);
  await createMerchantRecords(t.db, b, stranger, AT);
  owner = await signIn(t.app, await createAdmin(t.db, a, { isOwner: true }));
});

async function find(token: string, q: string): Promise<TSearchAnswer> {
  const res = await call<TSearchAnswer>(t.app, SearchPath.search, { token, query: { q } });
  expect(res.body.code, res.body.msg).toBe(0);
  return res.body.data;
}

const idsOf = (answer: TSearchAnswer, kind: TSearchKind) => answer.groups.find((g) => g.kind === kind)?.hits.map((h) => h.id) ?? [];
const allIds = (answer: TSearchAnswer) => answer.groups.flatMap((g) => g.hits.map((h) => h.id));

describe('GET /search: each kind of number finds its record', () => {
  const cases: [string, (r: Records) => string, TSearchKind, (r: Records) => string][] = [
    ['trade number', (r) => r.tradeNo, 'transaction', (r) => r.tradeNo],
    ['beginning of a trade number', (r) => r.tradeNo.slice(0, -2), 'transaction', (r) => r.tradeNo],
    ['merchant order number', (r) => r.orderNo, 'transaction', (r) => r.tradeNo],
    ['customer e-mail', (r) => r.email.toUpperCase(), 'transaction', (r) => r.tradeNo],
    ['card first six and last four', (r) => `${r.first6}****${r.last4}`, 'transaction', (r) => r.tradeNo],
    ['card last four', (r) => r.last4, 'transaction', (r) => r.tradeNo],
    ['card first six', (r) => r.first6, 'transaction', (r) => r.tradeNo],
    ['refund number', (r) => r.refundNo, 'refund', (r) => r.refundNo],
    ['case number', (r) => r.caseNo, 'dispute', (r) => r.caseNo],
    ['complaint number', (r) => r.complaintNo, 'complaint', (r) => r.complaintNo],
    ["cardholder's e-mail", (r) => r.complaintEmail, 'complaint', (r) => r.complaintNo],
    ['withdrawal number', (r) => r.withdrawalNo, 'withdrawal', (r) => r.withdrawalNo],
    ['settlement batch number', (r) => r.batchNo, 'batch', (r) => r.batchNo],
    ['tracking number', (r) => r.trackingNo, 'waybill', (r) => r.trackingNo],
    ['payment link key', (r) => r.linkKey, 'link', (r) => r.linkKey],
    ['website address', (r) => `${r.url}/`, 'website', (r) => r.url],
    ['website host', (r) => r.host, 'website', (r) => r.url],
    ['blacklisted e-mail', (r) => r.blacklistEmail, 'blacklist', (r) => r.blacklistEmail],
  ];
  it.each(cases)('%s', async (_name, typed, kind, expected) => {
    const answer = await find(owner, typed(mine));
    expect(idsOf(answer, kind)).toContain(expected(mine));
    // Never the other merchant's look-alike.
    expect(allIds(answer)).not.toContain(expected(stranger));
  });

  it('says what a person needs to choose and where the web opens it', async () => {
    const answer = await find(owner, mine.tradeNo);
    const hit = answer.groups.find((g) => g.kind === 'transaction')?.hits[0];
    expect(hit).toMatchObject({
      id: mine.tradeNo,
      matched: 'tradeNo',
      status: 1,
      amount: 12_345,
      currency: 'USD',
      at: new Date(AT).toISOString(),
      screen: TRANSACTION_VIEW_DEFS.formal.menu,
    });
    expect(hit?.detail).toContain(mine.orderNo);
    const refund = (await find(owner, mine.refundNo)).groups.find((g) => g.kind === 'refund')?.hits[0];
    expect(refund).toMatchObject({ amount: 1_000, currency: 'USD', screen: KIND_SCREENS.refund, tradeNo: mine.tradeNo });
  });

  it('puts the exact number first and says when a kind has more than it shows', async () => {
    for (let i = 0; i < 7; i += 1) await createTransaction(t.db, a, g1, { merchant_order_no: `MANY-${i}`, created_at: AT + i });
    const answer = await find(owner, 'MANY-');
    const group = answer.groups.find((g) => g.kind === 'transaction');
    expect(group?.hits).toHaveLength(5);
    expect(group?.more).toBe(true);
    const exact = await find(owner, 'MANY-3');
    expect(exact.groups.find((g) => g.kind === 'transaction')?.hits[0]?.detail).toContain('MANY-3');
  });

  it('reads 23 digits as an acquirer reference number and answers without a group (no table holds one)', async () => {
    const answer = await find(owner, '74567896123456789012345');
    expect(answer.shapes).toContain('arn');
    expect(answer.groups).toEqual([]);
  });
});

describe('GET /search: never outside the caller', () => {
  it("never answers another merchant's records, whatever is typed", async () => {
    const b = await find(owner, 'B1');
    expect(allIds(b)).toEqual([]);
    for (const q of [
      stranger.tradeNo,
      stranger.refundNo,
      stranger.caseNo,
      stranger.linkKey,
      stranger.url,
      stranger.blacklistEmail,
      stranger.email,
    ]) {
      expect(allIds(await find(owner, q)), q).toEqual([]);
    }
  });

  it("answers an administrator limited to one gateway nothing of the other gateway's", async () => {
    const limited = await signIn(t.app, await createAdmin(t.db, a, { gateways: [g2] }));
    for (const q of [
      mine.tradeNo,
      mine.refundNo,
      mine.caseNo,
      mine.complaintNo,
      mine.withdrawalNo,
      mine.batchNo,
      mine.trackingNo,
      mine.linkKey,
      mine.email,
    ]) {
      expect(allIds(await find(limited, q)), q).toEqual([]);
    }
    // Its own gateway's records are found.
    expect(idsOf(await find(limited, otherGateway.refundNo), 'refund')).toEqual([otherGateway.refundNo]);
    expect(idsOf(await find(limited, 'TSRCH'), 'transaction')).toEqual([otherGateway.tradeNo]);
    // Websites and the blacklist belong to the merchant, as on their own screens.
    expect(idsOf(await find(limited, mine.host), 'website')).toEqual([mine.url]);
  });

  it('searches a kind only for a member who may open its screen', async () => {
    const member = async (permissions: string[]) =>
      signIn(t.app, await createAdmin(t.db, a, { roleId: (await createRole(t.db, a, { permissions })).id }));
    const bare = await member([]);
    expect((await find(bare, mine.refundNo)).groups).toEqual([]);
    expect((await find(bare, mine.tradeNo)).groups).toEqual([]);
    const refunds = await member([KIND_SCREENS.refund]);
    expect(idsOf(await find(refunds, mine.refundNo), 'refund')).toEqual([mine.refundNo]);
    expect(idsOf(await find(refunds, mine.tradeNo), 'transaction')).toEqual([]);
    // The code prefix "RFSRCH" is also a possible order number: no transaction group without the screen.
    expect((await find(refunds, 'RFSRCH')).groups.map((g) => g.kind)).toEqual(['refund']);
    for (const [kind, screen] of Object.entries(KIND_SCREENS)) {
      const others = await member(Object.values(KIND_SCREENS).filter((s) => s !== screen));
      const typed = {
        refund: mine.refundNo,
        dispute: mine.caseNo,
        complaint: mine.complaintNo,
        withdrawal: mine.withdrawalNo,
        batch: mine.batchNo,
        waybill: mine.trackingNo,
        link: mine.linkKey,
        website: mine.host,
        blacklist: mine.blacklistEmail,
      }[kind as keyof typeof KIND_SCREENS];
      expect(idsOf(await find(others, typed), kind as TSearchKind), kind).toEqual([]);
    }
  });

  it('shows pre-authorizations to a member of the pre-authorization screen only, and on that screen', async () => {
    const pre = await createTransaction(t.db, a, g1, { trade_no: 'TSRCHPRE0001', trade_type: TradeType.preAuthorization, created_at: AT });
    const role = await createRole(t.db, a, { permissions: [TRANSACTION_VIEW_DEFS.preAuth.menu] });
    const token = await signIn(t.app, await createAdmin(t.db, a, { roleId: role.id }));
    const answer = await find(token, 'TSRCH');
    const hits = answer.groups.find((g) => g.kind === 'transaction')?.hits ?? [];
    expect(hits.map((h) => [h.id, h.screen])).toEqual([[pre.tradeNo, TRANSACTION_VIEW_DEFS.preAuth.menu]]);
  });
});

describe('GET /search: refusals', () => {
  it('refuses an empty or overlong text with a translated message, never a 5xx', async () => {
    for (const q of ['', '   ', 'x'.repeat(301)]) {
      const res = await call(t.app, SearchPath.search, { token: owner, query: { q }, lang: 'en_US' });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(ErrorCode.validation);
      expect(res.body.msg).toContain('Search text');
    }
  });

  it('answers text of every odd shape without failing', async () => {
    for (const q of [
      '%',
      '_',
      "'; drop table transactions; --",
      '\\',
      '4111 1111 1111 1111',
      '@',
      'http://',
      '****1234',
      '😀😀😀',
      'a'.repeat(300),
    ]) {
      const res = await call(t.app, SearchPath.search, { token: owner, query: { q } });
      expect(res.body.code, q).toBe(0);
    }
  });

  it('answers 401 without a session', async () => {
    const res = await call(t.app, SearchPath.search, { query: { q: mine.tradeNo } });
    expect(res.status).toBe(401);
  });
});
