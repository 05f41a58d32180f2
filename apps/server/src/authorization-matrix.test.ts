import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsDetailPath, newsReadPath } from '@mbo/shared/announcements';
import { ErrorCode } from '@mbo/shared/envelope';
import type { TListPage } from '@mbo/shared/list';
import { AdminStatus } from '@mbo/shared/merchants';
import { OperationLogPath, type TOperationLog } from '@mbo/shared/operation-log';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { ALL_PERMISSIONS, ALWAYS_ALLOWED_MENUS, type TPermission } from '@mbo/shared/permissions';
import { AdminPath, type TAdminRow } from '@mbo/shared/system-admins';
import { TRANSACTION_VIEW_DEFS } from '@mbo/shared/transactions';
import { MerchantPath, type TMerchantDetails } from '@mbo/shared/system-merchant';
import { menuOfOperation, RolePath, type TRole } from '@mbo/shared/system-roles';
import { createAdmin, createGateway, createMerchant, createPerson, createRole, type MerchantRow } from '../test/factories';
import { call, createTestApp, signIn, type TestContext } from '../test/helpers';
import { fillParams, routeCatalog, type CatalogRoute } from '../test/route-catalog';
import { verifyChains } from './platform/operation-log-verify';
import { createSession } from './platform/session';
import { dateInZone } from './platform/time';

/*
 * Authorization matrix (issue 10), on SQLite and PostgreSQL. The routes are enumerated from the server
 * itself, so a route added later is checked too: a route open to anyone or to any signed-in caller
 * must be listed below with the reason, and every other route is called by an anonymous caller, a
 * disabled administrator, a member holding every permission but the route's, a member holding only
 * the route's permission (with its screen), the owner and the owner of another business.
 */

/** Routes anyone may call: signing in, sign-up, links from mails, health and the API documentation. */
const PUBLIC_ROUTES = new Set([
  'POST /v3api/admin/invitation/accept',
  'GET /v3api/admin/invitation/info',
  'POST /v3api/admin/login',
  'POST /v3api/admin/login_by_sysadmin',
  'POST /v3api/admin/unlock',
  'POST /v3api/admin/unlock/sendCode',
  // Passkey sign-in: the signed challenge is the credential (domains/auth/README.md).
  'POST /v3api/auth/passkeys/signIn',
  'POST /v3api/auth/passkeys/signInOptions',
  'GET /v3api/docs',
  'GET /v3api/health/live',
  'GET /v3api/health/ready',
  'POST /v3api/kyc/isc/captchaSms',
  'POST /v3api/kyc/isc/resetPwd',
  'POST /v3api/kyc/isc/resetpwd/sendEmail',
  'POST /v3api/kyc/isc/resetpwd/sms',
  'POST /v3api/kyc/isc/resetPwd/verifySmsCode',
  'POST /v3api/kyc/isc/signIn',
  'POST /v3api/kyc/isc/signup',
  'POST /v3api/kyc/isc/verifyEmail',
  'POST /v3api/kyc/isc/verifyEmail/resend',
  'GET /v3api/openapi.json',
  // The hosted payment page of a payment link: anyone holding the link's unguessable key.
  'GET /v3api/pay/:linkKey',
  'POST /v3api/pay/:linkKey',
  // The download link of a scheduled report's mail: its HMAC signature and expiry decide (domains/schedules/README.md).
  'GET /v3api/reportSchedule/file',
]);

const VIEW_SCREEN = '/refundment/forwardRefundmentList';

/**
 * Routes any signed-in caller may call, and why. `inside`: the handler itself requires one of these
 * permissions (a refund is applied from either of two screens).
 */
const SIGNED_IN_ROUTES: Record<string, { why: string; inside?: readonly TPermission[]; body?: unknown; query?: string }> = {
  'GET /v3api/admin/getInfo': { why: 'own user info for the navigation guard' },
  'POST /v3api/admin/logout': { why: 'own session' },
  // Passkeys and the fresh check (domains/auth/README.md): the caller's own credentials and session.
  'GET /v3api/auth/passkeys': { why: 'own passkeys' },
  'POST /v3api/auth/passkeys/registerOptions': { why: 'own passkeys (after a fresh check)' },
  'POST /v3api/auth/passkeys/register': { why: 'own passkeys (after a fresh check)' },
  'POST /v3api/auth/passkeys/remove': { why: "own passkeys (another's is not found)" },
  'POST /v3api/auth/passkeys/checkOptions': { why: 'own passkeys, for the second step and the fresh check' },
  'POST /v3api/auth/passkeys/twoFactor': { why: 'own second step' },
  'POST /v3api/auth/freshCheck/sendCode': { why: 'a code to own mobile or email' },
  'POST /v3api/auth/freshCheck': { why: 'own session' },
  'GET /v3api/auth/securitySettings': { why: "own ways to pass the check and the merchant's refund threshold" },
  'POST /v3api/auth/securitySettings/save': { why: 'the owner only (checked inside), after a fresh check' },
  'GET /v3api/index/deadlines': { why: 'dashboard, scoped to the caller' },
  'GET /v3api/index/monitoring': { why: 'dashboard, scoped to the caller' },
  'GET /v3api/index/products': { why: 'dashboard' },
  'GET /v3api/index/tradeHistory': { why: 'dashboard, scoped to the caller' },
  'GET /v3api/index/tradeToday': { why: 'dashboard, scoped to the caller' },
  'GET /v3api/funds/card': { why: 'dashboard fund card, scoped to the caller; no figures without "may view account dynamics"' },
  'GET /v3api/kyc/account/info': { why: 'own settings' },
  'GET /v3api/kyc/additionalFiles/:businessId': { why: "the person's own business (checked by business id)" },
  'POST /v3api/kyc/changeEmail': { why: 'own settings' },
  'POST /v3api/kyc/changePhone': { why: 'own settings' },
  'POST /v3api/kyc/changePhone/sendSms': { why: 'own settings' },
  'POST /v3api/kyc/createNewBusiness': { why: 'the person opens another business' },
  'GET /v3api/kyc/draft': { why: "the person's own business (checked by business id)" },
  'POST /v3api/kyc/draft/save': { why: "the person's own business (checked by business id)" },
  'GET /v3api/kyc/file/:fileId': { why: "the person's own business (checked by business id)" },
  'POST /v3api/kyc/file/delete': { why: "the person's own business (checked by business id)" },
  'POST /v3api/kyc/file/upload': { why: "the person's own business (checked by business id)" },
  'POST /v3api/kyc/removeAccount': { why: 'own account' },
  'POST /v3api/kyc/sendCode': { why: 'codes to own mobile or email' },
  'GET /v3api/kyc/status': { why: "the person's own business (checked by business id)" },
  'POST /v3api/kyc/submit': { why: "the person's own business (checked by business id)" },
  'POST /v3api/kyc/switchBusinessLogIn': { why: "the person's own businesses" },
  'POST /v3api/kyc/twoFA/toggle': { why: 'own settings' },
  'POST /v3api/kyc/twoFA/verify': { why: 'own second step' },
  'POST /v3api/kyc/upgrade/sendCode': { why: 'own account upgrade' },
  'POST /v3api/kyc/upgrade/verify': { why: 'own account upgrade' },
  'POST /v3api/kyc/uploadAdditional/:businessId': { why: "the person's own business (checked by business id)" },
  'GET /v3api/merchant/summary': { why: 'dashboard header' },
  'POST /v3api/merchant/updatePassword': { why: 'own password (a menu everybody may open)' },
  'GET /v3api/mernews/detail/:id': { why: 'announcements are for every administrator' },
  'GET /v3api/mernews/list': { why: 'announcements are for every administrator' },
  'PUT /v3api/mernews/read/:id': { why: 'own read marks' },
  'GET /v3api/mernews/unreadCount': { why: 'own unread count (top bar)' },
  'PUT /v3api/messageReminder/read/:id': { why: 'own reminders' },
  'GET /v3api/messageReminder/remind': { why: 'own reminders' },
  // The notification centre (domains/notifications/README.md): every administrator has a bell; each route is the caller's own.
  'GET /v3api/notification/list': { why: "own notifications, of the kinds whose screen the caller may open, within the caller's gateways" },
  'GET /v3api/notification/unreadCount': { why: 'own unread count (top bar)' },
  'POST /v3api/notification/read': { why: "own notifications (another's is not found)" },
  'POST /v3api/notification/readAll': { why: 'own notifications' },
  'GET /v3api/notification/preferences': { why: 'own preferences, of the kinds the caller may receive' },
  'POST /v3api/notification/preferences/save': { why: 'own preferences; a kind whose screen the caller may not open is refused' },
  // Background exports (domains/exports/README.md): the caller's own; starting one and downloading its file need the export's own permission.
  'POST /v3api/exportJob/start': {
    why: "the export route's permission, checked by the handler",
    inside: ['TradeRecord:Downloads'],
    body: { exportPath: '/merTradeMgr/tradeRecordExport', screen: '/merTradeMgr/initTradeRecordPage', filters: {}, format: 'csv' },
  },
  'GET /v3api/exportJob/list': { why: 'own exports' },
  'POST /v3api/exportJob/cancel': { why: "own exports (another's is not found)" },
  'POST /v3api/exportJob/download': { why: "own exports (another's is not found); the export's permission and gateways are checked again" },
  'POST /v3api/refundment/apply': {
    why: 'from two screens',
    inside: ['Refundment:Apply', 'TradeRecord:Refund'],
    // A well-formed body, so the handler (and its check) runs instead of the validation.
    body: { tradeNo: 'T0', amount: '1.00', reason: 'matrix' },
  },
  'GET /v3api/refundment/refundable/:tradeNo': { why: 'from two screens', inside: ['Refundment:Apply', 'TradeRecord:Refund'] },
  'GET /v3api/search': {
    why: 'the search box; it searches only the kinds whose screen the caller may open, within its scope (domains/search)',
    // A well-formed query, so the handler runs instead of the validation.
    query: '?q=T0',
  },
  // Saved views (domains/views/README.md): the screen is in the request, and the handler requires its menu.
  'GET /v3api/views/list': { why: 'views of a screen the caller may open', inside: [VIEW_SCREEN], query: `?screen=${VIEW_SCREEN}` },
  'POST /v3api/views/create': {
    why: 'a view of a screen the caller may open',
    inside: [VIEW_SCREEN],
    body: { screen: VIEW_SCREEN, title: 'matrix', filters: {}, hiddenColumns: [], limit: 20, shared: false },
  },
  'POST /v3api/views/update': { why: "the caller's own view (another's is not found)" },
  'POST /v3api/views/delete': { why: "the caller's own view, or a shared one with SavedView:Share (another's is not found)" },
  'POST /v3api/views/default': {
    why: 'a view of a screen the caller may open',
    inside: [VIEW_SCREEN],
    body: { screen: VIEW_SCREEN, id: null },
  },
  'GET /v3api/webhook/tradeEvents': {
    why: 'a payment drawer opens from any transaction screen',
    inside: Object.values(TRANSACTION_VIEW_DEFS).map((d) => d.menu),
    // A well-formed query, so the handler (and its check) runs instead of the validation.
    query: '?tradeNo=T0',
  },
};

let t: TestContext;
let a: MerchantRow;
let routes: CatalogRoute[];

beforeAll(async () => {
  t = await createTestApp();
  routes = routeCatalog(t.app);
  a = await createMerchant(t.db);
  await createGateway(t.db, a);
});
afterAll(async () => {
  await t.close();
});

const key = (r: CatalogRoute) => `${r.method} ${r.url}`;

/** The permission a route declares. */
function permissionOf(r: CatalogRoute): TPermission {
  const route = t.app.apiRoutes.find((x) => x.url === r.url && (Array.isArray(x.method) ? x.method : [x.method]).includes(r.method));
  const p = route?.config?.permission;
  if (!p) throw new Error(`${key(r)} declares no permission`);
  return p;
}

/** A permission and what makes it usable: an operation needs its screen. */
function withScreen(p: string): string[] {
  const menu = menuOfOperation(p);
  return menu ? [menu, p] : [p];
}

/** Every permission but `p` (and, for a screen, none of its operations either). */
function allBut(p: string): string[] {
  return ALL_PERMISSIONS.filter((x) => x !== p && menuOfOperation(x) !== p && !(ALWAYS_ALLOWED_MENUS as readonly string[]).includes(x));
}

async function sessionFor(adminId: number, merchantId: number): Promise<string> {
  const { token } = await createSession(t.db, {
    adminId,
    merchantId,
    personId: null,
    sysAdmin: false,
    twoFaPassed: true,
    ip: '127.0.0.1',
    userAgent: 'matrix',
    now: t.clock.now(),
  });
  return token;
}

const roleCache = new Map<string, number>();
/** A fresh session of a member of merchant A holding exactly `permissions`. */
async function memberWith(permissions: readonly string[]): Promise<string> {
  const name = [...permissions].sort().join('|');
  let roleId = roleCache.get(name);
  if (roleId === undefined) {
    roleId = (await createRole(t.db, a, { permissions })).id;
    roleCache.set(name, roleId);
  }
  const admin = await createAdmin(t.db, a, { roleId });
  return sessionFor(admin.id, a.id);
}

async function send(r: CatalogRoute, token: string | undefined): Promise<number> {
  const url = fillParams(r.url, { businessId: String(a.id) }).replace(/:\w+/g, '1') + (SIGNED_IN_ROUTES[key(r)]?.query ?? '');
  const body = SIGNED_IN_ROUTES[key(r)]?.body;
  const res = await t.app.inject({
    method: r.method as 'GET',
    url,
    headers: token ? { 'x-auth-token': token } : {},
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
  });
  await t.app.background.idle();
  return res.statusCode;
}

describe('authorization matrix over every registered route', () => {
  it('knows why each route without a permission is open', () => {
    const open = routes.filter((r) => r.access !== 'permission').map(key);
    const explained = new Set([...PUBLIC_ROUTES, ...Object.keys(SIGNED_IN_ROUTES)]);
    expect(open.filter((k) => !explained.has(k))).toEqual([]);
    for (const r of routes) {
      if (r.access === 'public') expect(PUBLIC_ROUTES.has(key(r)), key(r)).toBe(true);
      if (r.access === 'signedIn') expect(SIGNED_IN_ROUTES[key(r)], key(r)).toBeDefined();
    }
    expect(routes.length).toBeGreaterThan(80);
  });

  it('answers anonymous callers and disabled administrators 401 on every route that needs a session', async () => {
    const disabledAdmin = await createAdmin(t.db, a);
    const disabled = await sessionFor(disabledAdmin.id, a.id);
    await t.db.updateTable('admins').set({ status: AdminStatus.disabled }).where('id', '=', disabledAdmin.id).execute();
    const wrong: string[] = [];
    for (const r of routes) {
      const anon = await send(r, undefined);
      if (r.access === 'public') {
        if (anon === 401 || anon === 403) wrong.push(`${key(r)}: public but anonymous got ${anon}`);
        continue;
      }
      if (anon !== 401) wrong.push(`${key(r)}: anonymous got ${anon}`);
      const off = await send(r, disabled);
      if (off !== 401) wrong.push(`${key(r)}: disabled administrator got ${off}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a member without the permission (403) and lets a member with only it, the owner and another business through', async () => {
    const owner = await createAdmin(t.db, a, { isOwner: true });
    const b = await createMerchant(t.db);
    const stranger = await createAdmin(t.db, b, { isOwner: true });
    const wrong: string[] = [];
    for (const r of routes) {
      if (r.access === 'public') continue;
      const passes = (status: number) => status !== 401 && status !== 403;
      if (r.access === 'signedIn') {
        const inside = SIGNED_IN_ROUTES[key(r)]?.inside;
        const bare = await send(r, await memberWith([]));
        if (inside) {
          if (bare !== 403) wrong.push(`${key(r)}: member without ${inside.join(' or ')} got ${bare}`);
          for (const p of inside) {
            const status = await send(r, await memberWith(withScreen(p)));
            if (!passes(status)) wrong.push(`${key(r)}: member with ${p} got ${status}`);
          }
        } else if (!passes(bare)) wrong.push(`${key(r)}: signed-in member got ${bare}`);
      } else {
        const p = permissionOf(r);
        const without = await send(r, await memberWith(allBut(p)));
        if (without !== 403) wrong.push(`${key(r)}: member without ${p} got ${without}`);
        const only = await send(r, await memberWith(withScreen(p)));
        if (!passes(only)) wrong.push(`${key(r)}: member with only ${p} got ${only}`);
      }
      const own = await send(r, await sessionFor(owner.id, a.id));
      if (!passes(own)) wrong.push(`${key(r)}: owner got ${own}`);
      const other = await send(r, await sessionFor(stranger.id, b.id));
      if (!passes(other)) wrong.push(`${key(r)}: another business's owner got ${other}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('leaves every operation-log entry as it was, whatever route is called', async () => {
    const before = await t.db.selectFrom('operation_logs').selectAll().orderBy('id').execute();
    expect(before.length).toBeGreaterThan(0);
    const owner = await createAdmin(t.db, a, { isOwner: true });
    for (const r of routes) if (r.method !== 'GET') await send(r, await sessionFor(owner.id, a.id));
    const after = await t.db.selectFrom('operation_logs').selectAll().orderBy('id').execute();
    expect(after.slice(0, before.length)).toEqual(before);
    // Every entry, refusals included, went onto its merchant's hash chain.
    expect((await verifyChains(t.db, t.clock.now())).flatMap((c) => c.problems)).toEqual([]);
  });
});

describe("another business's administrator reaches none of this business's system objects", () => {
  it('gets "not found" for its roles, administrators and announcements, and only its own lists', async () => {
    const owner = await createAdmin(t.db, a, { isOwner: true, personId: (await createPerson(t.db)).id });
    const ownerToken = await signIn(t.app, owner);
    const role = await createRole(t.db, a, { permissions: ['/refundment/forwardRefundmentList'] });
    const member = await createAdmin(t.db, a, { roleId: role.id });
    const pending = await createAdmin(t.db, a, { roleId: role.id, status: AdminStatus.invitationPending });
    const news = await t.db
      .insertInto('announcements')
      .values({
        merchant_id: a.id,
        title_zh_cn: 'A',
        title_zh_hk: 'A',
        title_en: 'A',
        content_zh_cn: 'A',
        content_zh_hk: 'A',
        content_en: 'A',
        published_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const b = await createMerchant(t.db);
    await createGateway(t.db, b);
    const stranger = await createAdmin(t.db, b, { isOwner: true });
    const token = await signIn(t.app, stranger);
    const roleBody = { name: 'x', nameCn: 'x', nameEn: 'x', description: '', permissions: [] };
    const probes: [string, 'GET' | 'POST' | 'PUT', unknown][] = [
      [RolePath.update, 'POST', { ...roleBody, roleId: role.id }],
      [RolePath.delete, 'POST', { roleId: role.id }],
      [AdminPath.update, 'POST', { adminId: member.id, roleId: role.id, gatewayNos: [], mayViewAccount: false }],
      [AdminPath.disable, 'POST', { adminId: member.id }],
      [AdminPath.resume, 'POST', { adminId: member.id }],
      [AdminPath.resetPassword, 'POST', { adminId: member.id }],
      [OnboardingPath.resendInvitation, 'POST', { adminId: pending.id }],
      [OnboardingPath.invite, 'POST', { email: 'someone@example.test', roleId: role.id }],
      [newsDetailPath(news.id), 'GET', undefined],
      [newsReadPath(news.id), 'PUT', undefined],
    ];
    for (const [path, method, body] of probes) {
      const res = await call(t.app, path, { method, token, ...(body !== undefined ? { body } : {}) });
      expect(res.body.code, path).toBe(ErrorCode.notFound);
    }
    const roles = await call<TListPage<TRole>>(t.app, RolePath.list, { token });
    expect(roles.body.data.list.some((r) => r.id === role.id)).toBe(false);
    const admins = await call<TListPage<TAdminRow>>(t.app, AdminPath.list, { token });
    expect(admins.body.data.list.map((x) => x.id)).toEqual([stranger.id]);
    const details = await call<TMerchantDetails>(t.app, MerchantPath.details, { token });
    expect(details.body.data.merchantNo).toBe(b.merchantNo);
    const today = dateInZone(t.clock.now(), 'Asia/Shanghai');
    const log = await call<TListPage<TOperationLog>>(t.app, OperationLogPath.list, { token, query: { from: today, to: today } });
    expect(log.body.data.list.every((e) => e.operator === stranger.loginName)).toBe(true);

    // Nothing of the first business changed.
    const row = await t.db.selectFrom('admins').select(['status', 'role_id']).where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: AdminStatus.normal, role_id: role.id });
    expect(await t.db.selectFrom('roles').select('name').where('id', '=', role.id).executeTakeFirst()).toBeDefined();
    expect((await call(t.app, RolePath.list, { token: ownerToken })).body.code).toBe(0);
  });
});
