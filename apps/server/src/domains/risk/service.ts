import type { Insertable } from 'kysely';
import { ErrorCode } from '@mbo/shared/envelope';
import {
  BLACKLIST_RULE,
  BLACKLIST_TYPES,
  BLACKLIST_UPLOAD_MAX_ROWS,
  normalizeBlacklistValue,
  RISK_RULES,
  type TBlacklistAdd,
  type TBlacklistType,
  type TBlacklistUploadResult,
  type TRiskControlSummary,
} from '@mbo/shared/risk';
import { PayStatus, TradeCategory } from '@mbo/shared/trade-enums';
import type { Db, DbOrTrx } from '../../db/database';
import type { TransactionsTable } from '../../db/types';
import type { CsvRecord } from '../../platform/csv-reader';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import type { TLanguage } from '@mbo/shared/i18n';
import type { Scope } from '../../platform/scope';
import * as repo from './repository';

/** What the gateway answers a payment declined by risk control (as the generated demo rows say it). */
export const RISK_DECLINE_MESSAGE = 'Declined by risk control';

type GatewayRecord = Insertable<TransactionsTable>;

/** The columns of a record the blacklist is matched against (a backtest reads only these). */
export const BLACKLIST_MATCHED_COLUMNS = [
  'card_first6',
  'card_last4',
  'customer_email',
  'email',
  'shipping_email',
  'ip',
  'bill_country',
  'payment_country',
  'ip_bill_country',
  'issuer_country',
  'shipping_country',
] as const;
type MatchedColumns = Pick<GatewayRecord, (typeof BLACKLIST_MATCHED_COLUMNS)[number]>;

/** The blacklist values a gateway record would match, one per type it carries (the live check and the backtest both use it). */
export function blacklistKeysOf(row: MatchedColumns): { type: TBlacklistType; value: string }[] {
  const pairs: { type: TBlacklistType; value: string }[] = [];
  const add = (type: TBlacklistType, raw: string | undefined | null) => {
    if (!raw) return;
    const v = normalizeBlacklistValue(type, raw);
    if (v !== null && !pairs.some((p) => p.type === type && p.value === v)) pairs.push({ type, value: v });
  };
  if (row.card_first6) {
    add('cardBin', row.card_first6);
    if (row.card_last4) add('card', `${row.card_first6}-${row.card_last4}`);
  }
  for (const email of [row.customer_email, row.email, row.shipping_email]) {
    add('email', email);
    const at = email ? email.lastIndexOf('@') : -1;
    if (email && at > 0) add('emailDomain', email.slice(at + 1));
  }
  add('ip', row.ip);
  for (const c of [row.bill_country, row.payment_country, row.ip_bill_country, row.issuer_country, row.shipping_country]) add('country', c);
  return pairs;
}

/**
 * Risk control of the gateway path (`ops payment:record`, payments through a link): a record that
 * matches an entry of its merchant's blacklist becomes a risk-declined, failed record with the
 * blacklist rule; any other record is returned unchanged.
 */
export async function screenPayment(db: DbOrTrx, row: GatewayRecord): Promise<GatewayRecord> {
  const match = await repo.findBlacklistMatch(db, row.merchant_id, blacklistKeysOf(row));
  if (!match) return row;
  const rules = (row.risk_rules ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && s !== BLACKLIST_RULE);
  return {
    ...row,
    category: TradeCategory.riskDeclined,
    pay_status: PayStatus.failed,
    return_message: RISK_DECLINE_MESSAGE,
    risk_rules: [...rules, BLACKLIST_RULE].join(','),
  };
}

function checkedValue(type: TBlacklistType, raw: string): string {
  const v = normalizeBlacklistValue(type, raw);
  if (v === null) throw new AppError('blacklist.valueInvalid', ErrorCode.validation);
  return v;
}

export async function addBlacklistEntry(db: Db, scope: Scope, body: TBlacklistAdd, addedBy: string, now: number) {
  const value = checkedValue(body.type, body.value);
  return repo.insertBlacklistEntry(db, { merchantId: scope.merchantId, type: body.type, value, reason: body.reason, addedBy, now });
}

const TYPE_ALIASES: Record<string, TBlacklistType> = Object.fromEntries(BLACKLIST_TYPES.map((t) => [t.toLowerCase(), t]));

/**
 * The records of a CSV of entries (type,value,reason; an optional header row; read by the platform's
 * CSV reader), each row added or refused on its own with its result: one bad row does not stop the
 * others, and a row already on the list is harmless.
 */
export async function importBlacklistCsv(db: Db, scope: Scope, records: CsvRecord[], addedBy: string, now: number, lang: TLanguage) {
  const rows = records.map((r) => r.cells).filter((r) => r.some((f) => f.trim() !== ''));
  if (rows.length > 0 && (rows[0]?.[0] ?? '').trim().toLowerCase() === 'type') rows.shift();
  if (rows.length === 0) throw new AppError('blacklist.csvEmpty', ErrorCode.validation);
  if (rows.length > BLACKLIST_UPLOAD_MAX_ROWS)
    throw new AppError('blacklist.csvTooManyRows', ErrorCode.validation, 200, { max: BLACKLIST_UPLOAD_MAX_ROWS });
  const result: TBlacklistUploadResult = { added: 0, duplicates: 0, invalid: 0, rows: [] };
  let line = 0;
  for (const r of rows) {
    line += 1;
    const [rawType = '', rawValue = '', rawReason = ''] = r.map((f) => f.trim());
    const out = { line, type: rawType.slice(0, 20), value: rawValue.slice(0, 100) };
    const refuse = (key: 'blacklist.typeInvalid' | 'blacklist.valueInvalid' | 'blacklist.reasonRequired' | 'blacklist.columnsMissing') => {
      result.invalid += 1;
      result.rows.push({ ...out, result: 'invalid', error: translate(lang, key) });
    };
    if (r.length < 3) {
      refuse('blacklist.columnsMissing');
      continue;
    }
    const type = TYPE_ALIASES[rawType.toLowerCase()];
    if (!type) {
      refuse('blacklist.typeInvalid');
      continue;
    }
    const value = normalizeBlacklistValue(type, rawValue);
    if (value === null) {
      // Never echo what may be a full card number back.
      out.value = type === 'card' || type === 'cardBin' ? '' : out.value;
      refuse('blacklist.valueInvalid');
      continue;
    }
    if (rawReason === '' || rawReason.length > 200) {
      refuse('blacklist.reasonRequired');
      continue;
    }
    const added = await repo.insertBlacklistEntry(db, { merchantId: scope.merchantId, type, value, reason: rawReason, addedBy, now });
    if (added.created) result.added += 1;
    else result.duplicates += 1;
    result.rows.push({ line, type, value, result: added.created ? 'added' : 'duplicate', error: '' });
  }
  return result;
}

/** How often each rule declined a payment in the range (a payment failing two rules counts for both), and the blacklist's share. */
export async function getRiskControlSummary(db: Db, scope: Scope, range: { fromMs: number; toMs: number }): Promise<TRiskControlSummary> {
  const [groups, entries] = await Promise.all([
    repo.countRiskDeclinesByRules(db, scope, range.fromMs, range.toMs),
    repo.countBlacklistByType(db, scope),
  ]);
  const perRule = new Map<string, number>(RISK_RULES.map((r) => [r, 0]));
  let declined = 0;
  for (const g of groups) {
    const n = Number(g.n);
    declined += n;
    for (const code of new Set(
      g.risk_rules
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ))
      perRule.set(code, (perRule.get(code) ?? 0) + n);
  }
  const byType = new Map(entries.map((e) => [e.entry_type, Number(e.n)]));
  return {
    declined,
    rules: [...perRule.entries()].map(([code, declines]) => ({ code, declines })),
    blacklist: {
      entries: BLACKLIST_TYPES.map((type) => ({ type, count: byType.get(type) ?? 0 })),
      declines: perRule.get(BLACKLIST_RULE) ?? 0,
    },
  };
}
