import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PayStatus, TradeCategory } from '@mbo/shared/trade-enums';
import { gatewayTextOf, splitRiskRules } from '@mbo/shared/gateway-texts';
import {
  TRANSACTION_VIEWS,
  TRANSACTION_VIEW_DEFS,
  ZTradeNoParams,
  ZTransactionDetail,
  TRANSACTIONS,
  maskCard,
  type TTimelineEntry,
  type TTransactionDetail,
  type TTransactionView,
} from '@mbo/shared/transactions';
import { ok, okResponse } from '../../platform/envelope';
import { notFoundError } from '../../platform/errors';
import { type ExportCells } from '../../platform/export-cells';
import { defineExport, registerExport } from '../../platform/export-route';
import { mapPage } from '../../platform/list';
import { type ExportOptions, rowMapper } from '../../platform/list-fields';
import { registerList } from '../../platform/list-route';
import { requireSession } from '../../platform/request-context';
import type { Scope } from '../../platform/scope';
import { toIso } from '../../platform/time';
import type { Db } from '../../db/database';
import { iterateTransactions, listTransactions, type TransactionListRow } from './list-repository';
import * as repo from './repository';

const splitRules = splitRiskRules;

/** A gateway response in the export's language ("51 余额不足"); a text the catalog does not know stays as the gateway sent it. */
function gatewayCell(c: ExportCells, raw: string): string {
  const g = gatewayTextOf(raw);
  if (!g.key) return raw;
  const text = c.label('gatewayText', g.key);
  return g.code ? `${g.code} ${text}` : text;
}

/**
 * `cell(c, raw)` made once per distinct stored text of an export: gateway responses and rule lists
 * repeat a few dozen texts over a million rows, and parsing each again was about 2% of an export's CPU.
 */
function oncePerText(c: ExportCells, cell: (c: ExportCells, raw: string) => string): (raw: string) => string {
  const made = new Map<string, string>();
  return (raw) => {
    let text = made.get(raw);
    if (text === undefined) {
      text = cell(c, raw);
      if (made.size >= 10_000) made.clear();
      made.set(raw, text);
    }
    return text;
  };
}

/** The failed risk rules with their names ("R001 高风险国家, R003 邮箱在黑名单中"). */
function riskRulesCell(c: ExportCells, stored: string): string {
  return splitRiskRules(stored)
    .map((code) => {
      const name = c.label('riskRule', code);
      return name === code ? code : `${code} ${name}`;
    })
    .join(', ');
}

const toRow = rowMapper<typeof TRANSACTIONS.fields, TransactionListRow>(TRANSACTIONS.fields, {
  riskRules: (r) => splitRules(String(r.riskRules ?? '')),
});

/** The server catalog's labels of the codes in the file. */
const TRANSACTION_CODES = {
  tradeType: 'trade.tradeType',
  payStatus: 'trade.payStatus',
  cardScheme: 'cardScheme',
  refundStatus: 'trade.refundStatus',
  chargebackStatus: 'trade.chargebackFlag',
  retrievalStatus: 'trade.retrievalFlag',
  rdrStatus: 'trade.alertFlag',
  ethocaStatus: 'trade.alertFlag',
  appealStatus: 'trade.appealStatus',
};

/** The file's columns: every field in the declared order, the failed risk rules last and on the risk-declined view only. */
const FILE_COLUMNS = Object.keys(TRANSACTIONS.fields).filter((k) => k !== 'riskRules') as (keyof typeof TRANSACTIONS.fields)[];

/**
 * Export columns: headers and status texts in the caller's language, times in the caller's timezone
 * (the product's most used export). The gateway response is a known text in the caller's language
 * (the rest as sent), the risk rules each named.
 */
function fileColumns(c: ExportCells, view: TTransactionView): ExportOptions<typeof TRANSACTIONS.fields> {
  const gatewayText = oncePerText(c, gatewayCell);
  const rules = oncePerText(c, riskRulesCell);
  return {
    codes: TRANSACTION_CODES,
    columns: view === 'riskDeclined' ? [...FILE_COLUMNS, 'riskRules'] : FILE_COLUMNS,
    special: {
      // The file has both currencies side by side: each says which it is (the screen shows neither).
      currency: { header: c.text('trade.col.currency') },
      settleCurrency: { header: c.text('trade.col.settleCurrency') },
      returnMessage: {
        header: c.text('trade.col.returnMessage'),
        value: (r) => gatewayText(String(r.returnMessage)),
        // A response may be empty.
        optional: true,
      },
      // The stored text is a list of rule codes, each named (splitRiskRules).
      riskRules: { value: (r) => rules(String(r.riskRules ?? '')) },
    },
  };
}

async function buildDetail(db: Db, scope: Scope, view: TTransactionView, tradeNo: string): Promise<TTransactionDetail | null> {
  const t = await repo.findTransaction(db, scope, view, tradeNo);
  if (!t) return null;
  const history = await repo.findTransactionHistory(db, scope, t.id);
  const timeline: TTimelineEntry[] = [];
  const entry = (e: Omit<TTimelineEntry, 'at'> & { at: number }) => timeline.push({ ...e, at: toIso(Number(e.at)) });
  const none = { ref: null, disputeKind: null, status: null, currency: null, amount: null };
  entry({ ...none, event: 'entered', at: t.created_at });
  if (t.submitted_at !== null) entry({ ...none, event: 'submitted', at: t.submitted_at });
  if (t.returned_at !== null) entry({ ...none, event: 'returned', at: t.returned_at, status: t.pay_status });
  for (const r of history.refunds) {
    const money = { ref: r.refund_no, disputeKind: null, currency: r.currency, amount: Number(r.amount) };
    entry({ ...money, event: 'refundApplied', at: r.applied_at, status: r.status });
    if (r.processed_at !== null) entry({ ...money, event: 'refundProcessed', at: r.processed_at, status: r.status });
  }
  for (const d of history.disputes) {
    const base = { ref: d.case_no, disputeKind: d.kind, currency: d.currency, amount: Number(d.amount) };
    entry({ ...base, event: 'disputeArrived', at: d.created_at, status: d.processing_type });
    if (d.reply_deadline !== null) entry({ ...base, event: 'disputeDeadline', at: d.reply_deadline, status: d.processing_type });
    if (d.appealed_at !== null) entry({ ...base, event: 'appealed', at: d.appealed_at, status: d.appeal_status });
    if (d.decided_at !== null) entry({ ...base, event: 'appealDecided', at: d.decided_at, status: d.appeal_status });
  }
  // Stable sort: events at the same instant keep their natural order (applied before processed).
  timeline.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));

  const amount = Number(t.amount);
  const refundable =
    t.category === TradeCategory.formal && t.pay_status === PayStatus.success
      ? Math.max(0, amount - Number(t.refunded_amount) - Number(t.refund_pending_amount))
      : null;
  return {
    view,
    order: {
      gatewayNo: t.gateway_no,
      tradeNo: t.trade_no,
      merchantOrderNo: t.merchant_order_no,
      tradeType: t.trade_type,
      tradeUrl: t.trade_url,
    },
    payment: {
      payStatus: t.pay_status,
      returnMessage: t.return_message,
      cardScheme: t.card_scheme,
      cardMasked: maskCard(t.card_first6, t.card_last4),
      currency: t.currency,
      amount,
      settleCurrency: t.settle_currency,
      settleAmount: Number(t.settle_amount),
      settleStatus: t.settle_status,
      reserveStatus: t.reserve_status,
      reserveAmount: Number(t.reserve_amount),
      abnormalStatus: t.abnormal_status,
      refundStatus: t.refund_status,
      refundedAmount: Number(t.refunded_amount),
      refundPendingAmount: Number(t.refund_pending_amount),
      chargebackStatus: t.chargeback_status,
      retrievalStatus: t.retrieval_status,
      rdrStatus: t.rdr_status,
      ethocaStatus: t.ethoca_status,
      appealStatus: t.appeal_status,
    },
    cardholder: {
      email: t.email,
      ip: t.ip,
      name: t.customer_name,
      customerEmail: t.customer_email,
      phone: t.customer_phone,
      address: t.customer_address,
      city: t.customer_city,
      state: t.customer_state,
      zip: t.customer_zip,
    },
    shipping: {
      name: t.shipping_name,
      email: t.shipping_email,
      phone: t.shipping_phone,
      address: t.shipping_address,
      city: t.shipping_city,
      state: t.shipping_state,
      zip: t.shipping_zip,
      country: t.shipping_country,
    },
    risk: {
      highRiskCountry: t.high_risk_country === 1,
      billCountry: t.bill_country,
      paymentCountry: t.payment_country,
      international: t.international,
      issuerRealCountry: t.issuer_real_country,
      ipBillCountry: t.ip_bill_country,
      issuerName: t.issuer_name,
      issuerCountry: t.issuer_country,
      riskRules: splitRules(t.risk_rules),
    },
    timestamps: {
      createdAt: toIso(Number(t.created_at)),
      submittedAt: t.submitted_at === null ? null : toIso(Number(t.submitted_at)),
      returnedAt: t.returned_at === null ? null : toIso(Number(t.returned_at)),
    },
    refundable,
    timeline,
  };
}

function transactionExport(view: TTransactionView) {
  const def = TRANSACTION_VIEW_DEFS[view];
  return defineExport({
    path: def.export,
    permission: def.download,
    list: TRANSACTIONS,
    // The sheet is named as the file (the view's prefix), in every language.
    file: { name: def.filePrefix },
    columns: (cells) => fileColumns(cells, view),
    batches: ({ format: _format, ...filter }, { db, scope, timezone, reader }) =>
      iterateTransactions(db, { scope, view, filter, timezone }, { reader }),
  });
}

/** The export of each view, declared with the module so an export worker finds it (defineExport). */
const TRANSACTION_EXPORTS = Object.fromEntries(TRANSACTION_VIEWS.map((view) => [view, transactionExport(view)])) as Record<
  TTransactionView,
  ReturnType<typeof transactionExport>
>;

/**
 * Six views of the transactions table, each with its own list, detail and export paths so each
 * route declares its own read (menu url) and download permission.
 */
export const transactionRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const view of TRANSACTION_VIEWS) {
    const def = TRANSACTION_VIEW_DEFS[view];

    registerList(app, {
      path: def.list,
      permission: def.menu,
      of: TRANSACTIONS,
      list: async ({ page, limit, after, ...filter }, { db, scope, timezone }) =>
        mapPage(await listTransactions(db, { scope, view, filter, timezone }, { page, limit, after }), toRow),
    });

    app.get(
      def.detail,
      { config: { permission: def.menu }, schema: { params: ZTradeNoParams, response: okResponse(ZTransactionDetail) } },
      async (request) => {
        const { scope } = requireSession(request);
        const detail = await buildDetail(app.db, scope, view, request.params.tradeNo);
        if (!detail) throw notFoundError();
        return ok(request, detail);
      },
    );

    registerExport(app, TRANSACTION_EXPORTS[view]);
  }
};
