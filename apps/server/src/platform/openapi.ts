import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_BASE } from '@mbo/shared/api-paths';
import { headerToLanguage, LANG_HEADER_VALUES, type TLanguage } from '@mbo/shared/i18n';
import { JSON_TYPE } from './envelope';
import { CONTENT_TYPES } from './export-values';
import { buildDocument, type ApiDocument, type DocumentedRoute, type RouteKind } from './openapi-document';
import { renderDocsPage } from './openapi-page';

/*
 * The OpenAPI document of /v3api, made when the server starts from the same zod schemas the routes
 * validate with, served at /v3api/openapi.json, and a docs page rendered from it on the server at
 * /v3api/docs (plain HTML and CSS, no script: it runs under the app's CSP as it is, with no renderer
 * bundle to ship). Both are public, in the language of `?lang=` or the `lang` header.
 *
 * Nothing here knows a particular route. What a route declares anyway decides its documentation:
 * - `config.public` / `config.signedIn` / `config.permission` (+ `allowPending2fa`): security,
 *   401/403 and the `x-access` / `x-permission` extensions;
 * - a 200 schema that is not the `{code, msg, data}` envelope: a file with Content-Disposition, an
 *   export when the input has a csv/xlsx `format` field (also with an envelope of null data, which
 *   then only describes refusals), otherwise a stored file;
 * - a write route without a body schema, in a plugin that registers @fastify/multipart: a multipart
 *   upload (a route may also say so itself with `schema.consumes: ['multipart/form-data']`);
 * - the plugin that registers it (`disputeRoutes` -> tag `disputes`);
 * - optional `schema.summary` and `schema.description`.
 */

export const OPENAPI_PATH = `${API_BASE}/openapi.json`;
export const DOCS_PATH = `${API_BASE}/docs`;

const ZDocsQuery = z.object({ lang: z.enum(LANG_HEADER_VALUES).optional() });

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Domain names (CONVENTIONS.md) a plugin name is matched against; `kycRoutes` belongs to onboarding. */
const DOMAINS = [
  'auth',
  'onboarding',
  'dashboard',
  'transactions',
  'refunds',
  'disputes',
  'reports',
  'funds',
  'waybills',
  'websites',
  'risk',
  'links',
  'system',
];
const TAG_ALIASES: Record<string, string> = { kyc: 'onboarding' };

function isApiUrl(url: string): boolean {
  return url === API_BASE || url.startsWith(`${API_BASE}/`);
}

/** The domain of the plugin that registered a route: the first name of Fastify's plugin chain, without `Routes`. */
function tagOf(pluginName: string, url: string): string {
  const first = pluginName.split(' -> ')[0] ?? '';
  const name = /^[A-Za-z]\w*$/.test(first) ? first.replace(/Routes?$/, '').toLowerCase() : '';
  if (!name || name === 'fastify') return url.slice(API_BASE.length).split('/').find(Boolean) ?? 'api';
  const aliased = TAG_ALIASES[name] ?? name;
  return DOMAINS.find((d) => d === aliased || d === `${aliased}s`) ?? aliased;
}

function isZod(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

function envelopeData(schema: unknown): z.ZodType | undefined {
  if (!(schema instanceof z.ZodObject) || !['code', 'msg', 'data'].every((k) => k in schema.shape)) return undefined;
  const data: unknown = schema.shape.data;
  return data instanceof z.ZodType ? data : undefined;
}

/** The values of an input's `format` field (`csv`, `xlsx`), through optional and default wrappers. */
function formatOptions(schema: unknown): string[] {
  if (!(schema instanceof z.ZodObject)) return [];
  let field: unknown = schema.shape.format;
  while (field instanceof z.ZodOptional || field instanceof z.ZodDefault) field = field.unwrap();
  return field instanceof z.ZodEnum ? field.options.map(String) : [];
}

function kindOf(route: RouteOptions): RouteKind {
  if (route.url === OPENAPI_PATH) return 'openapi';
  if (route.url === DOCS_PATH) return 'page';
  const data = envelopeData((route.schema?.response as Record<string, unknown> | undefined)?.['200']);
  const formats = [...formatOptions(route.schema?.body), ...formatOptions(route.schema?.querystring)];
  const exportsFile = formats.some((f) => f in CONTENT_TYPES);
  // An export answers with the file; some declare the envelope with null data, which only failures use.
  if (exportsFile && (data === undefined || data instanceof z.ZodNull)) return 'export';
  return data !== undefined ? 'envelope' : 'file';
}

function describe(route: RouteOptions, method: string, multipartContext: boolean): DocumentedRoute {
  const c = route.config ?? {};
  const schema = route.schema ?? {};
  const declaredMultipart = schema.consumes?.includes('multipart/form-data') === true;
  const ok: unknown = (schema.response as Record<string, unknown> | undefined)?.['200'];
  return {
    method,
    url: route.url,
    access: c.public === true ? 'public' : c.permission !== undefined ? 'permission' : 'signedIn',
    ...(c.permission !== undefined ? { permission: c.permission } : {}),
    pending2fa: c.allowPending2fa === true,
    tag: 'api',
    kind: kindOf(route),
    multipart: declaredMultipart || (multipartContext && WRITE_METHODS.has(method) && schema.body === undefined),
    ...(isZod(schema.body) ? { body: schema.body } : {}),
    ...(isZod(ok) ? { response: ok } : {}),
    ...(schema.summary !== undefined ? { summary: schema.summary } : {}),
    ...(schema.description !== undefined ? { description: schema.description } : {}),
  };
}

function pickLanguage(query: string | undefined, headerLang: TLanguage): TLanguage {
  return query !== undefined && (LANG_HEADER_VALUES as readonly string[]).includes(query)
    ? headerToLanguage[query as keyof typeof headerToLanguage]
    : headerLang;
}

/**
 * Registers the document generator and its two public routes. Call before the domain plugins: the
 * route hooks only see routes registered after them.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', function collect(this: FastifyInstance, route) {
    if (!isApiUrl(route.url)) return;
    // `this` is the plugin that registers the route: its name gives the tag, its parsers tell uploads apart
    // (only when a domain plugin added the multipart parser; were it global, routes would say so with `consumes`).
    const multipartContext = this.hasContentTypeParser('multipart/form-data') && !app.hasContentTypeParser('multipart/form-data');
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds a HEAD route for every GET; it is the same operation.
      if (method === 'HEAD') continue;
      const r = describe(route, method, multipartContext);
      routes.push({ ...r, tag: r.kind === 'openapi' || r.kind === 'page' ? 'docs' : tagOf(this.pluginName, route.url) });
    }
  });

  await app.register(swagger, {
    openapi: { openapi: '3.1.0', info: { title: 'API', version: '1.0.0' } },
    transform: (input) => (isApiUrl(input.url) ? jsonSchemaTransform(input) : { schema: { hide: true }, url: input.url }),
  });

  const documents = new Map<TLanguage, { json: string; page: string }>();
  const documentIn = (lang: TLanguage) => {
    let made = documents.get(lang);
    if (!made) {
      // The library's object is plain JSON of the OpenAPI shape; ApiDocument names the parts read here.
      const doc = buildDocument(app.swagger() as unknown as ApiDocument, routes, lang);
      made = { json: JSON.stringify(doc), page: renderDocsPage(doc, lang, DOCS_PATH, OPENAPI_PATH) };
      documents.set(lang, made);
    }
    return made;
  };
  // Made on first use in each language (about half a second of CPU and a few MB kept), not when the server
  // starts: most processes never serve the document, and building it at start-up delayed the first answer
  // by a second or more and kept three copies in memory (issue 13: start <= 2 s, idle RSS <= 100 MB).

  const typed = app.withTypeProvider<ZodTypeProvider>();
  const docsRoute = { config: { public: true as const }, schema: { querystring: ZDocsQuery, response: { 200: z.unknown() } } };

  typed.get(OPENAPI_PATH, docsRoute, async (request, reply) => {
    const { json } = documentIn(pickLanguage(request.query.lang, request.lang));
    return reply.type(JSON_TYPE).send(json);
  });

  typed.get(DOCS_PATH, docsRoute, async (request, reply) => {
    const { page } = documentIn(pickLanguage(request.query.lang, request.lang));
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  });
}
