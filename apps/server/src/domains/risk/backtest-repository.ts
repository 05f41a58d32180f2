import { sql, type Expression, type SqlBool } from 'kysely';
import type { TBlacklistType } from '@mbo/shared/risk';
import { DisputeKind, TradeCategory } from '@mbo/shared/trade-enums';
import type { Db } from '../../db/database';
import { gatewayIdFilter, type Scope } from '../../platform/scope';
import { BLACKLIST_MATCHED_COLUMNS } from './service';

/*
 * The SQL of a backtest: the scope's payments in the window that could match a blacklist value. This
 * only narrows the rows read; whether a row matches is decided by the gateway path's own matcher
 * (service.blacklistKeysOf), so the query may let through more than matches but never fewer.
 */

type TxColumn = (typeof BLACKLIST_MATCHED_COLUMNS)[number];

const EMAILS: TxColumn[] = ['customer_email', 'email', 'shipping_email'];
/** The columns blacklistKeysOf reads for each type. */
const COLUMNS: Record<TBlacklistType, TxColumn[]> = {
  cardBin: ['card_first6'],
  card: ['card_first6'],
  email: EMAILS,
  emailDomain: EMAILS,
  ip: ['ip'],
  country: ['bill_country', 'payment_country', 'ip_bill_country', 'issuer_country', 'shipping_country'],
};

/** `column` holds `part` in any case, surrounding spaces included (a LIKE with its wildcards escaped). */
function contains(column: TxColumn, part: string): Expression<SqlBool> {
  const pattern = `%${part.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<SqlBool>`lower(${sql.ref(`t.${column}`)}) like ${pattern} escape '\\'`;
}

/**
 * Payments of the scope created in [fromMs, toMs), test payments left out, whose columns could carry
 * the (normalised) value, with what the backtest reports of each: its state and its cases.
 */
export function findBacktestCandidates(db: Db, scope: Scope, type: TBlacklistType, value: string, fromMs: number, toMs: number) {
  const ids = gatewayIdFilter(scope);
  const cases = (kinds: number[]) =>
    sql<number>`case when exists (select 1 from disputes d where d.transaction_id = t.id and d.kind in (${sql.join(kinds)})) then 1 else 0 end`;
  return db
    .selectFrom('transactions as t')
    .select([
      ...BLACKLIST_MATCHED_COLUMNS.map((c) => `t.${c}` as const),
      't.category',
      't.pay_status',
      't.currency',
      't.amount',
      't.chargeback_status',
      cases([DisputeKind.chargeback]).as('has_chargeback'),
      cases([DisputeKind.fraudReport]).as('has_fraud_report'),
      cases([DisputeKind.retrieval, DisputeKind.rdrAlert, DisputeKind.ethocaAlert]).as('has_other_case'),
    ])
    .where('t.merchant_id', '=', scope.merchantId)
    .where('t.category', 'in', [TradeCategory.formal, TradeCategory.riskDeclined, TradeCategory.uncompleted, TradeCategory.counterfeit])
    .where('t.created_at', '>=', fromMs)
    .where('t.created_at', '<', toMs)
    .$if(ids !== null, (qb) => qb.where('t.gateway_id', 'in', ids ?? [0]))
    .where((eb) => {
      if (type === 'card') {
        const [first6 = '', last4 = ''] = value.split('-');
        return eb.and([contains('card_first6', first6), contains('card_last4', last4)]);
      }
      return eb.or(COLUMNS[type].map((c) => contains(c, value)));
    })
    .execute();
}
