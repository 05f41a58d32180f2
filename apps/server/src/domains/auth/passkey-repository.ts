import type { Db } from '../../db/database';

/* All SQL of passkeys (migration 0030): rows are always read through the admin or merchant they belong to. */

const COLUMNS = ['p.id', 'p.admin_id', 'p.merchant_id', 'p.credential_id', 'p.public_key', 'p.counter', 'p.transports'] as const;

export function listPasskeys(db: Db, adminId: number) {
  return db
    .selectFrom('passkeys as p')
    .select([...COLUMNS, 'p.name', 'p.created_at', 'p.last_used_at'])
    .where('p.admin_id', '=', adminId)
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();
}

export type PasskeyRow = Awaited<ReturnType<typeof listPasskeys>>[number];

/** The credential when it is the admin's own. */
export function findAdminPasskey(db: Db, adminId: number, credentialId: string) {
  const own = { 'p.admin_id': adminId, 'p.credential_id': credentialId };
  return db
    .selectFrom('passkeys as p')
    .select(COLUMNS)
    .where((eb) => eb.and(own))
    .executeTakeFirst();
}

/** The credential when it belongs to an admin of the merchant with this number, with that admin's login name. */
export function findMerchantPasskey(db: Db, merchantNo: string, credentialId: string) {
  return db
    .selectFrom('passkeys as p')
    .innerJoin('merchants as m', 'm.id', 'p.merchant_id')
    .innerJoin('admins as a', 'a.id', 'p.admin_id')
    .select([...COLUMNS, 'a.login_name', 'm.merchant_no'])
    .where((eb) => eb.and({ 'm.merchant_no': merchantNo, 'p.credential_id': credentialId }))
    .executeTakeFirst();
}

export async function insertPasskey(
  db: Db,
  p: {
    adminId: number;
    merchantId: number;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string;
    name: string;
    now: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('passkeys')
    .values({
      admin_id: p.adminId,
      merchant_id: p.merchantId,
      credential_id: p.credentialId,
      public_key: p.publicKey,
      counter: p.counter,
      transports: p.transports,
      name: p.name,
      created_at: p.now,
      last_used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Records a use; conditional on the counter read, so two uses of one signature cannot both pass. */
export async function recordPasskeyUse(db: Db, id: number, oldCounter: number, newCounter: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('passkeys')
    .set({ counter: newCounter, last_used_at: now })
    .where('id', '=', id)
    .where('counter', '=', oldCounter)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deletePasskey(db: Db, adminId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('passkeys').where('id', '=', id).where('admin_id', '=', adminId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function countPasskeys(db: Db, adminId: number): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('admin_id', '=', adminId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function getRefundCheckThreshold(db: Db, merchantId: number) {
  return db.selectFrom('merchants').select('refund_check_threshold').where('id', '=', merchantId).executeTakeFirst();
}

export async function setRefundCheckThreshold(db: Db, merchantId: number, threshold: number): Promise<void> {
  await db.updateTable('merchants').set({ refund_check_threshold: threshold }).where('id', '=', merchantId).execute();
}

/** Where a fresh-check code can go: the person's addresses, else the admin row's. */
export function findCodeAddresses(db: Db, adminId: number) {
  return db
    .selectFrom('admins as a')
    .leftJoin('persons as p', (join) => join.onRef('p.id', '=', 'a.person_id').on('p.removed_at', 'is', null))
    .select([
      'a.person_id',
      'a.mobile as admin_mobile',
      'a.email as admin_email',
      'p.mobile as person_mobile',
      'p.email as person_email',
      'p.language',
    ])
    .where('a.id', '=', adminId)
    .executeTakeFirst();
}
