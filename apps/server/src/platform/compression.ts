import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** JSON answers at least this long are compressed; below it the saving is smaller than the work. */
export const COMPRESS_MIN_BYTES = 4096;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encoding to answer with, from the request's Accept-Encoding (brotli preferred), or null. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/**
 * Compresses JSON answers of a few KB and more (lists, details, reports) for clients that accept it:
 * brotli at a fast level (its output is still smaller than gzip's), else gzip. Streams (exports, file
 * downloads) and answers that already carry an encoding are left as they are; the built web app is
 * served precompressed by platform/web-app.ts.
 */
export function installCompression(app: FastifyInstance): void {
  // A callback hook: answers left as they are (most of them) cost no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (reply.hasHeader('content-encoding')) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) return done(null, payload);
    // The length in bytes without copying the text: most answers are below the threshold.
    const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (length < COMPRESS_MIN_BYTES) return done(null, payload);
    reply.header('vary', 'accept-encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding === null) return done(null, payload);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const compressed =
      encoding === 'br'
        ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : gzip(body, { level: 6 });
    void compressed.then(
      (out) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, out);
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  });
}
