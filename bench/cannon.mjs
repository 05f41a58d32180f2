// One load run in its own process (the load generator must not share the measured server's event
// loop): `node cannon.mjs <json options>` prints {rps, p50, p95, p99, requests, non2xx, errors} as JSON.
// autocannon's own summary has no p95, so each response time is kept and the percentiles are exact.
import autocannon from 'autocannon';

const o = JSON.parse(process.argv[2] ?? '{}');
const times = [];
let asked = 0;
const instance = autocannon(
  {
    url: o.url,
    connections: o.connections ?? 50,
    duration: o.seconds ?? 10,
    headers: o.headers ?? {},
    // `unique`: every request's URL gets a parameter of its own (the API ignores it), so no answer kept
    // for an earlier request can serve it.
    ...(o.unique ? { requests: [{ setupRequest: (req) => ({ ...req, path: `${req.path}&n=${(asked += 1)}` }) }] } : {}),
  },
  (error, result) => {
    if (error) throw error;
    times.sort((a, b) => a - b);
    const at = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
    process.stdout.write(
      JSON.stringify({
        rps: result.requests.average,
        p50: at(50),
        p95: at(95),
        p99: at(99),
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors,
      }),
    );
  },
);
instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
