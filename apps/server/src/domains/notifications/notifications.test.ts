import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@mbo/shared/envelope';
import { NotificationPath, type TNotificationList, type TNotificationPreferences } from '@mbo/shared/notifications';
import { createAdmin, createGateway, createMerchant, createRole, type AdminRow } from '../../../test/factories';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import { sendNotificationMails } from './mail-sender';
import { notify, type NotifyInput } from './notify';

const t = testAppForFile();
const WITHDRAW_SCREEN = '/withdraw/forwardWithdrawList';

const text = (s: string) => ({ zhCn: `${s}（中）`, zhHk: `${s}（港）`, en: s });

/** Each event a key of its own unless the test gives one (the same key again is the same event). */
let nextEvent = 0;

function event(admin: AdminRow, o: Partial<NotifyInput> = {}): NotifyInput {
  nextEvent += 1;
  return {
    merchantId: admin.merchant.id,
    kind: 'withdrawalPaid',
    recipients: `permission:${WITHDRAW_SCREEN}`,
    eventKey: `test:${nextEvent}`,
    text: text('Withdrawal W1 was paid.'),
    link: WITHDRAW_SCREEN,
    at: t.clock.now(),
    ...o,
  };
}

async function listOf(token: string, query = '') {
  const res = await call<TNotificationList>(t.app, `${NotificationPath.list}${query}`, { token, lang: 'en_US' });
  expect(res.body.code).toBe(0);
  return res.body.data;
}

async function unreadOf(token: string): Promise<number> {
  const res = await call<{ unread: number }>(t.app, NotificationPath.unreadCount, { token });
  return res.body.data.unread;
}

async function mailsTo(admin: AdminRow) {
  return t.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_addr', '=', `${admin.loginName}@example.test`).execute();
}

async function savePrefs(token: string, body: TNotificationPreferences) {
  return call(t.app, NotificationPath.savePreferences, { token, body, lang: 'en_US' });
}

describe('notification centre', () => {
  it('tells each event once per administrator, in the bell and/or by mail as each one chose', async () => {
    const m = await createMerchant(t.db);
    const bellOnly = await createAdmin(t.db, m);
    const both = await createAdmin(t.db, m);
    const mailOnly = await createAdmin(t.db, m);
    const neither = await createAdmin(t.db, m);
    const tBell = await signIn(t.app, bellOnly);
    const tBoth = await signIn(t.app, both);
    const tMail = await signIn(t.app, mailOnly);
    const tNeither = await signIn(t.app, neither);
    const choose = (inApp: boolean, mail: boolean) => ({
      kinds: [{ kind: 'withdrawalPaid' as const, inApp, mail }],
      lowBalanceThreshold: null,
    });
    expect((await savePrefs(tBoth, choose(true, true))).body.code).toBe(0);
    expect((await savePrefs(tMail, choose(false, true))).body.code).toBe(0);
    expect((await savePrefs(tNeither, choose(false, false))).body.code).toBe(0);

    const e = event(bellOnly, { eventKey: 'withdrawal:W1:paid' });
    const told = await notify(t.db, e);
    expect(told.sort()).toEqual([bellOnly.id, both.id, mailOnly.id].sort());
    // The same event again (a job run twice, a second node): nobody is told twice.
    expect(await notify(t.db, e)).toEqual([]);
    expect(await sendNotificationMails(t.db, t.app.notifier)).toBe(2);
    expect(await sendNotificationMails(t.db, t.app.notifier)).toBe(0);

    const bell = await listOf(tBell);
    expect(bell.items.map((i) => [i.title, i.text, i.link, i.read])).toEqual([
      ['Withdrawal paid', 'Withdrawal W1 was paid.', WITHDRAW_SCREEN, false],
    ]);
    expect(bell.unread).toBe(1);
    expect(await unreadOf(tBell)).toBe(1);
    expect(await mailsTo(bellOnly)).toEqual([]);

    expect((await listOf(tBoth)).items.length).toBe(1);
    const [mail] = await mailsTo(both);
    // In the administrator's language (one without a person of their own: the default, zh_CN).
    expect(mail?.subject).toBe('提现已付款');
    expect(mail?.text_body).toContain('Withdrawal W1 was paid.（中）');

    expect(await listOf(tMail)).toEqual({ items: [], next: null, unread: 0 });
    expect(await unreadOf(tMail)).toBe(0);
    expect((await mailsTo(mailOnly)).length).toBe(1);

    expect((await listOf(tNeither)).items).toEqual([]);
    expect(await mailsTo(neither)).toEqual([]);
  });

  it('tells only administrators who may open the screen and see the gateway; nobody else ever reads them', async () => {
    const m = await createMerchant(t.db);
    const g1 = await createGateway(t.db, m);
    const g2 = await createGateway(t.db, m);
    const owner = await createAdmin(t.db, m, { isOwner: true });
    const limited = await createAdmin(t.db, m, { gateways: [g2] });
    const noScreen = await createAdmin(t.db, m, {
      roleId: (await createRole(t.db, m, { permissions: ['/merTradeMgr/initTradeRecordPage'] })).id,
    });
    const other = await createAdmin(t.db, await createMerchant(t.db));
    const e = event(owner, { gatewayId: g1.id, eventKey: 'withdrawal:W2:paid' });
    expect(await notify(t.db, e)).toEqual([owner.id]);
    // Listed by id: the screen and the gateway still decide.
    expect(await notify(t.db, { ...e, eventKey: 'by-id', recipients: [owner.id, limited.id, noScreen.id, other.id] })).toEqual([owner.id]);

    const tOwner = await signIn(t.app, owner);
    const mine = await listOf(tOwner);
    expect(mine.items.length).toBe(2);
    const id = mine.items[0]?.id ?? 0;
    for (const a of [limited, noScreen, other]) {
      const token = await signIn(t.app, a);
      expect((await listOf(token)).items).toEqual([]);
      expect(await unreadOf(token)).toBe(0);
      // Another's notification cannot be marked read: it is not found.
      const res = await call(t.app, NotificationPath.read, { token, body: { id } });
      expect(res.body.code).toBe(ErrorCode.notFound);
    }
    // The gateway taken away after the event hides it, as it hides the screen's rows.
    await t.db.updateTable('admins').set({ all_gateways: 0 }).where('id', '=', owner.id).execute();
    await t.db.insertInto('admin_gateways').values({ admin_id: owner.id, gateway_id: g2.id }).execute();
    expect(await unreadOf(await signIn(t.app, owner))).toBe(0);
  });

  it('marks one read, then all; the count follows; pages newest first', async () => {
    const m = await createMerchant(t.db);
    const a = await createAdmin(t.db, m);
    const token = await signIn(t.app, a);
    for (let i = 1; i <= 5; i += 1) {
      t.clock.advance(1000);
      await notify(t.db, event(a, { eventKey: `k${i}`, text: text(`event ${i}`), at: t.clock.now() }));
    }
    expect(await unreadOf(token)).toBe(5);
    const first = await listOf(token, '?limit=2');
    expect(first.items.map((i) => i.text)).toEqual(['event 5', 'event 4']);
    const second = await listOf(token, `?limit=2&cursor=${first.next}`);
    expect(second.items.map((i) => i.text)).toEqual(['event 3', 'event 2']);

    expect((await call(t.app, NotificationPath.read, { token, body: { id: first.items[0]?.id } })).body.code).toBe(0);
    expect(await unreadOf(token)).toBe(4);
    // Twice is fine.
    expect((await call(t.app, NotificationPath.read, { token, body: { id: first.items[0]?.id } })).body.code).toBe(0);
    expect((await listOf(token, '?unread=1')).items.map((i) => i.text)).toEqual(['event 4', 'event 3', 'event 2', 'event 1']);
    expect((await call(t.app, NotificationPath.readAll, { token, method: 'POST', body: {} })).body.code).toBe(0);
    expect(await unreadOf(token)).toBe(0);
    expect((await listOf(token)).items.every((i) => i.read)).toBe(true);
  });

  it('keeps preferences per administrator, offers only the kinds their role may receive and refuses a bad threshold', async () => {
    const m = await createMerchant(t.db);
    const owner = await createAdmin(t.db, m, { isOwner: true });
    const member = await createAdmin(t.db, m, { roleId: (await createRole(t.db, m, { permissions: [WITHDRAW_SCREEN] })).id });
    const tOwner = await signIn(t.app, owner);
    const tMember = await signIn(t.app, member);
    const read = async (token: string) => (await call<TNotificationPreferences>(t.app, NotificationPath.preferences, { token })).body.data;

    const defaults = await read(tOwner);
    expect(defaults.kinds.find((k) => k.kind === 'programmeRatio')).toEqual({ kind: 'programmeRatio', inApp: true, mail: true });
    expect(defaults.lowBalanceThreshold).toBeNull();
    const memberKinds = (await read(tMember)).kinds.map((k) => k.kind);
    expect(memberKinds).toEqual(['withdrawalPaid', 'withdrawalFailed', 'approvalWaiting', 'exportReady']);

    expect(
      (await savePrefs(tOwner, { kinds: [{ kind: 'lowBalance', inApp: false, mail: true }], lowBalanceThreshold: 1234.5 })).body.code,
    ).toBe(0);
    const saved = await read(tOwner);
    expect(saved.kinds.find((k) => k.kind === 'lowBalance')).toEqual({ kind: 'lowBalance', inApp: false, mail: true });
    expect(saved.lowBalanceThreshold).toBe(1234.5);
    // The member's own choices are untouched by the owner's.
    expect((await read(tMember)).lowBalanceThreshold).toBeNull();

    const refused = await savePrefs(tMember, { kinds: [{ kind: 'lowBalance', inApp: true, mail: true }], lowBalanceThreshold: null });
    expect(refused.status).toBe(403);
    const decimals = await savePrefs(tOwner, { kinds: [], lowBalanceThreshold: 1.234 });
    expect(decimals.body.code).toBe(ErrorCode.validation);
    expect(decimals.body.msg).toContain('two decimals');
    expect((await read(tOwner)).lowBalanceThreshold).toBe(1234.5);
  });
});
