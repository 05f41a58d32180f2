import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A merchant's notification receiver on 127.0.0.1 for the webhook tests: `/ok` answers 200, `/fail`
 * 500, `/redirect` a 302 to /ok, `/hang` never answers (until the server closes), `/slow` answers 200
 * after `slowMs`; `/switch` answers `switchStatus`, which a test changes; `/picky` refuses (500) only
 * failed payments. Every request is recorded with
 * its raw body.
 */

export type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

export type Receiver = {
  url: (path: string) => string;
  received: Received[];
  switchStatus: number;
  close: () => Promise<void>;
};

export async function startReceiver(o: { slowMs?: number } = {}): Promise<Receiver> {
  const received: Received[] = [];
  const state = { switchStatus: 200 };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      received.push({ path, headers: req.headers, body });
      if (path === '/ok') res.end('ok');
      else if (path === '/fail') res.writeHead(500).end('boom');
      else if (path === '/redirect') res.writeHead(302, { location: '/ok' }).end();
      else if (path === '/switch') res.writeHead(state.switchStatus).end(`status ${state.switchStatus}`);
      else if (path === '/slow') setTimeout(() => res.end('late'), o.slowMs ?? 5_000).unref();
      else if (path === '/picky') res.writeHead(body.includes('"payment.failed"') ? 500 : 200).end('picky');
      else if (path === '/hang') return;
      else res.writeHead(404).end('no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    get switchStatus() {
      return state.switchStatus;
    },
    set switchStatus(v: number) {
      state.switchStatus = v;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
