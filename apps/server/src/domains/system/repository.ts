import { sql } from 'kysely';
import type { TLanguage } from '@mbo/shared/i18n';
import { ANNOUNCEMENTS } from '@mbo/shared/announcements';
import type { TListPaging } from '@mbo/shared/list';
import { LOGIN_LOGS } from '@mbo/shared/logs';
import { compiledOnce } from '../../db/compiled-once';
import type { Db } from '../../db/database';
import { keysetPage, pageOffset } from '../../platform/list';
import { selectFields } from '../../platform/list-fields';
import { gatewayIdFilter, type AdminScope, type Scope } from '../../platform/scope';
import { builtInRoleNames } from './roles';

const REMINDER_TEXT_COLUMN = { zhCn: 'r.content_zh_cn', zhHk: 'r.content_zh_hk', en: 'r.content_en' } as const;

/** Compiled once per language and gateway scope (the trivial signed-in request of issue 13 §1). */
const unreadReminders = compiledOnce({
  key: (s: { lang: TLanguage; gatewayScoped: boolean }) => `${s.lang} ${s.gatewayScoped}`,
  build: (db, s, v: { merchantId: number; adminId: number; gatewayIds: readonly number[]; limit: number }) => {
    const preferred = sql.ref(REMINDER_TEXT_COLUMN[s.lang]);
    return db
      .selectFrom('reminders as r')
      .select([
        'r.id',
        sql<string>`coalesce(nullif(${preferred}, ''), nullif(${sql.ref('r.content_zh_cn')}, ''), ${sql.ref('r.content_en')})`.as(
          'content',
        ),
      ])
      .where('r.merchant_id', '=', v.merchantId)
      .where((eb) => eb.or([eb('r.admin_id', 'is', null), eb('r.admin_id', '=', v.adminId)]))
      .$if(s.gatewayScoped, (qb) => qb.where((eb) => eb.or([eb('r.gateway_id', 'is', null), eb('r.gateway_id', 'in', v.gatewayIds)])))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('reminder_reads as rr')
              .select('rr.reminder_id')
              .whereRef('rr.reminder_id', '=', 'r.id')
              .where('rr.admin_id', '=', v.adminId),
          ),
        ),
      )
      .orderBy('r.created_at', 'asc')
      .orderBy('r.id', 'asc')
      .limit(v.limit);
  },
});

/**
 * Unread reminders for the admin: merchant-wide ones and those addressed to the admin, oldest first;
 * a reminder about one gateway's case only when the admin sees that gateway. `content` is the text in
 * `lang`; an empty translation falls back to Simplified Chinese, then English. Only that text is read:
 * the three translations of a batch cost more to read than the rest of the request.
 */
export function listUnreadReminders(db: Db, scope: AdminScope, limit: number, lang: TLanguage) {
  const gateways = gatewayIdFilter(scope);
  return unreadReminders(
    db,
    { lang, gatewayScoped: gateways !== null },
    { merchantId: scope.merchantId, adminId: scope.adminId, gatewayIds: gateways ?? [], limit },
  );
}

export function findVisibleReminder(db: Db, scope: AdminScope, id: number) {
  return db
    .selectFrom('reminders')
    .select('id')
    .where('id', '=', id)
    .where('merchant_id', '=', scope.merchantId)
    .where((eb) => eb.or([eb('admin_id', 'is', null), eb('admin_id', '=', scope.adminId)]))
    .$if(gatewayIdFilter(scope) !== null, (qb) =>
      qb.where((eb) => eb.or([eb('gateway_id', 'is', null), eb('gateway_id', 'in', gatewayIdFilter(scope) ?? [0])])),
    )
    .executeTakeFirst();
}

export async function markReminderRead(db: Db, scope: AdminScope, reminderId: number, now: number): Promise<void> {
  await db
    .insertInto('reminder_reads')
    .values({ reminder_id: reminderId, admin_id: scope.adminId, read_at: now })
    .onConflict((oc) => oc.columns(['reminder_id', 'admin_id']).doNothing())
    .execute();
}

/** An announcement's text in `lang`; an empty translation falls back to Simplified Chinese, then English (as `localized`). */
function localizedText(column: 'title' | 'content', lang: TLanguage) {
  const [own, zhCn, en] = [LANGUAGE_SUFFIX[lang], 'zh_cn', 'en'].map((suffix) => sql.ref(`a.${column}_${suffix}`));
  return sql<string>`coalesce(nullif(${own}, ''), nullif(${zhCn}, ''), ${en})`;
}
const LANGUAGE_SUFFIX = { zhCn: 'zh_cn', zhHk: 'zh_hk', en: 'en' } as const;

/** Announcements for every merchant plus the scope's own, already published, newest first, in `lang`. */
export async function listAnnouncements(db: Db, scope: Scope, page: TListPaging, now: number, lang: TLanguage) {
  const base = db
    .selectFrom('announcements as a')
    .where((eb) => eb.or([eb('a.merchant_id', 'is', null), eb('a.merchant_id', '=', scope.merchantId)]))
    .where('a.published_at', '<=', now);
  const rows = selectFields(base, ANNOUNCEMENTS.fields, 'a', {
    title: localizedText('title', lang),
    content: localizedText('content', lang),
  });
  const [list, count] = await Promise.all([
    rows.orderBy('a.published_at', 'desc').orderBy('a.id', 'desc').limit(page.limit).offset(pageOffset(page)).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number(count.n) };
}

export function getMerchant(db: Db, scope: Scope) {
  return db
    .selectFrom('merchants')
    .select(['merchant_no', 'name', 'status', 'contract_start', 'contract_end', 'registered_at', 'services'])
    .where('id', '=', scope.merchantId)
    .executeTakeFirst();
}

export function listGateways(db: Db, scope: Scope) {
  const ids = gatewayIdFilter(scope);
  return db
    .selectFrom('gateways')
    .select(['gateway_no', 'name', 'currency', 'status'])
    .where('merchant_id', '=', scope.merchantId)
    .$if(ids !== null, (qb) => qb.where('id', 'in', ids ?? []))
    .orderBy('gateway_no')
    .execute();
}

/** A gateway of the scope; another merchant's or an unassigned one is indistinguishable from none. */
export function findGateway(db: Db, scope: Scope, gatewayNo: string) {
  const ids = gatewayIdFilter(scope);
  return db
    .selectFrom('gateways')
    .select(['gateway_no', 'name', 'currency', 'status'])
    .where('merchant_id', '=', scope.merchantId)
    .where('gateway_no', '=', gatewayNo)
    .$if(ids !== null, (qb) => qb.where('id', 'in', ids ?? []))
    .executeTakeFirst();
}

export type LoginLogFilter = TListPaging & { success?: boolean | undefined };

/** Login attempts against the scope's merchant, newest first (keyset on login_logs_merchant(_success)_idx). */
export function listLoginLogs(db: Db, scope: Scope, filter: LoginLogFilter) {
  const base = db
    .selectFrom('login_logs as l')
    .where('l.merchant_id', '=', scope.merchantId)
    .$if(filter.success !== undefined, (qb) => qb.where('l.success', '=', filter.success ? 1 : 0));
  const list = {
    // The stored outcome (1 or 0), which the answer gives as a flag.
    rows: () => selectFields(base, LOGIN_LOGS.fields, 'l', { success: 'l.success' }),
    sort: { column: 'l.created_at', id: 'l.id', direction: 'desc', value: (r: { createdAt: unknown }) => Number(r.createdAt) },
  } as const;
  return keysetPage(db, list, filter, { count: base });
}

/** The administrator role every business gets: it holds every permission (`roles.is_admin`). */
export function createAdministratorRole(db: Db, merchantId: number) {
  return db
    .insertInto('roles')
    .values({
      merchant_id: merchantId,
      ...builtInRoleNames('administrator'),
      description: 'Every permission',
      is_admin: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** The caller's gateways among the given numbers (numbers of other merchants are simply absent). */
export function findGatewaysByNo(db: Db, scope: Scope, gatewayNos: string[]) {
  if (gatewayNos.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('gateways')
    .select(['id', 'gateway_no'])
    .where('merchant_id', '=', scope.merchantId)
    .where('gateway_no', 'in', gatewayNos)
    .execute();
}
