import diagnostics from 'node:diagnostics_channel';
import multipart from '@fastify/multipart';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE } from '@mbo/shared/api-paths';
import { ErrorCode, zEnvelope } from '@mbo/shared/envelope';
import { createTestApp, type TestContext } from '../../test/helpers';

/*
 * The document is checked against the routes the Fastify instance really has: every instance the
 * app creates is caught through Fastify's `fastify.initialization` diagnostics channel, and its
 * routes through an onRoute hook of the test's own, so no list of routes is kept by hand.
 */

type Operation = {
  operationId: string;
  security?: Record<string, string[]>[];
  'x-access'?: string;
  'x-permission'?: string;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { $ref?: string; content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, unknown>> };

const registered: RouteOptions[] = [];
const catchRoutes = (message: unknown) => {
  (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => {
    registered.push(route);
  });
};

/** Routes a test adds, to show that what a route declares, not which route it is, decides its documentation. */
function addSampleRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    `${API_BASE}/sample/export`,
    {
      config: { permission: 'Refundment:Downloads' },
      schema: { body: z.object({ format: z.enum(['csv', 'xlsx']) }), response: { 200: z.unknown() } },
    },
    async () => null,
  );
  void app.register(async (scoped) => {
    await scoped.register(multipart);
    scoped.post(
      `${API_BASE}/sample/upload`,
      { config: { signedIn: true }, schema: { response: { 200: zEnvelope(z.null()) } } },
      async () => null,
    );
  });
}

const apiRoutes = () =>
  registered.flatMap((r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    return r.url.startsWith(`${API_BASE}/`) ? methods.filter((m) => m !== 'HEAD').map((method) => ({ method, route: r })) : [];
  });

const docPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('OpenAPI document and docs page', () => {
  let ctx: TestContext;
  let doc: Doc;

  beforeAll(async () => {
    diagnostics.subscribe('fastify.initialization', catchRoutes);
    try {
      ctx = await createTestApp({ extend: addSampleRoutes });
    } finally {
      diagnostics.unsubscribe('fastify.initialization', catchRoutes);
    }
    const res = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    doc = res.json<Doc>();
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('documents every registered route with its method, and nothing else', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter(({ method, route }) => !doc.paths[docPath(route.url)]?.[method.toLowerCase()]);
    expect(missing.map(({ method, route }) => `${method} ${route.url}`)).toEqual([]);
    const documented = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    expect(documented).toBe(routes.length);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('gives every route the access it declares: public, any signed-in caller, or its permission', () => {
    const wrong: string[] = [];
    for (const { method, route } of apiRoutes()) {
      const op = doc.paths[docPath(route.url)]?.[method.toLowerCase()];
      const c = route.config ?? {};
      const where = `${method} ${route.url}`;
      if (!op) continue;
      if (c.public === true) {
        if (op['x-access'] !== 'public' || op.security?.length !== 0 || op.responses['401'])
          wrong.push(`${where}: not documented as public`);
      } else {
        if (JSON.stringify(op.security) !== JSON.stringify([{ authToken: [] }])) wrong.push(`${where}: no X-Auth-Token requirement`);
        if (op.responses['401']?.$ref !== '#/components/responses/Unauthorized') wrong.push(`${where}: no 401`);
        if (c.permission !== undefined) {
          if (op['x-access'] !== 'permission' || op['x-permission'] !== c.permission)
            wrong.push(`${where}: permission ${c.permission} not documented`);
          if (!op.responses['403']) wrong.push(`${where}: no 403`);
        } else if (op['x-access'] !== 'signedIn' || op['x-permission'] !== undefined) wrong.push(`${where}: not documented as signed-in`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers an anonymous caller as the document says: 401 on every route that needs a session', async () => {
    const wrong: string[] = [];
    for (const { method, route } of apiRoutes()) {
      const op = doc.paths[docPath(route.url)]?.[method.toLowerCase()];
      const url = route.url.replace(/:\w+/g, '1');
      const res = await ctx.app.inject({ method: method as 'GET', url });
      const said = op?.responses['401'] !== undefined;
      if (said !== (res.statusCode === 401)) wrong.push(`${method} ${route.url}: documented 401 ${said}, got HTTP ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('describes the session header, the lang and timezone headers and the failure envelope with its codes', () => {
    const schemes = doc.components.securitySchemes as Record<string, { type: string; in: string; name: string }>;
    expect(schemes.authToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Auth-Token' });
    const params = doc.components.parameters as Record<string, { name: string; in: string }>;
    expect(Object.values(params).map((p) => `${p.in}:${p.name}`)).toEqual(['header:lang', 'header:timezone']);
    const envelope = doc.components.schemas?.ErrorEnvelope as { properties: { code: { enum: number[] } } };
    expect(envelope.properties.code.enum).toEqual(Object.values(ErrorCode));
    const login = doc.paths[`${API_BASE}/admin/login`]?.post;
    const media = login?.responses['200']?.content?.['application/json'] as { examples: Record<string, { value: { code: number } }> };
    expect(media.examples.ok?.value.code).toBe(0);
    expect(media.examples.refused?.value.code).toBe(ErrorCode.validation);
  });

  it('describes file exports and multipart uploads from what the route declares', () => {
    const exported = doc.paths[`${API_BASE}/sample/export`]?.post;
    expect(Object.keys(exported?.responses['200']?.content ?? {})).toEqual([
      'text/csv',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/json',
    ]);
    expect(exported?.responses['200']?.headers).toHaveProperty('Content-Disposition');
    const upload = doc.paths[`${API_BASE}/sample/upload`]?.post;
    expect(Object.keys(upload?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
  });

  it('serves the document in the language asked for, and refuses an unknown one with a validation envelope', async () => {
    const en = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json?lang=en_US` });
    expect(en.json<{ info: { title: string } }>().info.title).toBe('Merchant back office API');
    const hk = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json`, headers: { lang: 'zh_HK' } });
    expect(hk.json<{ info: { title: string } }>().info.title).toBe('商戶後台 API');
    const bad = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/openapi.json?lang=fr` });
    expect(bad.json<{ code: number }>().code).toBe(ErrorCode.validation);
  });

  it('serves a docs page without a session that lists every operation and needs no script under the CSP', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/docs?lang=en_US` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('API documentation');
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const op of Object.values(item)) expect(res.body).toContain(`id="${op.operationId}"`);
      expect(res.body).toContain(path);
    }
    const zh = await ctx.app.inject({ method: 'GET', url: `${API_BASE}/docs` });
    expect(zh.body).toContain('API 文档');
  });
});
