import { createHmac } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_ANSWER_MAX } from '@mbo/shared/webhooks';

/*
 * One HTTP attempt of a notification (README.md "Security"): the host is resolved at every attempt and
 * every address it resolves to is checked before connecting; the connection goes to the address that was
 * checked (so a second resolution cannot swap in another); no redirect is followed (a 3xx is a failure);
 * the whole attempt has a time limit; only the first 2 KB of the answer is kept.
 */

export type SendOptions = {
  timeoutMs: number;
  /** Development and tests: http:// and loopback / private addresses allowed. */
  allowLocal: boolean;
  /** The resolver (tests give one that answers a private address for a public name). */
  lookup?: (host: string) => Promise<readonly LookupAddress[]>;
};

export type SendResult = { httpStatus: number | null; durationMs: number; answer: string; error: string };

/** HMAC-SHA256 (hex) of `${timestamp}.${body}` with the merchant's sign key. */
export function signWebhook(key: string, timestamp: string, body: string): string {
  return createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');
}

/** The URL as logs and screens show it: user, password and query string hidden. */
export function maskUrl(raw: string): string {
  try {
    const u = new URL(raw);
    const auth = u.username || u.password ? '***@' : '';
    const query = u.search ? '?***' : '';
    return `${u.protocol}//${auth}${u.host}${u.pathname}${query}`;
  } catch {
    return '***';
  }
}

function v4Parts(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** Loopback, private, link-local, shared, multicast, unspecified and reserved addresses: never a merchant's server. */
export function isLocalAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) {
    const [a = 0, b = 0] = v4Parts(ip);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (family === 6) {
    const low = ip.toLowerCase();
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(low);
    if (mapped?.[1]) return isLocalAddress(mapped[1]);
    return (
      low === '::' ||
      low === '::1' ||
      /^f[cd]/.test(low) ||
      /^fe[89ab]/.test(low) ||
      /^ff/.test(low) ||
      low.startsWith('64:ff9b:') ||
      low.startsWith('2001:db8')
    );
  }
  return true;
}

/** Why a URL may not be an endpoint at all (before any resolution), or null. */
export function refusedUrl(raw: string, allowLocal: boolean): 'webhook.badUrl' | 'webhook.httpsOnly' | 'webhook.localAddress' | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'webhook.badUrl';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'webhook.badUrl';
  if (allowLocal) return null;
  if (u.protocol !== 'https:') return 'webhook.httpsOnly';
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal'))
    return 'webhook.localAddress';
  if (isIP(host) !== 0 && isLocalAddress(host)) return 'webhook.localAddress';
  return null;
}

const systemLookup = (host: string) =>
  new Promise<readonly LookupAddress[]>((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

class RefusedAddress extends Error {}

export async function sendWebhook(url: string, body: string, headers: Record<string, string>, o: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const done = (r: Omit<SendResult, 'durationMs'>): SendResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
  const refusal = refusedUrl(url, o.allowLocal);
  if (refusal)
    return done({ httpStatus: null, answer: '', error: refusal === 'webhook.localAddress' ? 'addressNotAllowed' : 'urlNotAllowed' });
  const u = new URL(url);
  const resolve = o.lookup ?? systemLookup;
  // Every address of the name is checked, then the first is the one connected to.
  const lookup: LookupFunction = (hostname, _options, callback) => {
    resolve(hostname).then(
      (all) => {
        const first = all[0];
        if (!first) return callback(new Error('no address'), '', 4);
        if (!o.allowLocal && all.some((a) => isLocalAddress(a.address))) return callback(new RefusedAddress('addressNotAllowed'), '', 4);
        callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };
  const transport = u.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolvePromise) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolvePromise(done(r));
    };
    const req = transport.request(
      u,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'mbo-webhooks/1',
          ...headers,
        },
        lookup,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < WEBHOOK_ANSWER_MAX) chunks.push(chunk);
          size += chunk.length;
          // The rest of a long answer is not read: the status and its start are what the log shows.
          if (size >= WEBHOOK_ANSWER_MAX) {
            res.destroy();
            finish({ httpStatus: res.statusCode ?? null, answer: answerText(chunks), error: '' });
          }
        });
        res.on('end', () => finish({ httpStatus: res.statusCode ?? null, answer: answerText(chunks), error: '' }));
        res.on('error', () => finish({ httpStatus: res.statusCode ?? null, answer: answerText(chunks), error: 'answerCut' }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({ httpStatus: null, answer: '', error: 'timeout' });
    }, o.timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) => {
      finish({
        httpStatus: null,
        answer: '',
        error: error instanceof RefusedAddress ? 'addressNotAllowed' : (error.code ?? 'connectionFailed'),
      });
    });
    req.end(body);
  });
}

function answerText(chunks: readonly Buffer[]): string {
  return Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_ANSWER_MAX);
}
