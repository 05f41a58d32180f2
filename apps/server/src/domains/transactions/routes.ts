import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PayStatus, TradeCategory } from '@mbo/shared/trade-enums';
import { gatewayTextOf, knownGatewayTexts, splitRiskRules } from '@mbo/shared/gateway-texts';
import {
  TRANSACTION_VIEWS,
  TRANSACTION_VIEW_DEFS,
  ZTradeNoParams,
  ZTransactionDetail,
  ZTransactionExportRequest,
  ZTransactionListQuery,
  ZTransactionPage,
  TRANSACTIONS,
  maskCard,
  type TTimelineEntry,
  type TTransactionDetail,
  type TTransactionTimeType,
  type TTransactionView,
} from '@mbo/shared/transactions';
import { ok, okResponse } from '../../platform/envelope';
import { notFoundError } from '../../platform/errors';
import { type ExportCells } from '../../platform/export-cells';
import { defineExport, registerExport } from '../../platform/export-route';
import { sqlLiteral, xlsxMadeText } from '../../platform/export-sql';
import { type ExportColumn, type XlsxCellSql } from '../../platform/export-values';
import { xmlSafeText } from '../../platform/xlsx-rows';
import { mapPage } from '../../platform/list';
import { exportColumns as fieldColumns, rowMapper } from '../../platform/list-fields';
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
 * gatewayCell as a `sql` cell (ExportColumn.sql) for the texts it knows as the gateways send them: a
 * known text in any ASCII letter case, alone or after a two-digit code and one space ("51 Insufficient
 * funds"), gives gatewayCell's text, and no text gives none; any other text gives NULL and its row is
 * written by gatewayCell.
 * In the dialect of `c` (exportCells). Exact: SQLite's lower() folds ASCII letters only (as
 * PostgreSQL's does under the ucs_basic collation), so a text equal to a known one once lowered is
 * ASCII, has no space at either end, and gatewayTextOf reads it the same way (no known text starts
 * with two digits and a space, which the builder checks).
 */
function gatewayCellSql(c: ExportCells, column: string, dialect = c.dialect): string {
  const col = `"${column}"`;
  const known = knownGatewayTexts();
  if (known.some(([text]) => !/^[a-z0-9][ -~]*[a-z0-9]$/.test(text) || /^\d\d /.test(text))) return 'NULL';
  const texts = known.map(([text, key]) => `when ${sqlLiteral(text)} then ${sqlLiteral(c.label('gatewayText', key))}`).join(' ');
  // PostgreSQL: lower() under the ucs_basic collation (C) folds ASCII letters only, as SQLite's does.
  // Two digits, a space and more: the digits made zeros by translate() rather than a regular expression
  // (which reads the whole text into wide characters first): 0.17 ms less of a batch of 1,000 lines' 4.4.
  if (dialect === 'postgres')
    return `case when ${col} = '' then '' when translate(left(${col}, 3), '0123456789', '0000000000') = '00 ' and length(${col}) > 3 then substr(${col}, 1, 3) || case lower(substr(${col}, 4) collate ucs_basic) ${texts} end else case lower(${col} collate ucs_basic) ${texts} end end`;
  return `case when ${col} = '' then '' when ${col} glob '[0-9][0-9] ?*' then substr(${col}, 1, 3) || case lower(substr(${col}, 4)) ${texts} end else case lower(${col}) ${texts} end end`;
}

/**
 * gatewayCellSql as XLSX SQL (ExportColumn.xlsx): its texts are the catalog's, a two-digit code and a
 * space before them, so they need no check when each passes xmlSafeText (else NULL: every batch is
 * written by the column's value). No text is an empty cell.
 */
function gatewayCellXlsx(c: ExportCells, column: string): XlsxCellSql {
  const safe = knownGatewayTexts().every(([, key]) => xmlSafeText(c.label('gatewayText', key)));
  return xlsxMadeText(safe ? gatewayCellSql(c, column, 'sqlite') : 'NULL', `"${column}" = ''`);
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
 * Export columns: headers and status texts in the caller's language, times in the caller's timezone,
 * each cell made by the database where its kind allows (the product's most used export). The gateway
 * response keeps its own SQL cell (gatewayCellSql: a known text in the caller's language, the rest
 * as sent), the risk rules their names worked out in JavaScript.
 */
export function exportColumns(
  c: ExportCells,
  view: TTransactionView,
  timeType: TTransactionTimeType = 'trade',
): ExportColumn<TransactionListRow>[] {
  const gatewayText = oncePerText(c, gatewayCell);
  const rules = oncePerText(c, riskRulesCell);
  return fieldColumns(TRANSACTIONS.fields, c, {
    codes: TRANSACTION_CODES,
    columns: view === 'riskDeclined' ? [...FILE_COLUMNS, 'riskRules'] : FILE_COLUMNS,
    special: {
      // The file has both currencies side by side: each says which it is (the screen shows neither).
      currency: { header: c.text('trade.col.currency') },
      settleCurrency: { header: c.text('trade.col.settleCurrency') },
      returnMessage: {
        header: c.text('trade.col.returnMessage'),
        value: (r) => gatewayText(String(r.returnMessage)),
        sql: gatewayCellSql(c, 'returnMessage'),
        xlsx: gatewayCellXlsx(c, 'returnMessage'),
      },
      // No SQL: the stored text is a list of rule codes to split and name one by one (splitRiskRules),
      // which SQLite cannot split in an expression; the risk-declined file is written from its rows.
      riskRules: { value: (r) => rules(String(r.riskRules ?? '')) },
    },
    sortField: timeType === 'process' ? 'returnedAt' : 'createdAt',
  });
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
    body: ZTransactionExportRequest,
    filePrefix: def.filePrefix,
    sheetName: () => def.filePrefix,
    columns: (cells, b) => exportColumns(cells, view, b.timeType),
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
      query: ZTransactionListQuery,
      page: ZTransactionPage,
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
