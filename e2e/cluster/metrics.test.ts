// Prometheus metrics of the API nodes: each node answers GET /metrics on its own port without a session,
// so the shipped nginx (deploy/nginx/merchant-back-office.conf) must never pass the path on; a scraper
// reaches every node directly.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { API_BASE } from '@mbo/shared/api-paths';
import { baseURL } from '../support/browser';
import { everyNodeUp } from '../support/cluster-nodes';

// Requests go to the nodes directly: every node up first, whichever files ran before.
beforeAll(everyNodeUp, 300_000);

describe('GET /metrics', () => {
  it('is refused by nginx, whatever the spelling of the path', async () => {
    for (const path of ['/metrics', '/metrics?format=text', '//metrics', '/%6detrics', `${API_BASE}/../metrics`]) {
      const res = await fetch(`${baseURL()}${path}`);
      const text = await res.text();
      expect(res.status, path).not.toBe(200);
      expect(text, path).not.toContain('mbo_http_requests_total');
    }
  });

  it('is served by a node to a direct scrape, with the requests it answered by route pattern', async () => {
    const node = inject('nodeURLs')[0]!;
    expect((await fetch(`${node}${API_BASE}/health/ready`)).status).toBe(200);
    const res = await fetch(`${node}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/^mbo_http_requests_total\{method="GET",route="\/v3api\/health\/ready",status_class="2xx"\} [1-9]\d*$/m);
    expect(text).toContain('mbo_database_info{dialect="postgres"} 1');
    expect(text).toMatch(/^mbo_db_pool_connections\{state="idle"\} \d+$/m);
  });
});
