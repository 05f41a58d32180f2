import { GatewayStatus } from '@mbo/shared/gateways';
import { AdminStatus, MerchantStatus } from '@mbo/shared/merchants';
import { MODULES } from '@mbo/shared/permissions';
import type { Db } from '../src/db/database';
import { hashPassword } from '../src/platform/passwords';

/*
 * Factories for API tests. Numbers come from counters so each test gets fresh merchants and
 * gateways inside the file's own database. Passwords are hashed once each, with cheap argon2id
 * parameters, to keep the suite fast (verification reads the parameters from the hash).
 */

let seq = 0;
function next(): number {
  seq += 1;
  return seq;
}

const hashes = new Map<string, Promise<string>>();
export function cheapHash(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password, { memoryCost: 1024, timeCost: 1, parallelism: 1 });
    hashes.set(password, h);
  }
  return h;
}

export const DEFAULT_PASSWORD = 'Passw0rd!';
export const ALL_MODULE_IDS = MODULES.map((m) => m.moduleId);

export type MerchantRow = { id: number; merchantNo: string };

export async function createMerchant(
  db: Db,
  o: { status?: number; modules?: readonly number[]; name?: string; now?: number } = {},
): Promise<MerchantRow> {
  const n = next();
  const merchantNo = String(200000 + n);
  const now = o.now ?? Date.now();
  const row = await db
    .insertInto('merchants')
    .values({
      merchant_no: merchantNo,
      name: o.name ?? `Test Merchant ${n} Ltd.`,
      status: o.status ?? MerchantStatus.normal,
      region: 'overseas',
      contract_start: '2025-01-01',
      contract_end: '2026-12-31',
      registered_at: Date.UTC(2024, 0, 15),
      services: 'visa,mastercard',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const modules = o.modules ?? ALL_MODULE_IDS;
  if (modules.length > 0) {
    await db
      .insertInto('merchant_modules')
      .values(modules.map((m) => ({ merchant_id: row.id, module_id: m })))
      .execute();
  }
  return { id: row.id, merchantNo };
}

export type GatewayRow = { id: number; gatewayNo: string; currency: string };

export async function createGateway(db: Db, merchant: MerchantRow, o: { currency?: string; status?: number } = {}): Promise<GatewayRow> {
  const gatewayNo = String(90000000 + next());
  const currency = o.currency ?? 'USD';
  const row = await db
    .insertInto('gateways')
    .values({
      merchant_id: merchant.id,
      gateway_no: gatewayNo,
      name: `Gateway ${gatewayNo}`,
      currency,
      status: o.status ?? GatewayStatus.enabled,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, gatewayNo, currency };
}

export async function createRole(
  db: Db,
  merchant: MerchantRow,
  o: { isAdmin?: boolean; permissions?: readonly string[]; name?: string } = {},
) {
  const row = await db
    .insertInto('roles')
    .values({
      merchant_id: merchant.id,
      name: o.name ?? `role-${next()}`,
      name_cn: '角色',
      name_en: 'Role',
      description: '',
      is_admin: o.isAdmin ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const permissions = o.permissions ?? [];
  if (permissions.length > 0) {
    await db
      .insertInto('role_permissions')
      .values(permissions.map((permission) => ({ role_id: row.id, permission })))
      .execute();
  }
  return { id: row.id };
}

export async function createPerson(db: Db, o: { twoFa?: boolean } = {}) {
  const n = next();
  const row = await db
    .insertInto('persons')
    .values({
      email: `person${n}@example.test`,
      mobile: `+8520000${String(n).padStart(4, '0')}`,
      name: `Person ${n}`,
      email_verified: 1,
      two_fa_enabled: o.twoFa ? 1 : 0,
      language: 'en',
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email: `person${n}@example.test` };
}

export type AdminOptions = {
  loginName?: string;
  password?: string;
  /** Role id; an administrator role (is_admin) is created when absent. */
  roleId?: number;
  personId?: number | null;
  isOwner?: boolean;
  /** Gateways the admin is limited to; omitted means every gateway of the merchant. */
  gateways?: readonly GatewayRow[];
  status?: number;
  forceChangePwd?: boolean;
  isInitialLogin?: boolean;
};

export type AdminRow = { id: number; loginName: string; password: string; merchant: MerchantRow };

export async function createAdmin(db: Db, merchant: MerchantRow, o: AdminOptions = {}): Promise<AdminRow> {
  const loginName = o.loginName ?? `user${next()}`;
  const password = o.password ?? DEFAULT_PASSWORD;
  const roleId = o.roleId ?? (await createRole(db, merchant, { isAdmin: true })).id;
  const row = await db
    .insertInto('admins')
    .values({
      merchant_id: merchant.id,
      person_id: o.personId ?? null,
      login_name: loginName,
      name: `Name of ${loginName}`,
      password_hash: await cheapHash(password),
      status: o.status ?? AdminStatus.normal,
      role_id: roleId,
      is_owner: o.isOwner ? 1 : 0,
      all_gateways: o.gateways ? 0 : 1,
      may_view_account: 0,
      email: `${loginName}@example.test`,
      mobile: '',
      avatar: '',
      time_zone: 'Asia/Shanghai',
      force_change_pwd: o.forceChangePwd ? 1 : 0,
      is_initial_login: o.isInitialLogin ? 1 : 0,
      failed_login_count: 0,
      locked_until: null,
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (o.gateways && o.gateways.length > 0) {
    await db
      .insertInto('admin_gateways')
      .values(o.gateways.map((g) => ({ admin_id: row.id, gateway_id: g.id })))
      .execute();
  }
  return { id: row.id, loginName, password, merchant };
}

/** The owner of a new merchant with a person of its own (verified email, a mobile): someone a code can be sent to. */
export async function createOwnerWithPerson(
  db: Db,
  o: { twoFa?: boolean } = {},
): Promise<AdminRow & { personId: number; mobile: string; email: string }> {
  const person = await createPerson(db, o);
  const m = await createMerchant(db);
  const a = await createAdmin(db, m, { personId: person.id, isOwner: true });
  const p = await db.selectFrom('persons').select(['mobile', 'email']).where('id', '=', person.id).executeTakeFirstOrThrow();
  return { ...a, mobile: p.mobile, email: p.email, personId: person.id };
}
