import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/*
 * A real SMTP server on a loopback port for the tests that send mail: the app is configured with
 * SMTP_URL pointing at it, and the tests read the messages it received (decoded from MIME).
 */

export type ReceivedMail = { to: string[]; subject: string; text: string; html: string; raw: string };

function decodeQuotedPrintable(s: string): Buffer {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i];
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string): string {
  const e = encoding.toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_w, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

type Part = { headers: Record<string, string>; body: string };

function splitPart(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at >= 0 ? raw.slice(0, at) : raw;
  const body = at >= 0 ? raw.slice(at).replace(/^\r?\n\r?\n/, '') : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { headers, body };
}

function collectLeaves(part: Part, out: { text: string; html: string }): void {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const chunks = part.body.split(`--${boundary}`).slice(1);
    for (const chunk of chunks) {
      if (chunk.startsWith('--')) break;
      collectLeaves(splitPart(chunk.replace(/^\r?\n/, '')), out);
    }
    return;
  }
  const decoded = decodeBody(part.body, part.headers['content-transfer-encoding'] ?? '7bit');
  if (/^text\/html/i.test(type)) out.html += decoded;
  else out.text += decoded;
}

export function parseMail(raw: string, to: string[]): ReceivedMail {
  const top = splitPart(raw);
  const out = { text: '', html: '' };
  collectLeaves(top, out);
  return { to, subject: decodeHeader(top.headers.subject ?? ''), text: out.text.replace(/\r\n/g, '\n').trim(), html: out.html, raw };
}

export type MailServer = {
  url: string;
  messages: ReceivedMail[];
  /** Messages to one address, oldest first. */
  to: (address: string) => ReceivedMail[];
  /** The newest message to an address (fails the test when there is none). */
  last: (address: string) => ReceivedMail;
  close: () => Promise<void>;
};

export async function startMailServer(): Promise<MailServer> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push(
          parseMail(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  const to = (address: string) => messages.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to,
    last(address) {
      const list = to(address);
      const m = list[list.length - 1];
      if (!m) throw new Error(`no mail to ${address}; received: ${messages.map((x) => x.to.join(',')).join(' | ')}`);
      return m;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link to a page of the web app in a mail's text, and its token. */
export function linkIn(mail: ReceivedMail, page: string): { url: string; token: string } {
  const m = new RegExp(`(https?://\\S+${page}\\?\\w+=([A-Za-z0-9_%-]+))`).exec(mail.text);
  if (!m?.[1] || !m[2]) throw new Error(`no ${page} link in: ${mail.text}`);
  return { url: m[1], token: decodeURIComponent(m[2]) };
}

export function codeIn(text: string): string {
  const m = /\b(\d{6})\b/.exec(text);
  if (!m?.[1]) throw new Error(`no code in: ${text}`);
  return m[1];
}
