import type { TLanguage } from '@mbo/shared/i18n';
import { majorTextToMinor, minorUnitsOf } from '@mbo/shared/money';
import {
  normalizeWebsiteUrl,
  WEBSITE_BATCH_MAX_LINES,
  WebsiteStatus,
  WebsiteType,
  type TWebsiteAdd,
  type TWebsiteLineError,
  type TWebsiteLineResult,
  type TWebsiteUploadOutcome,
  type TWebsiteUploadResult,
} from '@mbo/shared/websites';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { WebsitesTable } from '../../db/types';
import { businessError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import type { MessageKey } from '../../platform/messages';
import type { Notifier } from '../../platform/notifier';
import type { CsvRecord } from '../../platform/csv-reader';
import type { Scope } from '../../platform/scope';
import * as repo from './repository';

/** One website as a line of a batch, or as the add form gives it. */
export type WebsiteCandidate = {
  url: string;
  host: string;
  type: number;
  averageAmount: number | null;
  currency: string;
  platformStoreUrl: string;
};

type LineCheck = { line: number; raw: string; candidate: WebsiteCandidate | null; error: TWebsiteLineError | null };

const TYPE_WORDS: Record<string, number> = {
  independent: WebsiteType.independent,
  '1': WebsiteType.independent,
  platform: WebsiteType.platformStore,
  '2': WebsiteType.platformStore,
};

const HEADER_WORDS = new Set(['url', 'website', '网址', '網址', '网站', '網站']);

/**
 * One record of a batch file: a URL alone, or `url,type,averageAmount,currency[,platformStoreUrl]`
 * (type `independent` or `platform`). No column may be empty (spec §5).
 */
export function checkWebsiteLine(r: CsvRecord): LineCheck {
  const cells = r.cells.map((c) => c.trim());
  const raw = (cells[0] ?? '').slice(0, 300);
  const fail = (error: TWebsiteLineError): LineCheck => ({ line: r.line, raw, candidate: null, error });
  if (r.unterminated) return fail('tooManyColumns');
  if (cells.some((c) => c === '')) return fail('emptyColumn');
  if (cells.length !== 1 && cells.length !== 4 && cells.length !== 5) return fail('tooManyColumns');
  const site = normalizeWebsiteUrl(cells[0]!);
  if (!site) return fail('badUrl');
  if (cells.length === 1) {
    return {
      line: r.line,
      raw,
      error: null,
      candidate: { ...site, type: WebsiteType.independent, averageAmount: null, currency: '', platformStoreUrl: '' },
    };
  }
  const type = TYPE_WORDS[cells[1]!.toLowerCase()];
  if (type === undefined) return fail('badType');
  const currency = cells[3]!;
  if (!/^[A-Z]{3}$/.test(currency)) return fail('badCurrency');
  const amount = majorTextToMinor(cells[2]!, minorUnitsOf(currency));
  if (amount === null) return fail('badAmount');
  let platformStoreUrl = '';
  if (cells.length === 5) {
    const store = normalizeWebsiteUrl(cells[4]!);
    if (!store) return fail('badUrl');
    platformStoreUrl = store.url;
  }
  if (type === WebsiteType.platformStore && !platformStoreUrl) return fail('storeUrlRequired');
  return { line: r.line, raw, error: null, candidate: { ...site, type, averageAmount: amount, currency, platformStoreUrl } };
}

/** The records of a batch without a header row (a first row whose first cell is a column title). */
export function withoutHeader(records: CsvRecord[]): CsvRecord[] {
  const first = records[0];
  return first && HEADER_WORDS.has((first.cells[0] ?? '').trim().toLowerCase()) ? records.slice(1) : records;
}

const OUTCOME_OF_MAIL = { sent: 'mailSent', outbox: 'noMail', failed: 'mailFailed' } as const;

export type UploadDeps = { db: Db; notifier: Notifier; reviewEmail: string };

/**
 * Checks every line, stores the new websites (pending review) with their batch in one transaction, then
 * mails the review team through the mail path; the batch keeps the outcome. A line already known (in
 * the merchant's websites or earlier in the same file) is a duplicate, never a second row.
 */
export async function submitWebsites(
  deps: UploadDeps,
  scope: Scope,
  adminId: number | null,
  o: { kind: 'single' | 'batch'; fileName: string; records: CsvRecord[]; lang: TLanguage; now: number },
): Promise<TWebsiteUploadResult> {
  if (o.records.length > WEBSITE_BATCH_MAX_LINES) throw businessError('website.tooManyLines', { max: WEBSITE_BATCH_MAX_LINES });
  const checks = o.records.map(checkWebsiteLine);
  const urls = checks.flatMap((c) => (c.candidate ? [c.candidate.url] : []));
  const existing = await repo.findExistingUrls(deps.db, scope.merchantId, urls);
  const seen = new Set<string>();
  const lines: TWebsiteLineResult[] = [];
  const fresh: (WebsiteCandidate & { line: number })[] = [];
  const lineText = (key: MessageKey, line: number) => translate(o.lang, key, { line });
  for (const c of checks) {
    if (!c.candidate) {
      const error = c.error ?? 'badUrl';
      lines.push({ line: c.line, url: c.raw, result: 'error', error, message: lineText(`websiteLine.${error}`, c.line) });
    } else if (existing.has(c.candidate.url) || seen.has(c.candidate.url)) {
      lines.push({
        line: c.line,
        url: c.candidate.url,
        result: 'duplicate',
        error: null,
        message: lineText('websiteLine.duplicate', c.line),
      });
    } else {
      seen.add(c.candidate.url);
      fresh.push({ ...c.candidate, line: c.line });
      lines.push({ line: c.line, url: c.candidate.url, result: 'accepted', error: null, message: '' });
    }
  }
  const errors = lines.filter((l) => l.result === 'error').length;
  let duplicates = lines.filter((l) => l.result === 'duplicate').length;
  let outcome: TWebsiteUploadOutcome = fresh.length > 0 ? 'noMail' : errors > 0 || duplicates === 0 ? 'dataError' : 'duplicate';

  const landed = await deps.db.transaction().execute(async (trx) => {
    const batchId = await repo.insertBatch(trx, {
      merchant_id: scope.merchantId,
      admin_id: adminId,
      kind: o.kind,
      file_name: o.fileName.slice(0, 200),
      line_count: lines.length,
      accepted_count: fresh.length,
      error_count: errors,
      duplicate_count: duplicates,
      outcome,
      mail_id: null,
      created_at: o.now,
    });
    const rows: Insertable<WebsitesTable>[] = fresh.map((f) => ({
      merchant_id: scope.merchantId,
      url: f.url,
      host: f.host,
      site_type: f.type,
      currency: f.currency,
      average_amount: f.averageAmount,
      platform_store_url: f.platformStoreUrl,
      status: WebsiteStatus.pending,
      batch_id: batchId,
      checklist_confirmed_at: o.now,
      created_at: o.now,
      updated_at: o.now,
    }));
    return { batchId, inserted: new Set(await repo.insertWebsites(trx, rows)) };
  });

  // A URL another request stored between the check and the insert is a duplicate after all.
  for (const l of lines) {
    if (l.result === 'accepted' && !landed.inserted.has(l.url)) {
      l.result = 'duplicate';
      l.message = lineText('websiteLine.duplicate', l.line);
      duplicates += 1;
    }
  }
  const accepted = landed.inserted.size;
  if (accepted === 0 && outcome === 'noMail') outcome = 'duplicate';

  if (accepted > 0) {
    const m = await repo.findMerchantForMail(deps.db, scope.merchantId);
    const acceptedUrls = lines.filter((l) => l.result === 'accepted').map((l) => l.url);
    try {
      const mail = await deps.notifier.mail.send(deps.reviewEmail, 'zhCn', 'websiteReview', {
        merchantName: m.name,
        merchantNo: m.merchant_no,
        count: accepted,
        urls: acceptedUrls.join('\n'),
      });
      outcome = OUTCOME_OF_MAIL[mail.status];
      await repo.setBatchMail(deps.db, landed.batchId, mail.id, outcome);
    } catch {
      // The websites are stored and queued for review whatever happened to the mail.
      outcome = 'mailFailed';
    }
  }
  return {
    outcome,
    message: translate(o.lang, `websiteOutcome.${outcome}`),
    accepted,
    errors,
    duplicates,
    lines,
  };
}

/** The add form as one batch line (its fields already validated by the shared schema). */
export function recordOfAdd(body: TWebsiteAdd): CsvRecord {
  const type = body.type === WebsiteType.platformStore ? 'platform' : 'independent';
  const cells = [body.url, type, body.averageAmount, body.currency];
  if (body.platformStoreUrl) cells.push(body.platformStoreUrl);
  return { line: 1, cells };
}

/** Operator review steps (spec §4): pending -> audited -> reviewed (normal); a failure at either step; disable from anywhere. */
export const REVIEW_STEPS = {
  pass: [
    { from: WebsiteStatus.pending, to: WebsiteStatus.audited },
    { from: WebsiteStatus.audited, to: WebsiteStatus.reviewed },
  ],
  fail: [
    { from: WebsiteStatus.pending, to: WebsiteStatus.auditFailed },
    { from: WebsiteStatus.audited, to: WebsiteStatus.reviewFailed },
  ],
} as const;

export async function reviewWebsite(
  db: Db,
  id: number,
  action: 'pass' | 'fail' | 'disable' | 'enable',
  reason: string,
  now: number,
): Promise<{ from: number; to: number; merchantId: number } | null> {
  const w = await repo.findWebsiteById(db, id);
  if (!w) return null;
  let to: number | undefined;
  if (action === 'disable') to = w.status === WebsiteStatus.disabled ? undefined : WebsiteStatus.disabled;
  else if (action === 'enable') to = w.status === WebsiteStatus.disabled ? WebsiteStatus.pending : undefined;
  else to = REVIEW_STEPS[action].find((s) => s.from === w.status)?.to;
  if (to === undefined) throw businessError('website.wrongState');
  const moved = await repo.moveWebsiteStatus(db, id, [w.status], {
    status: to,
    fail_reason: action === 'fail' ? reason : '',
    updated_at: now,
  });
  if (!moved) throw businessError('website.wrongState');
  return { from: w.status, to, merchantId: w.merchant_id };
}
