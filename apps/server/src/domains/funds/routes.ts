import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode } from '@mbo/shared/envelope';
import {
  FundsPath,
  ZBatchItems,
  ZBatchItemsQuery,
  ZBatchNoParams,
  ZFundsCard,
  ZFundsSummary,
  ZPending,
  ZPendingExportBody,
  ZPendingQuery,
  type TPendingRow,
  WITHDRAWALS,
  ENTRIES,
  BATCHES,
  BATCH_ITEM_FIELDS,
  ZWithdrawalNoParams,
  ZWithdrawApply,
  ZWithdrawOptions,
  ZWithdrawOutcome,
  ZWithdrawResult,
} from '@mbo/shared/funds';
import { ok, okResponse } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { sendExport } from '../../platform/export';
import { exportCells } from '../../platform/export-cells';
import { FILE_RESPONSE, defineExport, registerExport } from '../../platform/export-route';
import { type ExportColumn } from '../../platform/export-values';
import { idempotentRequestOf, withIdempotency, ZIdempotencyHeaders } from '../../platform/idempotency';
import { rowMapper } from '../../platform/list-fields';
import { byDay, registerList } from '../../platform/list-route';
import { requireFreshCheck } from '../../platform/fresh-check';
import { requireSession } from '../../platform/request-context';
import { narrowToGateway } from '../../platform/scope';
import type { SessionContext } from '../../platform/session';
import { businessDay } from '../../platform/rollups';
import { dayRangeInZone } from '../../platform/time';
import * as repo from './repository';
import { fundsCard, fundsSummary, pendingSettlement } from './summary';
import { registerApprovalExecutor, runOrHold } from '../approvals/public';
import { applyWithdrawal, cancelWithdrawal, withdrawalAction, withdrawOptions } from './withdrawals';

const toEntry = rowMapper(ENTRIES.fields);
/** The server catalog's labels of the entries' codes. */
const ENTRY_CODES = { account: 'ledgerAccount', type: 'ledgerType' };
const toBatch = rowMapper(BATCHES.fields);
const toBatchItem = rowMapper(BATCH_ITEM_FIELDS);

/** Declared with the module so an export worker finds it (defineExport). */
const entryExport = defineExport({
  path: FundsPath.entryExport,
  permission: 'RecordedWater:Downloads',
  list: ENTRIES,
  file: { name: 'entries', sheet: 'export.entries' },
  columns: { codes: ENTRY_CODES },
  batches: (b, { db, scope, timezone, reader }) => repo.iterateEntries(db, scope, b, dayRangeInZone(b.from, b.to, timezone), reader),
});

/** Declared with the module so an export worker finds it (defineExport). */
const batchExport = defineExport({
  path: FundsPath.batchExport,
  permission: 'DailySettleDetail:Downloads',
  list: BATCHES,
  file: { name: 'credits', sheet: 'export.batches' },
  columns: { special: { creditStatus: null } },
  batches: (b, { db, scope, timezone, reader }) => repo.iterateBatches(db, scope, b, dayRangeInZone(b.from, b.to, timezone), reader),
});

export const fundsRoutes: FastifyPluginAsyncZod = async (app) => {
  // An approved withdrawal runs as the application itself, with its checks, in the approval's transaction.
  registerApprovalExecutor('withdrawal', {
    run: (db, scope, payload, applicant, now, tx) => applyWithdrawal(db, scope, ZWithdrawApply.parse(payload), applicant, now, tx),
    resultNo: (r) => r.withdrawalNo,
  });
  const canView = (s: SessionContext) => repo.mayViewAccount(app.db, s.adminId, s.isOwner);

  app.get(
    FundsPath.summary,
    { config: { permission: '/fundsAccountSummary/initCheckFundsAccountSummaryPage' }, schema: { response: okResponse(ZFundsSummary) } },
    async (request) => {
      const session = requireSession(request);
      if (!(await canView(session))) return ok(request, { visible: false, rows: [], releases: [] });
      return ok(request, await fundsSummary(app.db, session.scope));
    },
  );

  app.get(FundsPath.card, { config: { signedIn: true }, schema: { response: okResponse(ZFundsCard) } }, async (request) => {
    const session = requireSession(request);
    if (!(await canView(session))) return ok(request, { visible: false, rows: [], nextSettlement: null });
    return ok(request, await fundsCard(app.db, session.scope, app.now()));
  });

  app.get(
    FundsPath.pending,
    { config: { permission: '/noSettAmount/querynosettamount' }, schema: { querystring: ZPendingQuery, response: okResponse(ZPending) } },
    async (request) => {
      const session = requireSession(request);
      if (!(await canView(session))) return ok(request, { visible: false, rows: [] });
      const scope = await narrowToGateway(app.db, session.scope, request.query.gatewayNo);
      return ok(request, { visible: true, rows: scope ? await pendingSettlement(app.db, scope, app.now()) : [] });
    },
  );

  app.post(
    FundsPath.pendingExport,
    { config: { permission: 'NoSettAmount:Downloads' }, schema: { body: ZPendingExportBody, response: FILE_RESPONSE } },
    async (request, reply) => {
      const session = requireSession(request);
      const visible = await canView(session);
      const scope = visible ? await narrowToGateway(app.db, session.scope, request.body.gatewayNo) : null;
      const rows = scope ? await pendingSettlement(app.db, scope, app.now()) : [];
      const c = exportCells(request.lang, request.timezone);
      const columns: ExportColumn<TPendingRow>[] = [
        { header: c.text('pendingCol.settleDate'), value: (r) => r.settleDate },
        { header: c.text('pendingCol.gatewayNo'), value: (r) => r.gatewayNo },
        { header: c.text('pendingCol.tradeDay'), value: (r) => r.tradeDay },
        { header: c.text('pendingCol.cycleDays'), value: (r) => r.cycleDays },
        { header: c.text('pendingCol.reserve'), value: (r) => `${r.reserveBp / 100}% / ${r.reserveDays}` },
        { header: c.text('pendingCol.txCount'), value: (r) => r.txCount },
        { header: c.text('pendingCol.currency'), value: (r) => r.currency },
        { header: c.text('pendingCol.amount'), value: (r) => c.money(r.amount, r.currency) },
        { header: c.text('pendingCol.held'), value: (r) => r.heldCount },
        { header: c.text('pendingCol.delivered'), value: (r) => (r.waybillDelivered ? 'Y' : 'N') },
        { header: c.text('pendingCol.uploaded'), value: (r) => (r.waybillUploaded ? 'Y' : 'N') },
      ];
      async function* batches() {
        yield rows;
      }
      return sendExport(reply, {
        format: request.body.format,
        filename: `settlement-cycle_${businessDay(app.now())}`,
        columns,
        batches: batches(),
        sheetName: c.text('export.pending'),
      });
    },
  );

  app.get(
    FundsPath.withdrawOptions,
    { config: { permission: '/withdraw/forwardWithdrawList' }, schema: { response: okResponse(ZWithdrawOptions) } },
    async (request) => {
      const session = requireSession(request);
      const options = await withdrawOptions(app.db, session.scope);
      if (await canView(session)) return ok(request, options);
      // Without "may view account dynamics" the form still works, but no balance is shown.
      return ok(request, {
        ...options,
        balancesVisible: false,
        gateways: options.gateways.map((g) => ({ ...g, available: 0, frozen: 0 })),
      });
    },
  );

  app.post(
    FundsPath.withdrawApply,
    {
      config: { permission: 'Withdraw:Apply' },
      preHandler: requireFreshCheck,
      schema: { headers: ZIdempotencyHeaders, body: ZWithdrawApply, response: okResponse(ZWithdrawOutcome) },
    },
    async (request) => {
      const session = requireSession(request);
      const now = app.now();
      const applicant = { name: session.loginName, adminId: session.adminId };
      // The owner's approval policy may hold it for another administrator (domains/approvals/README.md).
      const result = await withIdempotency(app.db, idempotentRequestOf(request, session.merchantId, request.body), now, async (tx) =>
        runOrHold(app, session, await withdrawalAction(app.db, session.scope, request.body), now, tx, (run) =>
          applyWithdrawal(app.db, session.scope, request.body, applicant, now, run),
        ),
      );
      return ok(request, result);
    },
  );

  app.post(
    FundsPath.withdrawCancel,
    { config: { permission: 'Withdraw:Cancel' }, schema: { params: ZWithdrawalNoParams, response: okResponse(ZWithdrawResult) } },
    async (request) => {
      const session = requireSession(request);
      return ok(request, await cancelWithdrawal(app.db, session.scope, request.params.withdrawalNo, app.now()));
    },
  );

  registerList(app, {
    path: FundsPath.withdrawList,
    permission: '/withdraw/forwardWithdrawList',
    of: WITHDRAWALS,
    list: byDay(repo.listWithdrawals, rowMapper(WITHDRAWALS.fields)),
  });

  registerList(app, {
    path: FundsPath.entryList,
    permission: '/fundsAccountSummary/initCapitalAccountRecordedWaterPage',
    of: ENTRIES,
    list: byDay(repo.listEntries, toEntry),
  });

  registerExport(app, entryExport);

  registerList(app, {
    path: FundsPath.batchList,
    permission: '/merDailySettleDetail/initShowListPage',
    of: BATCHES,
    list: byDay(repo.listBatches, toBatch),
  });

  registerExport(app, batchExport);

  app.get(
    FundsPath.batchItems,
    {
      config: { permission: '/merDailySettleDetail/initShowListPage' },
      schema: { params: ZBatchNoParams, querystring: ZBatchItemsQuery, response: okResponse(ZBatchItems) },
    },
    async (request) => {
      const { scope } = requireSession(request);
      const b = await repo.findBatch(app.db, scope, request.params.batchNo);
      if (!b) throw new AppError('settle.batchNotFound', ErrorCode.notFound);
      const { page, limit, tradeNo } = request.query;
      const rows = await repo.batchItems(app.db, b.id, { limit, offset: (page - 1) * limit, tradeNo });
      return ok(request, {
        batch: toBatch(b),
        list: rows.map(toBatchItem),
        total: tradeNo === undefined ? Number(b.txCount) : rows.length,
        page,
        limit,
      });
    },
  );
};
