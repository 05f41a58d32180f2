import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toMajorString } from '@mbo/shared/money';
import { RefundPath, ZRefundExportBody } from '@mbo/shared/refunds';
import { EXPORT_BATCH_ROWS } from '@mbo/shared/transactions';
import { sendExport, type ExportColumn } from '../../platform/export';
import { translate } from '../../platform/i18n';
import type { MessageKey } from '../../platform/messages';
import { requireSession } from '../../platform/request-context';
import { dayRangeInZone } from '../../platform/time';
import * as repo from './repository';

type Row = repo.RefundListRow;

/** "YYYY-MM-DD HH:mm:ss" in the caller's timezone (the Swedish locale writes exactly that shape). */
export function localTime(ms: number | null, tz: string): string | null {
  if (ms === null) return null;
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(ms));
}

/** POST RefundPath.export: the refund query as CSV or XLSX, same filters as the list (Refundment:Downloads). */
export function registerRefundExport(app: Parameters<FastifyPluginAsyncZod>[0]): void {
  app.post(
    RefundPath.export,
    { config: { permission: 'Refundment:Downloads' }, schema: { body: ZRefundExportBody, response: { 200: z.unknown() } } },
    async (request, reply) => {
      const { scope } = requireSession(request);
      const b = request.body;
      const range = dayRangeInZone(b.from, b.to, request.timezone);
      const tz = request.timezone;
      const t = (key: string) => translate(request.lang, key as MessageKey);
      const label = (prefix: string, code: number) => t(`${prefix}.${code}`);
      const columns: ExportColumn<Row>[] = [
        { header: t('refundCol.refundNo'), value: (r) => r.refund_no },
        { header: t('refundCol.tradeNo'), value: (r) => r.trade_no },
        { header: t('refundCol.gatewayNo'), value: (r) => r.gateway_no },
        { header: t('refundCol.type'), value: (r) => label('refundType', r.refund_type) },
        { header: t('refundCol.method'), value: (r) => label('refundMethod', r.method) },
        { header: t('refundCol.source'), value: (r) => label('refundSource', r.source) },
        { header: t('refundCol.currency'), value: (r) => r.currency },
        { header: t('refundCol.availableAmount'), value: (r) => toMajorString(r.available_amount, r.currency) },
        { header: t('refundCol.amount'), value: (r) => toMajorString(r.amount, r.currency) },
        { header: t('refundCol.reason'), value: (r) => r.reason },
        { header: t('refundCol.applicant'), value: (r) => r.applicant },
        { header: t('refundCol.appliedAt'), value: (r) => localTime(r.applied_at, tz) },
        { header: t('refundCol.status'), value: (r) => label('refundStatus', r.status) },
        { header: t('refundCol.processedAt'), value: (r) => localTime(r.processed_at, tz) },
        { header: t('refundCol.failReason'), value: (r) => r.fail_reason },
      ];
      return sendExport(reply, {
        format: b.format,
        filename: `refunds_${b.from}_${b.to}`,
        columns,
        batches: repo.iterateRefunds(app.db, scope, b, range, EXPORT_BATCH_ROWS),
        sheetName: t('export.refunds'),
      });
    },
  );
}
