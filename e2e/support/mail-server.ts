// A real SMTP server on loopback for the browser tests: the product sends its mail here through
// SMTP_URL, and every message is written as JSON under test-results/mail/ for the tests to read.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { mailDir } from './paths';

/** A file attached to a mail, its content in base64. */
export type TStoredAttachment = { filename: string; contentType: string; content: string };

export type TStoredMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
  attachments: TStoredAttachment[];
};

export async function startMailServer(port: number): Promise<() => Promise<void>> {
  rmSync(mailDir, { recursive: true, force: true });
  mkdirSync(mailDir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          count += 1;
          const stored: TStoredMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            receivedAt: Date.now(),
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content.toString('base64'),
            })),
          };
          writeFileSync(path.join(mailDir, `${String(count).padStart(5, '0')}.json`), JSON.stringify(stored));
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
