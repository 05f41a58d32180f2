import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { JsonSchema } from '../src/platform/openapi-examples';

/*
 * The API routes as the server registered them (request-context collects them), with their request
 * schemas as JSON Schema: what the route fuzz test and the hardening tests walk, so a new route is
 * covered without a hand-written list.
 */

export type { JsonSchema };

export type Access = 'public' | 'signedIn' | 'permission';

export type CatalogRoute = {
  method: string;
  url: string;
  access: Access;
  body: JsonSchema | null;
  querystring: JsonSchema | null;
  params: JsonSchema | null;
  /** Answers with a file (not an envelope) when it succeeds. */
  download: boolean;
  /** Takes a multipart upload (no JSON body schema, POST, under an upload or batch file path). */
  multipart: boolean;
};

function toJson(schema: unknown): JsonSchema | null {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return null;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

function responseIsFile(route: RouteOptions): boolean {
  const response = (route.schema?.response ?? {}) as Record<string, unknown>;
  const ok = response[200] ?? response['200'];
  const json = toJson(ok);
  return json !== null && json.properties === undefined && json.type === undefined;
}

export function routeCatalog(app: FastifyInstance): CatalogRoute[] {
  const seen = new Set<string>();
  const out: CatalogRoute[] = [];
  for (const route of app.apiRoutes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds a HEAD twin to every GET; it runs the same handler.
      if (method === 'HEAD') continue;
      const key = `${method} ${route.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const c = route.config ?? {};
      const body = toJson(route.schema?.body);
      out.push({
        method,
        url: route.url ?? '',
        access: c.public === true ? 'public' : c.signedIn === true ? 'signedIn' : 'permission',
        body,
        querystring: toJson(route.schema?.querystring),
        params: toJson(route.schema?.params),
        download: responseIsFile(route),
        multipart: method === 'POST' && body === null && /upload|appeal|\/batch\//i.test(route.url ?? ''),
      });
    }
  }
  return out.sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

/** Property names of an object schema (the first object among anyOf/allOf when it is a union). */
export function propertiesOf(schema: JsonSchema | null): Record<string, JsonSchema> {
  if (!schema) return {};
  if (schema.properties) return schema.properties;
  for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const p = propertiesOf(part);
    if (Object.keys(p).length > 0) return p;
  }
  return {};
}

export function requiredOf(schema: JsonSchema | null): string[] {
  if (!schema) return [];
  if (schema.required) return schema.required;
  for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? [])]) {
    const r = requiredOf(part);
    if (r.length > 0) return r;
  }
  return [];
}

/** Routes whose query or body carries a `from`/`to` date range. */
export function dateRangeRoutes(routes: CatalogRoute[]): CatalogRoute[] {
  return routes.filter((r) => {
    const props = propertiesOf(r.method === 'GET' ? r.querystring : r.body);
    return 'from' in props && 'to' in props;
  });
}

export function fillParams(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (whole, name: string) => values[name] ?? whole);
}
