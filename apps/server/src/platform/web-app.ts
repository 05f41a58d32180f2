import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { VERSION_FILE } from '@mbo/shared/api-paths';

const NO_STORE = 'no-store';
const IMMUTABLE = 'public, max-age=31536000, immutable';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Web app not built</title></head>
<body><h1>The web app is not built</h1><p>Run <code>npm run build</code> at the repository root, then restart the server. The API is available under /v3api.</p></body></html>
`;

export type WebFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;

function wantsHtml(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built single-page app: index.html and version.json are never cached (a new build must
 * show at once), hashed files under /assets/ are cached for a year. Text files are sent as the
 * brotli or gzip copies the build wrote beside them (apps/web/build/precompress.ts) when the browser
 * accepts one, with Content-Encoding and Vary set by @fastify/static. Returns the handler for unknown
 * paths: HTML navigations get index.html so client-side routes such as /loginNew load.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<WebFallback> {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web app not built: serving a placeholder page');
    return (request, reply) => {
      if (wantsHtml(request))
        return reply.code(200).header('cache-control', NO_STORE).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    };
  }

  const assetsDir = path.join(webDist, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: webDist,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      // The same URL is sent as brotli, gzip or plain by Accept-Encoding: caches must keep them apart.
      res.setHeader('vary', 'accept-encoding');
      const base = path.basename(filePath);
      if (base === 'index.html' || base === 'pay.html' || `/${base}` === VERSION_FILE) res.setHeader('cache-control', NO_STORE);
      else if (filePath.startsWith(assetsDir)) res.setHeader('cache-control', IMMUTABLE);
      else res.setHeader('cache-control', 'public, max-age=300');
    },
  });

  // The hosted payment page a customer opens from a payment link is its own small page, not the back office.
  const hasPayPage = fs.existsSync(path.join(webDist, 'pay.html'));
  return (request, reply) => {
    if (hasPayPage && wantsHtml(request) && request.url.startsWith('/pay/'))
      return reply.header('cache-control', NO_STORE).header('x-frame-options', 'DENY').sendFile('pay.html');
    if (wantsHtml(request)) return reply.header('cache-control', NO_STORE).sendFile('index.html');
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  };
}
