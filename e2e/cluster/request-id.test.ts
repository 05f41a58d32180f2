// X-Request-Id through the shipped nginx (deploy/nginx/merchant-back-office.conf) to the API nodes: the
// client's own id when it is a plain token, else nginx's $request_id (32 hex digits), reaches the node,
// which answers with the id it logged the request under. A node that made its own id would answer a
// UUID, so an answer with nginx's form shows that the id nginx made is the one the node used.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '@mbo/shared/api-paths';
import { baseURL } from '../support/browser';

const NGINX_ID = /^[0-9a-f]{32}$/;

async function idOfAnswer(path: string, sent?: string): Promise<{ status: number; id: string | null }> {
  const res = await fetch(`${baseURL()}${path}`, { headers: sent === undefined ? {} : { 'x-request-id': sent } });
  await res.arrayBuffer();
  return { status: res.status, id: res.headers.get('x-request-id') };
}

describe('X-Request-Id through nginx', () => {
  it("keeps the client's id when it is a plain token", async () => {
    const sent = `client-${randomUUID()}`;
    expect(await idOfAnswer(`${API_BASE}/health/live`, sent)).toEqual({ status: 200, id: sent });
  });

  it("replaces an id that is not a plain token with nginx's own, which the node uses", async () => {
    for (const sent of ['two words', 'x'.repeat(65), '{"level":60}']) {
      const answer = await idOfAnswer(`${API_BASE}/health/live`, sent);
      expect(answer.status).toBe(200);
      expect(answer.id).toMatch(NGINX_ID);
    }
  });

  it('gives a request without one an id made by nginx, new for each request', async () => {
    const a = await idOfAnswer(`${API_BASE}/health/live`);
    const b = await idOfAnswer(`${API_BASE}/health/live`);
    expect(a.id).toMatch(NGINX_ID);
    expect(b.id).toMatch(NGINX_ID);
    expect(a.id).not.toBe(b.id);
  });

  it('is on refusals and on the web app too', async () => {
    expect((await idOfAnswer(`${API_BASE}/no/such/route`, 'missing-route-1')).id).toBe('missing-route-1');
    expect((await idOfAnswer('/version.json', 'web-app-1')).id).toBe('web-app-1');
  });
});
