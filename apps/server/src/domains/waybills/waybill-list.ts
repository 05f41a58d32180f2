/**
 * The waybill list's rows and export columns beyond what its declaration gives (WAYBILLS in
 * packages/shared/src/waybills.ts): each row's proof deadline, files and state, worked out from the row.
 */
import { isUploaded, WAYBILLS, type TDeliveryProofType, type TWaybill } from '@mbo/shared/waybills';
import type { ExportCells } from '../../platform/export-cells';
import type { ExportCell, ExportColumn } from '../../platform/export-values';
import { exportColumns, rowMapper } from '../../platform/list-fields';
import { toIso } from '../../platform/time';
import type { WaybillRow } from './repository';
import { daysLeft, proofDeadline } from './settlement';

export type ListContext = { type: TDeliveryProofType; settlementDays: number };

const plainWaybill = rowMapper(WAYBILLS.fields);

/** A waybill row with what is worked out from the row: its proof deadline, its files, whether its proof is in. */
export function toWaybill(r: WaybillRow, ctx: ListContext, images: Map<number, TWaybill['images']>, now: number): TWaybill {
  const d = proofDeadline(Number(r.tradeAt), ctx.settlementDays);
  const waybillId = r.waybillId === null ? null : Number(r.waybillId);
  const w = { tracking_no: r.trackingNo as string | null, image_count: Number(r.imageCount ?? 0), status: Number(r.status) };
  return {
    ...plainWaybill(r),
    settlementDate: d.settlementDate,
    lastUploadDate: d.lastUploadDate,
    daysLeft: daysLeft(d.lastUploadDate, now),
    carrierSites: String(r.carrierSites ?? '')
      .split(',')
      .filter(Boolean),
    uploadedAt: waybillId !== null && r.uploadedAt !== null ? toIso(Number(r.uploadedAt)) : null,
    images: waybillId === null ? [] : (images.get(waybillId) ?? []),
    uploaded: isUploaded(ctx.type, waybillId !== null ? w : null),
    reusedTracking: Number(r.reusedTracking) === 1,
  };
}

export type ExportRow = WaybillRow & { settlementDate: string; lastUploadDate: string };

export function waybillColumns(c: ExportCells): ExportColumn<ExportRow>[] {
  const own = (value: (r: ExportRow) => ExportCell) => ({ value: value as ExportColumn<WaybillRow>['value'] });
  return exportColumns(WAYBILLS.fields, c, {
    codes: { status: 'waybillStatus' },
    special: {
      // Columns of the file only (the screen has no title for them), and the images, which the file
      // counts where the screen shows them: their headers are the server's.
      merchantOrderNo: { header: c.text('waybillCol.merchantOrderNo') },
      currency: { header: c.text('waybillCol.currency') },
      settlementDate: { header: c.text('waybillCol.settlementDate'), ...own((r) => r.settlementDate) },
      lastUploadDate: own((r) => r.lastUploadDate),
      carrierSites: own((r) => String(r.carrierSites ?? '')),
      images: { header: c.text('waybillCol.images'), ...own((r) => Number(r.imageCount ?? 0)) },
      reusedTracking: own((r) => (Number(r.reusedTracking) === 1 ? c.text('waybillCol.yes') : '')),
    },
    fromRows: true,
  }) as ExportColumn<ExportRow>[];
}
