import type { Insertable } from 'kysely';
import { LINKS, LinkPayStatus, LinkStatus, LinkType, type TLinkFilters, type TLinkListQuery } from '@mbo/shared/links';
import { GatewayStatus } from '@mbo/shared/gateways';
import type { Db, DbOrTrx, Trx } from '../../db/database';
import type { PaymentLinksTable } from '../../db/types';
import { keysetPage } from '../../platform/list';
import { selectFields, type FieldRow } from '../../platform/list-fields';
import { gatewayIdFilter, inScope, type Scope } from '../../platform/scope';

/** All SQL of payment links. */

/** The scope's enabled gateways with their services (what decides the link methods they offer). */
export function findEnabledGateways(db: Db, scope: Scope) {
  const ids = gatewayIdFilter(scope);
  return db
    .selectFrom('gateways')
    .select(['id', 'gateway_no', 'name', 'currency', 'services'])
    .where('merchant_id', '=', scope.merchantId)
    .where('status', '=', GatewayStatus.enabled)
    .$if(ids !== null, (qb) => qb.where('id', 'in', ids ?? [0]))
    .orderBy('gateway_no')
    .execute();
}

const base = (db: Db, scope: Scope, f: TLinkFilters) =>
  db
    .selectFrom('payment_links as l')
    .innerJoin('gateways as g', 'g.id', 'l.gateway_id')
    .where(inScope(scope, 'l'))
    .$if(f.status !== undefined, (qb) => qb.where('l.status', '=', f.status ?? 0))
    .$if(f.payStatus !== undefined, (qb) => qb.where('l.pay_status', '=', f.payStatus ?? 0))
    .$if(f.linkType !== undefined, (qb) => qb.where('l.link_type', '=', f.linkType ?? 0))
    .$if(f.title !== undefined, (qb) =>
      qb.where((eb) => eb(eb.fn('lower', ['l.title']), 'like', `%${(f.title ?? '').toLowerCase().replace(/[%_\\]/g, '')}%`)),
    );

/** Where the list reads the fields that are not `l.<field>`, and the columns the answer's own fields are made from. */
const LINK_SOURCES = {
  activeUntil: 'l.active_until_date',
  gatewayNo: 'g.gateway_no',
  amountMode: 'l.amount_mode',
  collectBilling: 'l.collect_billing',
  collectShipping: 'l.collect_shipping',
  methods: 'l.methods',
  prefill: 'l.prefill',
  expiresAt: 'l.expires_at',
};

function linkList(db: Db, scope: Scope, f: TLinkFilters) {
  return {
    rows: () => selectFields(base(db, scope, f), LINKS.fields, 'l', LINK_SOURCES),
    sort: { column: 'l.created_at', id: 'l.id', direction: 'desc', value: (r: LinkRow) => Number(r.createdAt) },
  } as const;
}

export type LinkRow = FieldRow<typeof LINKS.fields>;

export function listLinks(db: Db, scope: Scope, q: TLinkListQuery) {
  return keysetPage(db, linkList(db, scope, q), q, { count: base(db, scope, q) });
}

/** One link of the scope by its key (another merchant's key: undefined). */
export function findLink(db: Db, scope: Scope, key: string) {
  return db
    .selectFrom('payment_links as l')
    .innerJoin('gateways as g', 'g.id', 'l.gateway_id')
    .selectAll('l')
    .select('g.gateway_no')
    .where('l.link_key', '=', key)
    .where(inScope(scope, 'l'))
    .executeTakeFirst();
}

/** A link by its key alone, for the public hosted page. */
export function findLinkByKey(db: DbOrTrx, key: string) {
  return db
    .selectFrom('payment_links as l')
    .innerJoin('gateways as g', 'g.id', 'l.gateway_id')
    .selectAll('l')
    .select(['g.gateway_no', 'g.currency as gateway_currency', 'g.status as gateway_status'])
    .where('l.link_key', '=', key)
    .executeTakeFirst();
}

export async function insertLink(db: Db, row: Insertable<PaymentLinksTable>): Promise<number> {
  const { id } = await db.insertInto('payment_links').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function disableLink(db: Db, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('payment_links')
    .set({ status: LinkStatus.disabled, disabled_at: now })
    .where('id', '=', id)
    .where('status', '=', LinkStatus.active)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Counts a successful payment on a link, as the first write of the payment's transaction: only while
 * the link is active and unexpired, and for a one-time link only while unpaid. Concurrent payments
 * queue on the row (PostgreSQL row lock, SQLite's single writer) and the WHERE clause is evaluated
 * again for each, so exactly one payment consumes a one-time link.
 */
export async function consumeLink(trx: Trx, id: number, now: number): Promise<boolean> {
  const r = await trx
    .updateTable('payment_links')
    .set((eb) => ({
      pay_status: LinkPayStatus.paid,
      paid_count: eb('paid_count', '+', 1),
      paid_at: eb.fn.coalesce('paid_at', eb.val(now)),
    }))
    .where('id', '=', id)
    .where('status', '=', LinkStatus.active)
    .where('expires_at', '>', now)
    .where((eb) => eb.or([eb('link_type', '=', LinkType.reusable), eb('pay_status', '=', LinkPayStatus.unpaid)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertLinkPayment(
  trx: Trx,
  row: { link_id: number; merchant_id: number; transaction_id: number; created_at: number },
) {
  await trx.insertInto('payment_link_payments').values(row).execute();
}

/** The gateway records made through a link, oldest first (a link sees few payments; capped at 500). */
export function findLinkPayments(db: Db, linkId: number) {
  return db
    .selectFrom('payment_link_payments as p')
    .innerJoin('transactions as t', 't.id', 'p.transaction_id')
    .select([
      't.trade_no',
      't.category',
      't.pay_status',
      't.currency',
      't.amount',
      't.customer_email',
      't.card_first6',
      't.card_last4',
      't.risk_rules',
      't.created_at',
    ])
    .where('p.link_id', '=', linkId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(500)
    .execute();
}
