import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@mbo/shared/envelope';
import { ViewPath, VIEWS_PER_SCREEN_MAX, type TSavedViewList } from '@mbo/shared/views';
import { createAdmin, createGateway, createMerchant, createRole, type GatewayRow, type MerchantRow } from '../../../test/factories';
import { call, createTestApp, signIn, type TestContext } from '../../../test/helpers';

/*
 * Saved views (README.md) through the API, on SQLite and PostgreSQL: create, list, share, default,
 * delete; another merchant's views never seen; sharing refused without SavedView:Share; filters the
 * list would refuse refused with a translated message; a view whose gateway the caller lost opens
 * without that filter and says so.
 */

const REFUNDS = '/refundment/forwardRefundmentList';
const TRADES = '/merTradeMgr/initTradeRecordPage';

let t: TestContext;
let merchant: MerchantRow;
let g1: GatewayRow;
let g2: GatewayRow;
let owner: string;
let member: string;
let memberId: number;
let stranger: string;

beforeAll(async () => {
  t = await createTestApp();
  merchant = await createMerchant(t.db);
  g1 = await createGateway(t.db, merchant);
  g2 = await createGateway(t.db, merchant);
  owner = await signIn(t.app, await createAdmin(t.db, merchant, { isOwner: true }));
  // A member who may open the refund and transaction lists, limited to two gateways, without the share permission.
  const role = await createRole(t.db, merchant, { permissions: [REFUNDS, TRADES] });
  const m = await createAdmin(t.db, merchant, { roleId: role.id, gateways: [g1, g2] });
  memberId = m.id;
  member = await signIn(t.app, m);
  const other = await createMerchant(t.db);
  await createGateway(t.db, other);
  stranger = await signIn(t.app, await createAdmin(t.db, other, { isOwner: true }));
});
afterAll(async () => {
  await t.close();
});

const post = <T = null>(path: string, body: unknown, token = owner) => call<T>(t.app, path, { token, lang: 'en_US', body });
const views = async (screen: string, token = owner) => {
  const res = await call<TSavedViewList>(t.app, ViewPath.list, { token, query: { screen } });
  expect(res.body.code).toBe(0);
  return res.body.data;
};
const view = (over: Record<string, unknown> = {}) => ({
  screen: REFUNDS,
  title: 'Failed this week',
  filters: { from: '2026-11-01', to: '2026-11-29', status: '3' },
  hiddenColumns: ['reason'],
  limit: 50,
  shared: false,
  ...over,
});
async function create(over: Record<string, unknown> = {}, token = owner): Promise<number> {
  const res = await post<{ id: number }>(ViewPath.create, view(over), token);
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
  return res.body.data.id;
}

describe('saved views', () => {
  it('keeps a view with its filters, hidden columns and page size, lists it, renames it and deletes it', async () => {
    const id = await create({ title: 'Mine' });
    const list = await views(REFUNDS);
    expect(list.list.find((v) => v.id === id)).toMatchObject({
      title: 'Mine',
      filters: { from: '2026-11-01', to: '2026-11-29', status: '3' },
      dropped: [],
      hiddenColumns: ['reason'],
      limit: 50,
      shared: false,
      mine: true,
      isDefault: false,
    });
    expect(list.mayShare).toBe(true);
    // Kept per screen: the transaction list has none of it.
    expect((await views(TRADES)).list.some((v) => v.id === id)).toBe(false);

    expect((await post(ViewPath.update, { ...view({ title: 'Renamed', limit: 10 }), id, screen: undefined })).body.code).toBe(0);
    expect((await views(REFUNDS)).list.find((v) => v.id === id)).toMatchObject({ title: 'Renamed', limit: 10 });
    // A second view may not take a title the owner already uses on that screen.
    const taken = await post(ViewPath.create, view({ title: 'Renamed' }));
    expect(taken.body).toMatchObject({ code: ErrorCode.business, msg: 'This list already has a view with that title: choose another' });

    expect((await post(ViewPath.delete, { id })).body.code).toBe(0);
    expect((await views(REFUNDS)).list.some((v) => v.id === id)).toBe(false);
  });

  it('shares a view with every administrator of the business, and with no one else', async () => {
    const id = await create({ title: 'Team view', shared: true });
    const seen = (await views(REFUNDS, member)).list.find((v) => v.id === id);
    expect(seen).toMatchObject({ title: 'Team view', shared: true, mine: false });
    // The other business sees nothing of it, and cannot touch it.
    expect((await views(REFUNDS, stranger)).list).toEqual([]);
    for (const [path, body] of [
      [ViewPath.delete, { id }],
      [ViewPath.update, { ...view(), screen: undefined, id }],
      [ViewPath.setDefault, { screen: REFUNDS, id }],
    ] as const)
      expect((await post(path, body, stranger)).body.code, path).toBe(ErrorCode.notFound);
    // Someone else's shared view is theirs to change: a member gets "not found" for a change, "forbidden" for a delete.
    expect((await post(ViewPath.update, { ...view(), screen: undefined, id, shared: true }, member)).body.code).toBe(ErrorCode.notFound);
    expect((await post(ViewPath.delete, { id }, member)).body).toMatchObject({
      code: ErrorCode.forbidden,
      msg: 'You may delete only the views you saved',
    });
    expect((await views(REFUNDS)).list.some((v) => v.id === id)).toBe(true);
    // Unshared, it leaves the member's menu.
    expect((await post(ViewPath.update, { ...view({ title: 'Team view' }), screen: undefined, id, shared: false })).body.code).toBe(0);
    expect((await views(REFUNDS, member)).list.some((v) => v.id === id)).toBe(false);
  });

  it('refuses sharing to a member without SavedView:Share, and saves the view unshared when asked so', async () => {
    const refused = await post(ViewPath.create, view({ title: 'Shared by member', shared: true }), member);
    expect(refused.body).toMatchObject({ code: ErrorCode.forbidden, msg: 'You may not share views' });
    expect((await views(REFUNDS, member)).list.some((v) => v.title === 'Shared by member')).toBe(false);
    const id = await create({ title: 'Private of member' }, member);
    expect((await views(REFUNDS, member)).mayShare).toBe(false);
    const share = await post(ViewPath.update, { ...view({ title: 'Private of member', shared: true }), screen: undefined, id }, member);
    expect(share.body.code).toBe(ErrorCode.forbidden);
    expect((await views(REFUNDS)).list.some((v) => v.id === id)).toBe(false);
  });

  it("refuses a screen the caller may not open, another merchant's and unknown screens", async () => {
    const res = await post(ViewPath.create, view({ screen: '/withdraw/forwardWithdrawList' }), member);
    expect(res.body.code).toBe(ErrorCode.forbidden);
    const list = await call(t.app, ViewPath.list, { token: member, query: { screen: '/withdraw/forwardWithdrawList' } });
    expect(list.body.code).toBe(ErrorCode.forbidden);
    expect((await post(ViewPath.create, view({ screen: '/nowhere' }))).body.code).toBe(ErrorCode.validation);
  });

  it('refuses filters the list itself would refuse, naming them in the language of the request', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ from: '2026-11-01', to: '2026-11-29', status: '99' }, 'status'],
      [{ from: '2026-11-29', to: '2026-11-01' }, 'from'],
      [{ from: '2026-11-01' }, 'from'],
      [{ color: 'red' }, 'color'],
      [{ page: '3' }, 'page'],
    ];
    for (const [filters, key] of cases) {
      const res = await post(ViewPath.create, view({ title: `junk ${key}`, filters }));
      expect(res.body.code, JSON.stringify(filters)).toBe(ErrorCode.business);
      expect(res.body.msg).toMatch(/^The view's filters are not valid: /);
    }
    const zh = await call(t.app, ViewPath.create, {
      token: owner,
      lang: 'zh_CN',
      body: view({ title: 'junk', filters: { from: 'x', to: 'y' } }),
    });
    expect(zh.body.msg).toMatch(/^视图的筛选条件无效：/);
    expect((await views(REFUNDS)).list.some((v) => v.title.startsWith('junk'))).toBe(false);
    // Titles and page sizes are checked by the schema.
    expect((await post(ViewPath.create, view({ title: ' ' }))).body.code).toBe(ErrorCode.validation);
    expect((await post(ViewPath.create, view({ title: 'x'.repeat(41) }))).body.code).toBe(ErrorCode.validation);
    expect((await post(ViewPath.create, view({ title: 'size', limit: 13 }))).body.code).toBe(ErrorCode.validation);
  });

  it('keeps one default per screen and caller, own or shared', async () => {
    const a = await create({ title: 'Default A' }, member);
    const shared = await create({ title: 'Default shared', shared: true });
    expect((await post(ViewPath.setDefault, { screen: REFUNDS, id: a }, member)).body.code).toBe(0);
    expect((await views(REFUNDS, member)).list.filter((v) => v.isDefault).map((v) => v.id)).toEqual([a]);
    expect((await post(ViewPath.setDefault, { screen: REFUNDS, id: shared }, member)).body.code).toBe(0);
    expect((await views(REFUNDS, member)).list.filter((v) => v.isDefault).map((v) => v.id)).toEqual([shared]);
    // The owner's own default is apart from the member's.
    expect((await views(REFUNDS)).list.some((v) => v.isDefault)).toBe(false);
    // A view of another screen cannot be this screen's default.
    const trade = await create({ screen: TRADES, title: 'Trades', filters: {} }, member);
    expect((await post(ViewPath.setDefault, { screen: REFUNDS, id: trade }, member)).body.code).toBe(ErrorCode.notFound);
    expect((await post(ViewPath.setDefault, { screen: REFUNDS, id: null }, member)).body.code).toBe(0);
    expect((await views(REFUNDS, member)).list.some((v) => v.isDefault)).toBe(false);
  });

  it('opens a view whose gateway the caller lost without that filter, and says it dropped it', async () => {
    const id = await create({ title: 'Second gateway', filters: { gatewayNo: g2.gatewayNo, status: '3' } }, member);
    expect((await views(REFUNDS, member)).list.find((v) => v.id === id)).toMatchObject({
      filters: { gatewayNo: g2.gatewayNo, status: '3' },
      dropped: [],
    });
    await t.db.deleteFrom('admin_gateways').where('admin_id', '=', memberId).where('gateway_id', '=', g2.id).execute();
    expect((await views(REFUNDS, member)).list.find((v) => v.id === id)).toMatchObject({
      filters: { status: '3' },
      dropped: ['gatewayNo'],
    });
    // A value the list no longer takes (stored before a rule changed) is dropped the same way.
    await t.db
      .updateTable('saved_views')
      .set({ filters: JSON.stringify({ status: '77', refundNo: 'R1' }) })
      .where('id', '=', id)
      .execute();
    expect((await views(REFUNDS, member)).list.find((v) => v.id === id)).toMatchObject({
      filters: { refundNo: 'R1' },
      dropped: ['status'],
    });
  });

  it(`keeps at most ${VIEWS_PER_SCREEN_MAX} views per caller and screen`, async () => {
    const admin = await signIn(t.app, await createAdmin(t.db, merchant));
    for (let i = 0; i < VIEWS_PER_SCREEN_MAX; i += 1) await create({ title: `v${i}`, screen: TRADES, filters: {} }, admin);
    const res = await post(ViewPath.create, view({ title: 'one too many', screen: TRADES, filters: {} }), admin);
    expect(res.body).toMatchObject({
      code: ErrorCode.business,
      msg: `A list keeps at most ${VIEWS_PER_SCREEN_MAX} views: delete one you no longer use first`,
    });
  });
});
