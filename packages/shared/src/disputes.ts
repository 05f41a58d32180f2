import { z } from 'zod';
import { dateRangeFilters } from './date-range';
import { FILE_MAX_BYTES, FILE_MAX_COUNT } from './limits';
import { opt, optText, zGatewayNoFilter } from './list';
import { defineList, field } from './list-fields';
import { AppealStatus, ProcessingType, zCode } from './trade-enums';

export const DisputePath = {
  /** GET: chargebacks, retrievals and alerts (fraud reports are not cases and never listed). */
  list: '/merTradeMgr/proConTrade/list',
  detail: '/merTradeMgr/proConTrade/detail/:caseNo',
  /** POST: the list as CSV or XLSX (ProConTrade:Downloads). */
  export: '/merTradeMgr/proConTrade/export',
  /** POST multipart: caseNo, note, evidence files (ProConTrade:Appeal). */
  appeal: '/merTradeMgr/proConTrade/appeal',
  /** GET: one evidence file of a case. */
  file: '/merTradeMgr/proConTrade/file/:fileId',
  /** POST: refund an Ethoca alert's amount (ProConTrade:AlertRefund). */
  alertRefund: '/merTradeMgr/proConTrade/alertRefund',
} as const;

export const disputeDetailPath = (caseNo: string) => DisputePath.detail.replace(':caseNo', encodeURIComponent(caseNo));
export const disputeFilePath = (fileId: number) => DisputePath.file.replace(':fileId', String(fileId));

/** Spec §5/§9: evidence files are PDF, Word, Excel, JPG, JPEG, PNG or BMP, at most 10 MB each and 10 files. */
export const EVIDENCE_MAX_BYTES = FILE_MAX_BYTES;
export const EVIDENCE_MAX_COUNT = FILE_MAX_COUNT;
export const EVIDENCE_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'jpg', 'jpeg', 'png', 'bmp'] as const;
export const APPEAL_NOTE_MAX = 500;

/** Kinds the screen lists (fraud reports excluded). */
export const LISTED_DISPUTE_KINDS = { chargeback: 1, retrieval: 2, rdrAlert: 3, ethocaAlert: 4 } as const;

export const DISPUTE_TIME_TYPES = ['dispute', 'trans'] as const;

/**
 * What the list shows: `open` the cases that still need the merchant's answer (a reply deadline still
 * ahead and nothing answered yet: the rows where `canAppeal` or `canAlertRefund` is true), nearest
 * deadline first; `all` every case in the range, newest first. The screen opens on `open`.
 */
export const DISPUTE_LIST_VIEWS = ['open', 'all'] as const;
export type TDisputeListView = (typeof DISPUTE_LIST_VIEWS)[number];
export type TDisputeTimeType = (typeof DISPUTE_TIME_TYPES)[number];

/** "Deadline within N days": 1 to 60. */
export const DEADLINE_WITHIN_MAX_DAYS = 60;
/** Days a list can keep the cases due on (the `due` filter). */
export const DISPUTE_DUE_DAYS = ['today'] as const;

/**
 * The case list, declared once (list-fields.ts). The screen opens on the open view of the last 6
 * months (the web's defaults); the fields without a title are the detail's and the actions'.
 */
export const DISPUTES = defineList({
  fields: {
    caseNo: field.link('dispute.caseNo'),
    tradeNo: field.text('dispute.tradeNo'),
    gatewayNo: field.text('dispute.gatewayNo'),
    kind: field.code('dispute.kind', 'tradeEnum.disputeKind'),
    processingType: field.code('dispute.processingType', 'tradeEnum.processingType'),
    currency: field.text('dispute.currency'),
    /** Minor units of `currency`. */
    amount: field.money('dispute.amount'),
    chargebackAmount: field.money('dispute.chargebackAmount'),
    appealAmount: field.money('dispute.appealAmount'),
    alertAmount: field.money('dispute.alertAmount'),
    settleBatch: field.text('dispute.settleBatch'),
    reasonCode: field.text('dispute.reasonCode'),
    reason: field.text('dispute.reason'),
    replyDeadline: field.timeOrNull('dispute.replyDeadline'),
    appealStatus: field.code('dispute.appealStatus', 'tradeEnum.appealStatus'),
    appealNote: field.text(),
    appealedAt: field.timeOrNull(),
    decidedAt: field.timeOrNull(),
    refundNo: field.data(z.string().nullable()),
    createdAt: field.time('dispute.createdAt'),
    tradeAt: field.time('dispute.tradeAt'),
    /** The case may be appealed now (a chargeback without an appeal, before its deadline). */
    canAppeal: field.data(z.boolean()),
    /** An Ethoca alert not yet refunded, before its deadline. */
    canAlertRefund: field.data(z.boolean()),
  },
  // In the order the screen offers them.
  ...dateRangeFilters({
    view: z.enum(DISPUTE_LIST_VIEWS).default('all'),
    tradeNo: optText(64),
    kind: opt(zCode(LISTED_DISPUTE_KINDS)),
    timeType: z.enum(DISPUTE_TIME_TYPES).default('dispute'),
    caseNo: optText(64),
    gatewayNo: zGatewayNoFilter,
    processingType: opt(zCode(ProcessingType)),
    appealStatus: opt(zCode(AppealStatus)),
    deadlineWithinDays: opt(z.coerce.number().int().min(1).max(DEADLINE_WITHIN_MAX_DAYS)),
    /** `today`: the reply deadline falls on the caller's today, in the caller's timezone (the dashboard's due-today count). */
    due: opt(z.enum(DISPUTE_DUE_DAYS)),
  }),
  days: null,
});
export const { query: ZDisputeListQuery, exportBody: ZDisputeExportBody, row: ZDispute, page: ZDisputePage } = DISPUTES;
export type TDisputeListQuery = z.infer<typeof ZDisputeListQuery>;
export type TDisputeExportBody = z.infer<typeof ZDisputeExportBody>;
export type TDispute = z.infer<typeof ZDispute>;

export const ZDisputeFile = z.object({
  id: z.number().int(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type TDisputeFile = z.infer<typeof ZDisputeFile>;

export const ZDisputeDetail = ZDispute.extend({ files: z.array(ZDisputeFile) });
export type TDisputeDetail = z.infer<typeof ZDisputeDetail>;

export const ZCaseNoParams = z.object({ caseNo: z.string().trim().min(1).max(64) });
export const ZDisputeFileParams = z.object({ fileId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

export const ZAppealFields = z.object({
  caseNo: z.string().trim().min(1).max(64),
  note: z.string().trim().max(APPEAL_NOTE_MAX).default(''),
});
export type TAppealFields = z.infer<typeof ZAppealFields>;

export const ZAlertRefundBody = z.object({ caseNo: z.string().trim().min(1).max(64) });

/** Extension of a file name, lower case ("" when none): the client's first check; the server reads the content. */
export function fileExtension(name: string): string {
  const i = name.lastIndexOf('.');
  return i < 0 ? '' : name.slice(i + 1).toLowerCase();
}

export type TEvidenceProblem = 'badType' | 'tooLarge' | 'tooMany' | null;

/** The client-side mirror of the server's evidence rules (type by name, size, count). */
export function checkEvidenceFiles(files: readonly { name: string; size: number }[]): { problem: TEvidenceProblem; name?: string } {
  if (files.length > EVIDENCE_MAX_COUNT) return { problem: 'tooMany' };
  for (const f of files) {
    if (!(EVIDENCE_EXTENSIONS as readonly string[]).includes(fileExtension(f.name))) return { problem: 'badType', name: f.name };
    if (f.size > EVIDENCE_MAX_BYTES) return { problem: 'tooLarge', name: f.name };
  }
  return { problem: null };
}
