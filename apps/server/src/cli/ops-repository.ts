import { AdminStatus } from '@mbo/shared/merchants';
import type { Db } from '../db/database';
import type { Scope } from '../platform/scope';

/*
 * SQL of the operator commands. They run from a shell, outside any session, so they resolve a merchant
 * number to an operator scope first and every write below is confined to that merchant.
 */

export function findMerchantIdByNo(db: Db, merchantNo: string) {
  return db.selectFrom('merchants').select(['id', 'merchant_no', 'name']).where('merchant_no', '=', merchantNo).executeTakeFirst();
}

/** A gateway by its number, whatever merchant it belongs to (the operator works across merchants). */
export function findGatewayByNo(db: Db, gatewayNo: string) {
  return db.selectFrom('gateways').select(['id', 'merchant_id', 'currency']).where('gateway_no', '=', gatewayNo).executeTakeFirst();
}

export function listRoles(db: Db, scope: Scope) {
  return db.selectFrom('roles').select(['id', 'name', 'is_admin']).where('merchant_id', '=', scope.merchantId).orderBy('id').execute();
}

export function findAdminByLogin(db: Db, scope: Scope, loginName: string) {
  return db
    .selectFrom('admins')
    .select(['id', 'login_name'])
    .where('merchant_id', '=', scope.merchantId)
    .where('login_name', '=', loginName)
    .executeTakeFirst();
}

export type NewMember = {
  loginName: string;
  name: string;
  email: string;
  passwordHash: string;
  roleId: number;
  forceChangePwd: boolean;
  /** null: every gateway of the merchant. */
  gatewayIds: number[] | null;
  now: number;
};

export async function createAdmin(db: Db, scope: Scope, m: NewMember): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('admins')
      .values({
        merchant_id: scope.merchantId,
        person_id: null,
        login_name: m.loginName,
        name: m.name,
        password_hash: m.passwordHash,
        status: AdminStatus.normal,
        role_id: m.roleId,
        is_owner: 0,
        all_gateways: m.gatewayIds === null ? 1 : 0,
        may_view_account: 0,
        email: m.email,
        mobile: '',
        avatar: '',
        time_zone: '',
        force_change_pwd: m.forceChangePwd ? 1 : 0,
        is_initial_login: 0,
        failed_login_count: 0,
        locked_until: null,
        created_at: m.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (m.gatewayIds && m.gatewayIds.length > 0) {
      await trx
        .insertInto('admin_gateways')
        .values(m.gatewayIds.map((gatewayId) => ({ admin_id: row.id, gateway_id: gatewayId })))
        .execute();
    }
    return row.id;
  });
}

export type LocalizedText = { zhCn: string; zhHk: string; en: string };

export async function addReminder(db: Db, scope: Scope, adminId: number | null, content: LocalizedText, now: number): Promise<number> {
  const row = await db
    .insertInto('reminders')
    .values({
      merchant_id: scope.merchantId,
      admin_id: adminId,
      content_zh_cn: content.zhCn,
      content_zh_hk: content.zhHk,
      content_en: content.en,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Announcements may target one merchant (a scope) or every merchant (null). */
export async function addAnnouncement(
  db: Db,
  scope: Scope | null,
  title: LocalizedText,
  content: LocalizedText,
  now: number,
): Promise<number> {
  const row = await db
    .insertInto('announcements')
    .values({
      merchant_id: scope ? scope.merchantId : null,
      title_zh_cn: title.zhCn,
      title_zh_hk: title.zhHk,
      title_en: title.en,
      content_zh_cn: content.zhCn,
      content_zh_hk: content.zhHk,
      content_en: content.en,
      published_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function listSessions(db: Db, scope: Scope, limit: number) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('admins as a', 'a.id', 's.admin_id')
    .select(['s.id', 'a.login_name', 's.ip', 's.user_agent', 's.created_at', 's.last_seen_at', 's.revoked_at', 's.sys_admin'])
    .where('s.merchant_id', '=', scope.merchantId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}

export function listMails(db: Db, o: { to?: string; limit: number }) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'to_addr', 'subject', 'language', 'status', 'error', 'created_at'])
    .$if(o.to !== undefined, (qb) => qb.where('to_addr', '=', o.to ?? ''))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(o.limit)
    .execute();
}

export function getMail(db: Db, id: number) {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listSms(db: Db, o: { to?: string; limit: number }) {
  return db
    .selectFrom('sms_outbox')
    .selectAll()
    .$if(o.to !== undefined, (qb) => qb.where('to_number', '=', o.to ?? ''))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(o.limit)
    .execute();
}

export function findMerchantById(db: Db, id: number) {
  return db.selectFrom('merchants').select(['id', 'merchant_no', 'name', 'status']).where('id', '=', id).executeTakeFirst();
}
