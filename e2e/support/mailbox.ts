import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { TStoredMail } from './mail-server';
import { mailDir } from './paths';

function readAll(): TStoredMail[] {
  if (!existsSync(mailDir)) return [];
  return readdirSync(mailDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(mailDir, f), 'utf8')) as TStoredMail);
}

/** Waits for the newest message to `to` received after `since` (ms epoch). */
export async function waitForMail(to: string, since: number, timeoutMs = 15_000): Promise<TStoredMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readAll()
      .filter((m) => m.to.includes(to.toLowerCase()) && m.receivedAt >= since)
      .pop();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link in a message that starts with `prefix` (e.g. the app's base URL plus a path). */
export function linkIn(mail: TStoredMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`${escaped}[^\\s"'<>)]*`).exec(`${mail.text}\n${mail.html}`);
  if (!m) throw new Error(`no link starting with ${prefix} in "${mail.subject}"`);
  return m[0].replace(/&amp;/g, '&');
}

/** The 6-digit code in a message. */
export function codeIn(text: string): string {
  const m = /\b(\d{6})\b/.exec(text);
  if (!m) throw new Error(`no 6-digit code in: ${text.slice(0, 200)}`);
  return m[1]!;
}
