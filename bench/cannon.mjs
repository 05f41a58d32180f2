// One load run in its own process (the load generator must not share the measured server's event
// loop): `node cannon.mjs <json options>` prints {rps, p50, p95, p99, requests, non2xx, errors} as JSON.
// autocannon's own summary has no p95, so each response time is kept and the percentiles are exact.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const o = JSON.parse(process.argv[2] ?? '{}');
const times = [];
let asked = 0;

/*
 * `queries`: a file of JSON lines {p: path and query without the page, f: filter names, d: pages to
 * walk}, asked in turn, each connection walking a query's pages with the cursor of the answer before
 * (page=2&after=...) as a merchant pages through a result. The response times are also kept per filter
 * ("no filter" for an ask with only its range, "next page" for pages walked), to say which filters are slow.
 */
const queries = o.queries
  ? readFileSync(o.queries, 'utf8')
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l))
  : null;
const byFilter = new Map();
let nextQuery = 0;
const walk = {
  setupRequest: (req, ctx) => {
    if (ctx.left > 0 && ctx.cursor) {
      ctx.page += 1;
      ctx.left -= 1;
      ctx.filters = ['next page'];
      const path = `${ctx.base}&page=${ctx.page}&after=${encodeURIComponent(ctx.cursor)}`;
      ctx.cursor = null;
      return { ...req, path };
    }
    const q = queries[nextQuery % queries.length];
    nextQuery += 1;
    Object.assign(ctx, { base: q.p, left: q.d - 1, page: 1, cursor: null, filters: q.f.length > 0 ? q.f : ['no filter'] });
    return { ...req, path: `${q.p}&page=1` };
  },
  onResponse: (status, body, ctx) => {
    if (ctx.left > 0) ctx.cursor = /"nextCursor":"([^"]+)"/.exec(body)?.[1] ?? null;
  },
};

const requests = queries
  ? // Several steps of the same kind: autocannon clears a connection's context after the last step,
    // which would cut a walk short; with 64 steps that happens once in 64 asks.
    Array.from({ length: 64 }, () => walk)
  : o.unique
    ? // `unique`: every request's URL gets a parameter of its own (the API ignores it), so no answer kept
      // for an earlier request can serve it.
      [{ setupRequest: (req) => ({ ...req, path: `${req.path}&n=${(asked += 1)}` }) }]
    : undefined;

const instance = autocannon(
  {
    url: o.url,
    connections: o.connections ?? 50,
    duration: o.seconds ?? 10,
    headers: o.headers ?? {},
    ...(requests ? { requests } : {}),
  },
  (error, result) => {
    if (error) throw error;
    const summary = (list) => {
      list.sort((a, b) => a - b);
      const at = (p) => list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? 0;
      return { n: list.length, p50: at(50), p95: at(95), p99: at(99) };
    };
    const { p50, p95, p99 } = summary(times);
    process.stdout.write(
      JSON.stringify({
        rps: result.requests.average,
        p50,
        p95,
        p99,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
        ...(queries ? { byFilter: Object.fromEntries([...byFilter].map(([f, list]) => [f, summary(list)])) } : {}),
      }),
    );
  },
);
instance.on('response', (client, _status, _bytes, responseTime) => {
  times.push(responseTime);
  // The connection's context still holds the request just answered (its next one is built after this event).
  if (queries)
    for (const f of client.requestIterator.context.filters ?? []) {
      let list = byFilter.get(f);
      if (!list) byFilter.set(f, (list = []));
      list.push(responseTime);
    }
});
