import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DisputePath, ZDisputeExportBody } from '@mbo/shared/disputes';
import { toMajorString } from '@mbo/shared/money';
import { EXPORT_BATCH_ROWS } from '@mbo/shared/transactions';
import { sendExport, type ExportColumn } from '../../platform/export';
import { translate } from '../../platform/i18n';
import type { MessageKey } from '../../platform/messages';
import { requireSession } from '../../platform/request-context';
import { dayRangeInZone } from '../../platform/time';
import { localTime } from '../refunds/export';
import * as repo from './repository';

/** POST DisputePath.export: the retrieval and chargeback list as CSV or XLSX (ProConTrade:Downloads). */
export function registerDisputeExport(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  app.post(
    DisputePath.export,
    { config: { permission: 'ProConTrade:Downloads' }, schema: { body: ZDisputeExportBody, response: { 200: z.unknown() } } },
    async (request, reply) => {
      const { scope } = requireSession(request);
      const b = request.body;
      const tz = request.timezone;
      const now = app.now();
      const range = dayRangeInZone(b.from, b.to, tz);
      const t = (key: string) => translate(request.lang, key as MessageKey);
      const money = (v: number, c: string) => toMajorString(v, c);
      const columns: ExportColumn<repo.DisputeRow>[] = [
        { header: t('disputeCol.caseNo'), value: (r) => r.case_no },
        { header: t('disputeCol.tradeNo'), value: (r) => r.trade_no },
        { header: t('disputeCol.gatewayNo'), value: (r) => r.gateway_no },
        { header: t('disputeCol.kind'), value: (r) => t(`disputeKind.${r.kind}`) },
        { header: t('disputeCol.processingType'), value: (r) => t(`processingType.${r.processing_type}`) },
        { header: t('disputeCol.currency'), value: (r) => r.currency },
        { header: t('disputeCol.amount'), value: (r) => money(r.amount, r.currency) },
        { header: t('disputeCol.chargebackAmount'), value: (r) => money(r.chargeback_amount, r.currency) },
        { header: t('disputeCol.appealAmount'), value: (r) => money(r.appeal_amount, r.currency) },
        { header: t('disputeCol.alertAmount'), value: (r) => money(r.alert_amount, r.currency) },
        { header: t('disputeCol.settleBatch'), value: (r) => r.settle_batch },
        { header: t('disputeCol.reasonCode'), value: (r) => r.reason_code },
        { header: t('disputeCol.reason'), value: (r) => r.reason },
        { header: t('disputeCol.replyDeadline'), value: (r) => localTime(r.reply_deadline, tz) },
        { header: t('disputeCol.appealStatus'), value: (r) => t(`appealStatus.${r.appeal_status}`) },
        { header: t('disputeCol.createdAt'), value: (r) => localTime(r.created_at, tz) },
        { header: t('disputeCol.tradeAt'), value: (r) => localTime(r.trade_at, tz) },
      ];
      return sendExport(reply, {
        format: b.format,
        filename: `disputes_${b.from}_${b.to}`,
        columns,
        batches: repo.iterateDisputes(app.db, scope, b, range, now, EXPORT_BATCH_ROWS),
        sheetName: t('export.disputes'),
      });
    },
  );
}
