import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { API_BASE } from '@mbo/shared/api-paths';
import { TOKEN_HEADER } from '@mbo/shared/auth';
import { ErrorCode } from '@mbo/shared/envelope';
import { languageToHeader, type TLanguage } from '@mbo/shared/i18n';
import { AdminStatus, MerchantStatus } from '@mbo/shared/merchants';
import type { TPermission } from '@mbo/shared/permissions';
import type { DbOrTrx } from '../../db/database';
import { AppError, businessError } from '../../platform/errors';
import { FILE_RESPONSE } from '../../platform/export-route';
import { translate } from '../../platform/i18n';
import type { MessageKey } from '../../platform/messages';
import { loadAccess } from '../../platform/permissions';
import { createSession, revokeSession } from '../../platform/session';
import { ownerState } from './repository';

/*
 * Running a list's export as an administrator without them at the screen (README.md, "A run"): the
 * export route itself is called in-process with a session opened for that one call and revoked after
 * it, so the route checks their permission and gateways as they are now, exactly as for their own
 * click. Scheduled reports and the background exports (domains/exports) both make their files this way.
 */

/** The export route at `path` that may be run this way: a POST answering a file whose body takes the list's filters and a format. */
export function exportRouteAt(app: Pick<FastifyInstance, 'apiRoutes'>, path: string): RouteOptions | undefined {
  if (path.startsWith('/reportSchedule/') || path.startsWith('/exportJob/')) return undefined;
  return app.apiRoutes.find(
    (r) =>
      r.url === `${API_BASE}${path}` &&
      (Array.isArray(r.method) ? r.method : [r.method]).includes('POST') &&
      r.schema?.response === FILE_RESPONSE,
  );
}

/**
 * The filters checked as the export route checks its body; the export's own refusal is the reason
 * (`badFilters` with {reason}), `notExportable` when the route takes no format.
 */
export function checkExportFilters(
  route: RouteOptions,
  filters: Record<string, string | number | boolean>,
  lang: TLanguage,
  keys: { badFilters: MessageKey; notExportable: MessageKey },
): void {
  const schema = route.schema?.body as z.ZodType | undefined;
  const parsed = schema?.safeParse({ ...filters, format: 'csv' });
  if (!parsed?.success) {
    const issue = parsed?.error.issues[0];
    const reason = issue ? `${issue.path.join('.')} ${translateIssue(lang, issue.message)}`.trim() : '';
    throw new AppError(keys.badFilters, ErrorCode.validation, 200, { reason });
  }
  if (!('format' in (parsed.data as object))) throw businessError(keys.notExportable);
}

function translateIssue(lang: TLanguage, message: string): string {
  return /^[a-zA-Z]+\.[a-zA-Z.]+$/.test(message) ? translate(lang, message as MessageKey) : message;
}

export async function holdsPermission(
  app: Pick<FastifyInstance, 'db'>,
  roleId: number,
  merchantId: number,
  p: TPermission,
): Promise<boolean> {
  return (await loadAccess(app.db, roleId, merchantId)).permissions.has(p);
}

/** The file name of an export's answer (RFC 5987 `filename*` first). */
export function fileNameOf(disposition: string | undefined, fallback: string): string {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (extended?.[1]) return decodeURIComponent(extended[1]);
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;
}

/** A file's size as mails and notices say it. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export type ExportOwner = { id: number; merchant_id: number; person_id: number | null };

/**
 * The administrator a run acts as, read now, if they may still sign in: status normal, still of
 * `merchantId`, the merchant neither disabled nor deleted. A scheduled report stops and a background
 * export fails when not.
 */
export async function ownerWhoMayRun(db: DbOrTrx, adminId: number, merchantId: number) {
  const owner = await ownerState(db, adminId);
  const merchantOpen = owner && owner.merchant_status !== MerchantStatus.disabled && owner.merchant_status !== MerchantStatus.deleted;
  return owner && owner.merchant_id === merchantId && owner.status === AdminStatus.normal && merchantOpen ? owner : undefined;
}

export type ExportAsOptions = {
  lang: TLanguage;
  timezone: string;
  /** Names the one-call session in the sessions list (its address and user agent). */
  ip: string;
  userAgent: string;
  /** Stream the answer instead of buffering it (a large file read as it is made), stopped by `signal`. */
  stream?: { signal: AbortSignal };
};

/** The export at `path` with `body`, as `owner` would download it now, or the route's refusal. */
export async function exportAsOwner(
  app: Pick<FastifyInstance, 'db' | 'inject' | 'now'>,
  owner: ExportOwner,
  path: string,
  body: Record<string, unknown>,
  o: ExportAsOptions,
) {
  // twoFaPassed: the owner passed their second step when they asked for it; a job cannot ask again.
  const session = await createSession(app.db, {
    adminId: owner.id,
    merchantId: owner.merchant_id,
    personId: owner.person_id,
    sysAdmin: false,
    twoFaPassed: true,
    authMethod: 'scheduled',
    ip: o.ip,
    userAgent: o.userAgent,
    now: app.now(),
  });
  const revoke = () => revokeSession(app.db, session.sessionId, app.now());
  const request = {
    method: 'POST' as const,
    url: `${API_BASE}${path}`,
    headers: {
      [TOKEN_HEADER.toLowerCase()]: session.token,
      lang: languageToHeader[o.lang],
      timezone: o.timezone,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  };
  if (!o.stream) {
    try {
      return { res: await app.inject(request), revoke: async () => {} };
    } finally {
      await revoke();
    }
  }
  // Streamed: the session lives until the caller has read the file (or stopped), then `revoke`.
  try {
    const signal = o.stream.signal;
    const res = await app.inject({ ...request, payloadAsStream: true, signal });
    // Stopping the reader alone would leave the export waiting for it to read on: the answer is closed
    // as a client hanging up closes it, and the export stops at its next write.
    const hangUp = () => res.raw.res.destroy();
    if (signal.aborted) hangUp();
    else signal.addEventListener('abort', hangUp, { once: true });
    return { res, revoke };
  } catch (error) {
    await revoke();
    throw error;
  }
}
