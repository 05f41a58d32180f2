import { sql, type RawBuilder } from 'kysely';
import { AdminStatus } from '@mbo/shared/merchants';
import { AppealStatus, DisputeKind, ProcessingType } from '@mbo/shared/trade-enums';
import { WaybillStatus } from '@mbo/shared/waybills';

/*
 * What each list of the API should answer, written again in plain SQL against the tables: the rows
 * the caller's merchant owns, the condition each filter stands for and the order the rows come in.
 * list-filters.test.ts compares every list route with these, filter by filter. Nothing here reads
 * the lists' own declarations or repositories: it is a second, independent statement of the product's
 * rules (SPEC.md), so that a filter dropped from, or mistyped in, a list's SQL shows as a difference.
 */

export type Candidate = { api: string; db: string | number };
export type Query = Record<string, string>;
/** The caller and the moment the test runs at. */
export type Env = { merchantId: number; now: number };
type Cond = RawBuilder<unknown>;

export type FilterOracle = {
  /** Where the values to try come from: distinct values of a SQL expression over the list's rows, or given ones. */
  values: { column: string; contains?: boolean } | { given: readonly (string | number)[] };
  /** The condition a row meets for the value (a sort option may change only the time column or order). */
  cond: (c: Candidate, env: Env) => Cond;
  /** A sort option (time type, view): checked by the order of the rows rather than by their number. */
  sort?: boolean;
  /**
   * Why no value can keep some rows and drop others (the list itself fixes what the filter selects):
   * each given value is still compared, without asking for fewer rows than the list has.
   */
  fixed?: string;
  /**
   * Why the filter's exact rule is not restated here: `cond` is then only a condition every row it
   * keeps must meet, and the test asks that some value keeps some rows and drops others.
   */
  partial?: string;
};

export type ListOracle = {
  /** FROM clause: the list's table and the tables its filters read. */
  from: string;
  /** The caller's merchant (and whatever the list never shows), independent of the filters. */
  scope: (env: Env) => Cond;
  /** The SQL expression and the API row fields (joined by '|') that identify a row. */
  key: { sql: string; api: string | readonly string[] };
  /** The column the from/to range applies to, for the query's time type; absent when the list has no range. */
  time?: (q: Query) => string;
  /** The time column holds business days (YYYY-MM-DD text), not instants. */
  days?: boolean;
  /** Rows that are groups of the table's rows (a report): the GROUP BY. */
  groupBy?: string;
  /** ORDER BY of the rows. */
  order: (q: Query) => string;
  filters: Record<string, FilterOracle>;
};

const eq = (column: string): FilterOracle => ({ values: { column }, cond: (c) => sql`${sql.raw(column)} = ${c.db}` });

/** Case-insensitive "contains", the pattern characters taken literally. */
const contains = (...columns: string[]): FilterOracle => ({
  values: { column: columns[0] ?? '', contains: true },
  cond: (c) => {
    const pattern = `%${c.api.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    return sql`(${sql.join(
      columns.map((col) => sql`lower(${sql.raw(col)}) like ${pattern} escape '\\'`),
      sql` or `,
    )})`;
  },
});

const given = (values: readonly (string | number)[], cond: FilterOracle['cond'], sort?: boolean): FilterOracle => ({
  values: { given: values },
  cond,
  ...(sort ? { sort } : {}),
});

const always = () => sql`1 = 1`;
const merchant = (alias: string) => (env: Env) => sql`${sql.ref(`${alias}.merchant_id`)} = ${env.merchantId}`;
const newest = (by: string, id: string) => () => `${by} desc, ${id} desc`;
const DAY_MS = 86_400_000;

/** Currencies without minor units: an amount bound of "10.5" means 11 and above (minimum) or 10 and below (maximum) there. */
const ZERO_DECIMALS = ['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'PYG', 'UGX', 'XAF', 'XOF'];

function amountBound(op: '>=' | '<='): FilterOracle {
  return given(['12.5', '150', '400.01'], (c) => {
    const cents = Math.round(Number(c.api) * 100);
    const whole = op === '>=' ? Math.ceil(cents / 100) : Math.floor(cents / 100);
    return sql`((t.currency in (${sql.join(ZERO_DECIMALS)}) and t.amount ${sql.raw(op)} ${whole})
      or (t.currency not in (${sql.join(ZERO_DECIMALS)}) and t.amount ${sql.raw(op)} ${cents}))`;
  });
}

/** The transaction views: which rows each shows (spec §4). */
const TRADE_VIEWS: Record<string, string> = {
  '/merTradeMgr/tradeRecordList': 't.category = 1',
  '/merTradeMgr/preAuthTradeList': 't.category = 1 and t.trade_type = 2',
  '/merTradeMgr/unTradeRecordList': 't.category = 2',
  '/merTradeMgr/unFinishedTradeRecordList': 't.category = 3',
  '/merTradeMgr/testTradeList': 't.category = 4',
  '/merTradeMgr/counterfeitTradeList': 't.category = 5',
};

function tradeList(view: string): ListOracle {
  const preAuth = view.includes('trade_type');
  const byTime = (q: Query) => (q.timeType === 'process' ? 't.returned_at' : 't.created_at');
  return {
    from: 'transactions t join gateways g on g.id = t.gateway_id',
    scope: (env) => sql`t.merchant_id = ${env.merchantId} and ${sql.raw(view)}`,
    key: { sql: 't.trade_no', api: 'tradeNo' },
    time: byTime,
    order: (q) => `${byTime(q)} desc, t.id desc`,
    filters: {
      timeType: given(['process'], always, true),
      gatewayNo: eq('g.gateway_no'),
      tradeNo: eq('t.trade_no'),
      merchantOrderNo: eq('t.merchant_order_no'),
      payStatus: eq('t.pay_status'),
      tradeType: preAuth
        ? { ...given([1, 2], (c) => sql`t.trade_type = ${c.db}`), fixed: 'the pre-authorization list shows one trade type' }
        : eq('t.trade_type'),
      cardScheme: eq('t.card_scheme'),
      currency: eq('t.currency'),
      email: eq('t.email'),
      ip: eq('t.ip'),
      cardFirst6: eq('t.card_first6'),
      cardLast4: eq('t.card_last4'),
      amountMin: amountBound('>='),
      amountMax: amountBound('<='),
      refundStatus: eq('t.refund_status'),
      chargebackStatus: eq('t.chargeback_status'),
      retrievalStatus: eq('t.retrieval_status'),
      rdrStatus: eq('t.rdr_status'),
      ethocaStatus: eq('t.ethoca_status'),
      appealStatus: eq('t.appeal_status'),
    },
  };
}

const REFUND_TIME: Record<string, string> = { refundApply: 'r.applied_at', process: 'r.processed_at', trans: 't.created_at' };
const DISPUTE_TIME: Record<string, string> = { dispute: 'x.created_at', trans: 't.created_at' };

/** A case that waits for the merchant's answer: an appealable chargeback or an Ethoca alert not yet refunded, deadline ahead. */
const openCase = (now: number) => sql`(x.reply_deadline > ${now} and (
  (x.kind = ${DisputeKind.chargeback} and x.processing_type in (${ProcessingType.chargeback}, ${ProcessingType.retrievalToChargeback})
    and x.appeal_status = ${AppealStatus.none})
  or (x.kind = ${DisputeKind.ethocaAlert} and x.refund_id is null)))`;

/** An invitation link that can still be used. */
const liveInvitation = (now: number) =>
  sql`exists (select 1 from action_tokens k where k.admin_id = a.id and k.purpose = 'invitation' and k.used_at is null and k.expires_at > ${now})`;

/**
 * A list of the rows of one table (`<table> <alias>` first in `from`) that the caller's merchant owns,
 * newest first by `time` (the list's date range) or else by creation; the key is the row id unless said.
 */
function owned(from: string, o: { key?: [string, string]; time?: string; filters: Record<string, FilterOracle> }): ListOracle {
  const alias = from.split(' ')[1] ?? '';
  const at = o.time ?? `${alias}.created_at`;
  return {
    from,
    scope: merchant(alias),
    key: o.key ? { sql: o.key[0], api: o.key[1] } : { sql: `${alias}.id`, api: 'id' },
    ...(o.time ? { time: () => at } : {}),
    order: newest(at, `${alias}.id`),
    filters: o.filters,
  };
}

export const LIST_ORACLES: Record<string, ListOracle> = {
  ...Object.fromEntries(Object.keys(TRADE_VIEWS).map((path) => [path, tradeList(TRADE_VIEWS[path] ?? '')])),
  '/refundment/list': {
    from: 'refunds r join transactions t on t.id = r.transaction_id join gateways g on g.id = r.gateway_id',
    scope: merchant('r'),
    key: { sql: 'r.refund_no', api: 'refundNo' },
    time: (q) => REFUND_TIME[q.timeType ?? 'refundApply'] ?? '',
    order: (q) => `${REFUND_TIME[q.timeType ?? 'refundApply'] ?? ''} desc, r.id desc`,
    filters: {
      timeType: given(['process', 'trans'], always, true),
      gatewayNo: eq('g.gateway_no'),
      tradeNo: eq('t.trade_no'),
      refundNo: eq('r.refund_no'),
      status: eq('r.status'),
      method: eq('r.method'),
      source: eq('r.source'),
    },
  },
  '/merTradeMgr/proConTrade/list': {
    from: 'disputes x join transactions t on t.id = x.transaction_id join gateways g on g.id = x.gateway_id',
    scope: (env) => sql`x.merchant_id = ${env.merchantId} and x.kind <> ${DisputeKind.fraudReport}`,
    key: { sql: 'x.case_no', api: 'caseNo' },
    time: (q) => DISPUTE_TIME[q.timeType ?? 'dispute'] ?? '',
    // The cases still open come nearest deadline first.
    order: (q) => (q.view === 'open' ? 'x.reply_deadline asc, x.id asc' : `${DISPUTE_TIME[q.timeType ?? 'dispute'] ?? ''} desc, x.id desc`),
    filters: {
      view: given(['open'], (_c, env) => openCase(env.now)),
      timeType: given(['trans'], always, true),
      gatewayNo: eq('g.gateway_no'),
      tradeNo: eq('t.trade_no'),
      caseNo: eq('x.case_no'),
      processingType: eq('x.processing_type'),
      kind: eq('x.kind'),
      appealStatus: eq('x.appeal_status'),
      deadlineWithinDays: given(
        [1, 3, 7, 14, 30, 60],
        (c, env) => sql`x.reply_deadline >= ${env.now} and x.reply_deadline <= ${env.now + Number(c.api) * DAY_MS}`,
      ),
      // The caller's today in Asia/Shanghai (UTC+08:00, no summer time), the timezone of a request without one.
      due: given(['today'], (_c, env) => {
        const start = Math.floor((env.now + 8 * 3_600_000) / DAY_MS) * DAY_MS - 8 * 3_600_000;
        return sql`x.reply_deadline >= ${start} and x.reply_deadline < ${start + DAY_MS}`;
      }),
    },
  },
  '/withdraw/list': owned('withdrawals w join gateways g on g.id = w.gateway_id', {
    key: ['w.withdrawal_no', 'withdrawalNo'],
    time: 'w.created_at',
    filters: { gatewayNo: eq('g.gateway_no'), status: eq('w.status'), withdrawalNo: eq('w.withdrawal_no') },
  }),
  '/funds/entries': {
    ...owned('ledger_entries e join gateways g on g.id = e.gateway_id', {
      time: 'e.occurred_at',
      filters: { gatewayNo: eq('g.gateway_no'), type: eq('e.txn_type'), account: eq('e.account_kind'), currency: eq('e.currency') },
    }),
    // The merchant's own accounts; the acquirer's side of each posting is not the merchant's to see.
    scope: (env) => sql`e.merchant_id = ${env.merchantId} and e.account_kind in ('unsettled', 'available', 'frozen', 'reserve', 'debt')`,
  },
  '/settle/batches': owned('settlement_batches b join gateways g on g.id = b.gateway_id', {
    key: ['b.batch_no', 'batchNo'],
    time: 'b.tabulated_at',
    filters: { gatewayNo: eq('g.gateway_no'), batchNo: eq('b.batch_no') },
  }),
  '/waybill/list': {
    // Successful formal payments need shipping proof, with or without a waybill yet.
    from: 'transactions t join gateways g on g.id = t.gateway_id left join waybills w on w.transaction_id = t.id',
    scope: (env) => sql`t.merchant_id = ${env.merchantId} and t.category = 1 and t.pay_status = 1`,
    key: { sql: 't.trade_no', api: 'tradeNo' },
    time: () => 't.created_at',
    order: newest('t.created_at', 't.id'),
    filters: {
      gatewayNo: eq('g.gateway_no'),
      tradeNo: eq('t.trade_no'),
      trackingNo: eq('w.tracking_no'),
      dueWithinDays: {
        ...given(
          [0, 1, 3, 7, 14, 30],
          () => sql`(w.id is null or w.status in (${sql.join([WaybillStatus.deliveryInfoUnconfirmed, WaybillStatus.wrongNumber])})
          or w.image_count = 0 or w.tracking_no = '')`,
        ),
        partial:
          'the last upload day comes from the settlement calendar (T+N business days, proof due days before settlement), a rule of its own with its tests in waybills.test.ts; here: only payments without accepted proof, some but not all',
      },
      status: given(Object.values(WaybillStatus), (c) =>
        Number(c.api) === WaybillStatus.notUploaded ? sql`w.id is null` : sql`w.status = ${Number(c.api)}`,
      ),
    },
  },
  '/productInfo/list': owned('order_products p join transactions t on t.id = p.transaction_id join gateways g on g.id = p.gateway_id', {
    time: 'p.created_at',
    filters: { gatewayNo: eq('g.gateway_no'), tradeNo: eq('t.trade_no'), goodsNo: eq('p.goods_no'), name: contains('p.name') },
  }),
  '/merwebsit/list': owned('websites w', { filters: { url: contains('w.url'), status: eq('w.status'), type: eq('w.site_type') } }),
  '/blacklist/list': owned('blacklist_entries b', { filters: { type: eq('b.entry_type'), value: contains('b.value') } }),
  '/complaint/list': owned('complaints c join transactions t on t.id = c.transaction_id join gateways g on g.id = c.gateway_id', {
    key: ['c.complaint_no', 'complaintNo'],
    time: 'c.created_at',
    filters: { gatewayNo: eq('g.gateway_no'), status: eq('c.status'), kind: eq('c.kind'), tradeNo: eq('t.trade_no') },
  }),
  '/replyEmail/sent': owned('cardholder_replies s left join complaints c on c.id = s.complaint_id', {
    filters: { complaintNo: eq('c.complaint_no'), email: eq('s.to_addr') },
  }),
  '/shortcutPayment/links': owned('payment_links l join gateways g on g.id = l.gateway_id', {
    key: ['l.link_key', 'linkKey'],
    filters: {
      gatewayNo: eq('g.gateway_no'),
      status: eq('l.status'),
      payStatus: eq('l.pay_status'),
      linkType: eq('l.link_type'),
      title: contains('l.title'),
    },
  }),
  '/admin/managers': owned('admins a', {
    filters: {
      keyword: contains('a.login_name', 'a.name', 'a.email'),
      roleId: eq('a.role_id'),
      // An invitation whose link ran out shows as expired before anyone opens it.
      status: given(Object.values(AdminStatus), (c, env) => {
        const s = Number(c.api);
        if (s === AdminStatus.invitationPending) return sql`(a.status = ${s} and ${liveInvitation(env.now)})`;
        if (s === AdminStatus.invitationExpired)
          return sql`(a.status = ${s} or (a.status = ${AdminStatus.invitationPending} and not ${liveInvitation(env.now)}))`;
        return sql`a.status = ${s}`;
      }),
    },
  }),
  '/role/list': { ...owned('roles r', { filters: { keyword: contains('r.name', 'r.name_cn', 'r.name_en') } }), order: () => 'r.id asc' },
  '/log/operateLogList': owned('operation_logs o', {
    time: 'o.created_at',
    filters: { operator: contains('o.operator'), type: eq('o.op_type'), module: eq('o.module') },
  }),
  '/log/loginLogList': owned('login_logs l', {
    filters: { success: given(['true', 'false'], (c) => sql`l.success = ${c.api === 'true' ? 1 : 0}`) },
  }),
  '/webhook/deliveries': owned(
    'webhook_deliveries d join webhook_events v on v.id = d.event_id join webhook_endpoints e on e.id = d.endpoint_id join gateways g on g.id = d.gateway_id',
    { time: 'd.created_at', filters: { kind: eq('d.kind'), status: eq('d.status'), endpointId: eq('d.endpoint_id') } },
  ),
  '/approval/list': owned('approval_requests r join gateways g on g.id = r.gateway_id', {
    filters: { status: eq('r.status'), kind: eq('r.kind') },
  }),
  '/tradeDailyReport/list': {
    // One row per business day and settlement currency of the day rollups (the report reads no raw transaction).
    from: 'trade_rollups_day d join gateways g on g.id = d.gateway_id',
    scope: merchant('d'),
    key: { sql: "d.day || '|' || d.currency", api: ['day', 'currency'] },
    time: () => 'd.day',
    days: true,
    groupBy: 'd.day, d.currency',
    order: () => 'd.day desc, d.currency asc',
    filters: { gatewayNo: eq('g.gateway_no'), currency: eq('d.currency') },
  },
  '/mernews/list': {
    // Announcements to every merchant and to the caller's, once published.
    from: 'announcements n',
    scope: (env) => sql`(n.merchant_id is null or n.merchant_id = ${env.merchantId}) and n.published_at <= ${env.now}`,
    key: { sql: 'n.id', api: 'id' },
    order: newest('n.published_at', 'n.id'),
    filters: {},
  },
};

/** Lists this test cannot compare row by row, with the reason. */
export const LIST_EXCEPTIONS: Record<string, string> = {};
