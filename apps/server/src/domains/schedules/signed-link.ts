import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_BASE } from '@mbo/shared/api-paths';
import { ReportSchedulePath } from '@mbo/shared/report-schedules';
import type { Db } from '../../db/database';
import { serverKey } from './repository';

/*
 * The download link of a report too large to attach: the run's id and the link's expiry, signed with
 * HMAC-SHA256. Anyone holding the link may download the file until it expires (as with the file
 * attached to the same mail); a changed id, expiry or signature is refused. The key is REPORT_LINK_KEY,
 * or, unset, one the server makes once and keeps in `server_keys`, so that every node signs alike.
 */

const KEY_NAME = 'report-link';
const made = new WeakMap<Db, Promise<Buffer>>();

/** The signing key: the configured one, else the database's (made by whichever node asks first). */
export function linkKey(db: Db, configured: string | null): Promise<Buffer> {
  if (configured) return Promise.resolve(Buffer.from(configured, 'utf8'));
  const known = made.get(db);
  if (known) return known;
  const reading = serverKey(db, KEY_NAME, () => randomBytes(32).toString('hex'), Date.now()).then((secret) => Buffer.from(secret, 'hex'));
  // A failed read is not kept: the next link tries again.
  reading.catch(() => made.delete(db));
  made.set(db, reading);
  return reading;
}

export function linkSignature(key: Buffer, runId: number, expiresAt: number): string {
  return createHmac('sha256', key).update(`report-run\n${runId}\n${expiresAt}`).digest('hex');
}

/** Whether `signature` is the one of this run and expiry (compared in constant time). */
export function signatureMatches(key: Buffer, runId: number, expiresAt: number, signature: string): boolean {
  const expected = Buffer.from(linkSignature(key, runId, expiresAt), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The link as the mail gives it: the web app's address (which serves the API too), the route and the signed query. */
export function signedLink(appUrl: string, key: Buffer, runId: number, expiresAt: number): string {
  const query = new URLSearchParams({ r: String(runId), e: String(expiresAt), s: linkSignature(key, runId, expiresAt) });
  return `${appUrl}${API_BASE}${ReportSchedulePath.signedFile}?${query.toString()}`;
}
