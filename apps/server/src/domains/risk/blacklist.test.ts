import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@mbo/shared/envelope';
import type { TListPage } from '@mbo/shared/list';
import {
  BLACKLIST_RULE,
  RiskControlPath,
  RiskPath,
  type TBlacklistEntry,
  type TBlacklistUploadResult,
  type TRiskControlSummary,
} from '@mbo/shared/risk';
import { dateInZone } from '../../platform/time';
import { PayStatus, TradeCategory } from '@mbo/shared/trade-enums';
import { createAdmin, createRole } from '../../../test/factories';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import { opsOf } from '../../../test/ops-harness';
import { shopForFile } from '../../../test/signed-in-shop';

const t = testAppForFile();
const shop = shopForFile(t);
// Another merchant's administrator: sees and touches none of the shop's.
const stranger = shopForFile(t);
const ops = opsOf(t);

const add = (body: unknown, tok = shop.token) =>
  call<{ id: number; created: boolean }>(t.app, RiskPath.blacklistAdd, { token: tok, body, lang: 'en_US' });
const list = (tok = shop.token, query: Record<string, string> = {}) =>
  call<TListPage<TBlacklistEntry>>(t.app, RiskPath.blacklist, { token: tok, query });

async function record(...extra: string[]) {
  const r = await ops('payment:record', '--gateway', shop.gateway.gatewayNo, '--amount', '10.00', ...extra);
  expect(r.code, r.err).toBe(0);
  const tradeNo = r.out.split(/\s+/)[0] ?? '';
  return t.db.selectFrom('transactions').selectAll().where('trade_no', '=', tradeNo).executeTakeFirstOrThrow();
}

describe('blacklist', () => {
  it('adds entries of every type, normalised, with who added them; the same entry twice is harmless', async () => {
    const first = await add({ type: 'email', value: ' Bad@Example.COM ', reason: 'chargebacks' });
    expect(first.body.data.created).toBe(true);
    const again = await add({ type: 'email', value: 'bad@example.com', reason: 'again' });
    expect(again.body.data).toEqual({ id: first.body.data.id, created: false });
    for (const [type, value] of [
      ['cardBin', '400000'],
      ['card', '411111-1111'],
      ['emailDomain', '@Spam.example'],
      ['ip', '203.0.113.9'],
      ['country', 'ng'],
    ]) {
      expect((await add({ type, value, reason: 'fraud' })).body.code).toBe(0);
    }
    const rows = (await list()).body.data.list;
    expect(rows.map((r) => `${r.type}:${r.value}`).sort()).toEqual(
      ['card:411111-1111', 'cardBin:400000', 'country:NG', 'email:bad@example.com', 'emailDomain:spam.example', 'ip:203.0.113.9'].sort(),
    );
    expect(rows.every((r) => r.addedBy.length > 0 && r.reason.length > 0)).toBe(true);
    expect((await list(stranger.token)).body.data.list).toEqual([]);
  });

  it('never accepts a full card number', async () => {
    for (const value of ['4111111111111111', '411111 1111111111', '4111-1111-1111-1111']) {
      const r = await add({ type: 'card', value, reason: 'x' });
      expect(r.body.code).toBe(ErrorCode.validation);
      expect(r.body.msg).toContain('full card number is not accepted');
    }
    const all = await t.db.selectFrom('blacklist_entries').select('value').execute();
    expect(all.some((r) => /\d{11,}/.test(r.value.replace(/\D/g, '')))).toBe(false);
  });

  it('imports a CSV with a result per row', async () => {
    const csv =
      'type,value,reason\nemail,csv1@example.com,fraud\nemail,csv1@example.com,dup\ncard,4111111111111111,full\nnope,x,y\nip,198.51.100.7\n"country","RU","sanctions, high risk"\n';
    const r = await call<TBlacklistUploadResult>(t.app, RiskPath.blacklistImport, { token: shop.token, body: { csv }, lang: 'en_US' });
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({ added: 2, duplicates: 1, invalid: 3 });
    expect(r.body.data.rows.map((x) => x.result)).toEqual(['added', 'duplicate', 'invalid', 'invalid', 'invalid', 'added']);
    expect(JSON.stringify(r.body.data)).not.toContain('4111111111111111');
  });

  it('the gateway path declines a matching payment with the blacklist rule, and not once the entry is removed', async () => {
    const entry = await add({ type: 'email', value: 'blocked@example.com', reason: 'fraud' });
    const declined = await record('--email', 'blocked@example.com');
    expect(declined).toMatchObject({ category: TradeCategory.riskDeclined, pay_status: PayStatus.failed, risk_rules: BLACKLIST_RULE });
    const byCard = await record('--card', '411111-1111');
    expect(byCard.category).toBe(TradeCategory.riskDeclined);
    const removed = await call(t.app, RiskPath.blacklistRemove, { token: shop.token, body: { id: entry.body.data.id } });
    expect(removed.body.code).toBe(0);
    const passed = await record('--email', 'blocked@example.com', '--card', '545454-5454');
    expect(passed).toMatchObject({ category: TradeCategory.formal, pay_status: PayStatus.success, risk_rules: '' });
  });

  it("another merchant's entry cannot be removed; editing needs Blacklist:Edit", async () => {
    const entry = await add({ type: 'ip', value: '192.0.2.44', reason: 'x' });
    expect((await call(t.app, RiskPath.blacklistRemove, { token: stranger.token, body: { id: entry.body.data.id } })).body.code).toBe(
      ErrorCode.notFound,
    );
    const role = await createRole(t.db, shop.merchant, { permissions: ['/blacklist/showBlacklist'] });
    const viewer = await signIn(t.app, await createAdmin(t.db, shop.merchant, { roleId: role.id }));
    expect((await list(viewer)).body.code).toBe(0);
    expect((await add({ type: 'ip', value: '192.0.2.45', reason: 'x' }, viewer)).status).toBe(403);
  });

  it("risk control counts each rule's declines in the range, the blacklist's among them, and its entries by type", async () => {
    const day = dateInZone(t.clock.now(), 'Asia/Shanghai');
    await record('--category', 'risk-declined', '--card', '545454-5454');
    const r = await call<TRiskControlSummary>(t.app, RiskControlPath.summary, { token: shop.token, query: { from: day, to: day } });
    expect(r.body.code).toBe(0);
    const byCode = Object.fromEntries(r.body.data.rules.map((x) => [x.code, x.declines]));
    expect(byCode[BLACKLIST_RULE]).toBe(2);
    expect(r.body.data.blacklist.declines).toBe(2);
    expect(r.body.data.declined).toBe(3);
    expect(r.body.data.blacklist.entries.find((e) => e.type === 'email')?.count).toBeGreaterThan(0);
    const other = await call<TRiskControlSummary>(t.app, RiskControlPath.summary, { token: stranger.token, query: { from: day, to: day } });
    expect(other.body.data.declined).toBe(0);
    const bad = await call(t.app, RiskControlPath.summary, { token: shop.token, query: { from: day, to: '2000-01-01' } });
    expect(bad.body.code).toBe(ErrorCode.validation);
  });
});
