import { sql, type Insertable } from 'kysely';
import type { TListPaging } from '@mbo/shared/list';
import { WEBSITES, WebsiteStatus, type TWebsiteListQuery } from '@mbo/shared/websites';
import type { Db, DbOrTrx, Trx } from '../../db/database';
import type { WebsiteBatchesTable, WebsitesTable } from '../../db/types';
import { type ExportReader } from '../../platform/export-reader';
import { keysetBatches } from '../../platform/keyset-walk';
import { keysetPage } from '../../platform/list';
import { selectFields } from '../../platform/list-fields';
import type { Scope } from '../../platform/scope';

/*
 * Websites belong to the merchant, not to a gateway: every admin of the merchant sees them all
 * (an admin limited to some gateways still needs to know which sites may trade).
 */

export type WebsiteFilters = Omit<TWebsiteListQuery, 'page' | 'limit' | 'after'>;

function filtered(db: Db, scope: Scope, f: WebsiteFilters) {
  return db
    .selectFrom('websites as w')
    .where('w.merchant_id', '=', scope.merchantId)
    .$if(f.url !== undefined && f.url !== '', (qb) =>
      qb.where(sql<boolean>`lower(${sql.ref('w.url')}) like ${`%${escapeLike(f.url ?? '')}%`} escape '\\'`),
    )
    .$if(f.status !== undefined, (qb) => qb.where('w.status', '=', f.status ?? 0))
    .$if(f.type !== undefined, (qb) => qb.where('w.site_type', '=', f.type ?? 0));
}

/** `like` with the pattern characters of the text taken literally ('\' is the escape on both databases). */
function escapeLike(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

function websiteList(db: Db, scope: Scope, f: WebsiteFilters) {
  return {
    rows: () => selectFields(filtered(db, scope, f), WEBSITES.fields, 'w', { type: 'w.site_type' }),
    sort: { column: 'w.created_at', id: 'w.id', direction: 'desc', value: (r: { createdAt: unknown }) => Number(r.createdAt) },
  } as const;
}

export function listWebsites(db: Db, scope: Scope, q: WebsiteFilters & TListPaging) {
  return keysetPage(db, websiteList(db, scope, q), q, { count: filtered(db, scope, q) });
}

export function iterateWebsites(db: Db, scope: Scope, f: WebsiteFilters, reader: (() => ExportReader) | null) {
  return keysetBatches(websiteList(db, scope, f), { reader });
}

/** Which of these normalised URLs the merchant already has. */
export async function findExistingUrls(db: DbOrTrx, merchantId: number, urls: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < urls.length; i += 200) {
    const rows = await db
      .selectFrom('websites')
      .select('url')
      .where('merchant_id', '=', merchantId)
      .where('url', 'in', urls.slice(i, i + 200))
      .execute();
    for (const r of rows) found.add(r.url);
  }
  return found;
}

export async function insertBatch(trx: Trx, values: Insertable<WebsiteBatchesTable>): Promise<number> {
  const row = await trx.insertInto('website_batches').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function setBatchMail(db: DbOrTrx, batchId: number, mailId: number, outcome: string): Promise<void> {
  await db.updateTable('website_batches').set({ mail_id: mailId, outcome }).where('id', '=', batchId).execute();
}

/**
 * Inserts the websites; a URL that another request inserted meanwhile is skipped (the unique index
 * decides), and the URLs actually inserted are returned.
 */
export async function insertWebsites(trx: Trx, rows: Insertable<WebsitesTable>[]): Promise<string[]> {
  const inserted: string[] = [];
  for (const row of rows) {
    const res = await trx
      .insertInto('websites')
      .values(row)
      .onConflict((oc) => oc.columns(['merchant_id', 'url']).doNothing())
      .returning('url')
      .executeTakeFirst();
    if (res) inserted.push(res.url);
  }
  return inserted;
}

/**
 * Hosts of the merchant's websites that may carry payments: reviewed (normal) and not disabled.
 * The payment-link domain checks a link's custom domain against this list.
 */
export async function findUsableWebsiteHosts(db: Db | Trx, merchantId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('websites')
    .select('host')
    .distinct()
    .where('merchant_id', '=', merchantId)
    .where('status', '=', WebsiteStatus.reviewed)
    .orderBy('host')
    .execute();
  return rows.map((r) => r.host);
}

/** Operator review: one website by id with its merchant number. */
export function findWebsiteById(db: DbOrTrx, id: number) {
  return db
    .selectFrom('websites as w')
    .innerJoin('merchants as m', 'm.id', 'w.merchant_id')
    .select(['w.id', 'w.url', 'w.status', 'w.merchant_id', 'm.merchant_no'])
    .where('w.id', '=', id)
    .executeTakeFirst();
}

/** Moves a website's status only from one of the expected ones: false when it was elsewhere. */
export async function moveWebsiteStatus(
  db: DbOrTrx,
  id: number,
  from: readonly number[],
  to: { status: number; fail_reason: string; updated_at: number },
): Promise<boolean> {
  const res = await db.updateTable('websites').set(to).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Operator listing: websites of every merchant (or one), newest first. */
export function listLatestWebsites(db: Db, o: { merchantId?: number; status?: number; limit: number }) {
  return db
    .selectFrom('websites as w')
    .innerJoin('merchants as m', 'm.id', 'w.merchant_id')
    .select(['w.id', 'w.url', 'w.status', 'w.fail_reason', 'w.created_at', 'm.merchant_no'])
    .$if(o.merchantId !== undefined, (qb) => qb.where('w.merchant_id', '=', o.merchantId ?? 0))
    .$if(o.status !== undefined, (qb) => qb.where('w.status', '=', o.status ?? 0))
    .orderBy('w.created_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(o.limit)
    .execute();
}

export function findMerchantForMail(db: DbOrTrx, merchantId: number) {
  return db.selectFrom('merchants').select(['merchant_no', 'name']).where('id', '=', merchantId).executeTakeFirstOrThrow();
}
