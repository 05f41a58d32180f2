import { API_BASE, ApiPath } from '@mbo/shared/api-paths';
import { TOKEN_HEADER } from '@mbo/shared/auth';
import { ErrorCode, SUCCESS_CODE } from '@mbo/shared/envelope';
import { LANG_HEADER_VALUES, languageToHeader, type TLanguage } from '@mbo/shared/i18n';
import { DEFAULT_TIMEZONE } from '@mbo/shared/timezones';
import type { z } from 'zod';
import { CONTENT_TYPES, type ExportFormat } from './export-values';
import { fieldLabel, translate } from './i18n';
import { sampleOf, type JsonSchema } from './openapi-examples';
import { isOpenApiTextKey, openapiText, type OpenApiTextKey } from './openapi-texts';
import { MIME_OF } from './uploads';

/*
 * The OpenAPI document as integrators read it: @fastify/swagger (with the zod transform) turns the
 * route schemas into paths; this file adds what the schemas do not say and every route shares:
 * who may call it, the session header, the `lang` and `timezone` headers, the envelope with its
 * failure codes, 401/403/500, files instead of envelopes, and examples.
 */

export type Access = 'public' | 'signedIn' | 'permission';

/** What a documented route answers with: an envelope, a streamed export, a stored file, or one of the two docs routes. */
export type RouteKind = 'envelope' | 'export' | 'file' | 'openapi' | 'page';

export type DocumentedRoute = {
  method: string;
  /** The Fastify URL, with `:name` parameters. */
  url: string;
  access: Access;
  permission?: string;
  pending2fa: boolean;
  tag: string;
  kind: RouteKind;
  multipart: boolean;
  body?: z.ZodType;
  /** The 200 response schema (the success envelope) of envelope routes. */
  response?: z.ZodType;
  summary?: string;
  description?: string;
};

type Media = { schema?: JsonSchema; example?: unknown; examples?: Record<string, { summary?: string; value: unknown }> };
type Ref = { $ref: string };
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema };
type Header = { description?: string; schema: JsonSchema };
export type Response = { description: string; content?: Record<string, Media>; headers?: Record<string, Header> };

export type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: (Parameter | Ref)[];
  requestBody?: { required?: boolean; description?: string; content: Record<string, Media> };
  responses: Record<string, Response | Ref>;
  'x-access'?: Access;
  'x-permission'?: string;
};

export type ApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas?: Record<string, JsonSchema>;
    securitySchemes?: Record<string, { type: string; in: string; name: string; description?: string }>;
    parameters?: Record<string, Parameter>;
    responses?: Record<string, Response>;
  };
};

export const SECURITY_SCHEME = 'authToken';
const ERROR_ENVELOPE = '#/components/schemas/ErrorEnvelope';
const BINARY: JsonSchema = { type: 'string', format: 'binary' };

/** `/v3api/kyc/file/:fileId` -> `/v3api/kyc/file/{fileId}`, as OpenAPI writes paths. */
export function documentPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

function words(segment: string): string[] {
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

function namedSegments(url: string): string[] {
  return url
    .slice(API_BASE.length)
    .split('/')
    .filter((s) => s !== '' && !s.startsWith(':'));
}

/** `GET /v3api/kyc/file/:fileId` -> `getKycFileByFileId`: unique because method and path are. */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .slice(API_BASE.length)
    .split('/')
    .filter(Boolean)
    .flatMap((s) => (s.startsWith(':') ? ['by', ...words(s.slice(1))] : words(s)));
  return [method.toLowerCase(), ...parts.map((w) => w.charAt(0).toUpperCase() + w.slice(1))].join('');
}

/** A readable summary from the last two named path segments (`/merchant/gateways` -> "Merchant gateways"). */
function summaryOf(url: string): string {
  const text = namedSegments(url).slice(-2).flatMap(words).join(' ') || 'root';
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function errorExample(code: number, msg: string) {
  return { code, msg, data: null };
}

function errorResponse(lang: TLanguage, description: OpenApiTextKey, code: number, msg: string): Response {
  return {
    description: openapiText(lang, description),
    content: { 'application/json': { schema: { $ref: ERROR_ENVELOPE }, example: errorExample(code, msg) } },
  };
}

function codeText(lang: TLanguage, code: number, name: string): string {
  const key = `code.${code}`;
  return isOpenApiTextKey(key) ? openapiText(lang, key) : name;
}

/** Non-zero envelope codes with their meaning, in the caller's language (the docs page shows the same list). */
export function envelopeCodes(lang: TLanguage): { code: number; meaning: string }[] {
  return [
    { code: SUCCESS_CODE, meaning: codeText(lang, SUCCESS_CODE, 'success') },
    ...Object.entries(ErrorCode).map(([name, code]) => ({ code, meaning: codeText(lang, code, name) })),
  ];
}

function components(lang: TLanguage): ApiDocument['components'] {
  const codes = envelopeCodes(lang).filter((c) => c.code !== SUCCESS_CODE);
  return {
    securitySchemes: {
      [SECURITY_SCHEME]: { type: 'apiKey', in: 'header', name: TOKEN_HEADER, description: openapiText(lang, 'security.description') },
    },
    parameters: {
      Lang: {
        name: 'lang',
        in: 'header',
        required: false,
        description: openapiText(lang, 'param.lang'),
        schema: { type: 'string', enum: [...LANG_HEADER_VALUES], default: languageToHeader.zhCn },
      },
      Timezone: {
        name: 'timezone',
        in: 'header',
        required: false,
        description: openapiText(lang, 'param.timezone'),
        schema: { type: 'string', default: DEFAULT_TIMEZONE },
      },
    },
    schemas: {
      ErrorEnvelope: {
        type: 'object',
        description: openapiText(lang, 'schema.errorEnvelope'),
        required: ['code', 'msg', 'data'],
        properties: {
          code: {
            type: 'integer',
            enum: codes.map((c) => c.code),
            description: codes.map((c) => `- \`${c.code}\`: ${c.meaning}`).join('\n'),
          },
          msg: { type: 'string' },
          data: { type: 'null' },
        },
      },
    },
    responses: {
      Unauthorized: errorResponse(lang, 'response.401', ErrorCode.unauthorized, translate(lang, 'error.unauthorized')),
      Forbidden: errorResponse(lang, 'response.403', ErrorCode.forbidden, translate(lang, 'error.forbidden')),
      InternalError: errorResponse(lang, 'response.500', ErrorCode.internal, translate(lang, 'error.internal')),
    },
  };
}

function tagOf(lang: TLanguage, name: string): { name: string; description: string } {
  const key = `tag.${name}`;
  return { name, description: isOpenApiTextKey(key) ? openapiText(lang, key) : openapiText(lang, 'tag.other', { name }) };
}

function accessText(lang: TLanguage, r: DocumentedRoute): string {
  if (r.access === 'public') return openapiText(lang, 'access.public');
  const who =
    r.access === 'permission'
      ? openapiText(lang, 'access.permission', { permission: r.permission ?? '' })
      : openapiText(lang, 'access.signedIn');
  return r.pending2fa ? `${who} ${openapiText(lang, 'access.pending2fa')}` : who;
}

function resolver(doc: ApiDocument) {
  return (ref: string): JsonSchema | undefined => {
    const prefix = '#/components/schemas/';
    return ref.startsWith(prefix) ? doc.components.schemas?.[ref.slice(prefix.length)] : undefined;
  };
}

/** An example the route's own zod schema accepts, or undefined. */
function checkedSample(doc: ApiDocument, schema: JsonSchema | undefined, zod: z.ZodType | undefined): unknown {
  if (!schema || !zod) return undefined;
  const sample = sampleOf(schema, resolver(doc));
  return sample !== undefined && zod.safeParse(sample).success ? sample : undefined;
}

function firstInputField(op: Operation): string | undefined {
  const body = op.requestBody?.content['application/json']?.schema;
  const param = op.parameters?.find((p): p is Parameter => !('$ref' in p) && p.required === true);
  return body?.required?.[0] ?? param?.name;
}

/** The formats an export route offers, read from the `format` field of its body or query. */
function exportTypes(op: Operation): string[] {
  const body = op.requestBody?.content['application/json']?.schema?.properties?.format?.enum;
  const query = op.parameters?.find((p): p is Parameter => !('$ref' in p) && p.name === 'format')?.schema?.enum;
  const formats = (body ?? query ?? []).filter((f): f is ExportFormat => typeof f === 'string' && f in CONTENT_TYPES);
  return formats.map((f) => CONTENT_TYPES[f].split(';')[0] ?? CONTENT_TYPES[f]);
}

function fileResponse(lang: TLanguage, description: string, types: string[]): Response {
  const content: Record<string, Media> = {};
  for (const type of types) content[type] = { schema: BINARY };
  content['application/json'] = { schema: { $ref: ERROR_ENVELOPE } };
  return {
    description,
    headers: { 'Content-Disposition': { description: openapiText(lang, 'header.contentDisposition'), schema: { type: 'string' } } },
    content,
  };
}

function successResponse(lang: TLanguage, doc: ApiDocument, op: Operation, r: DocumentedRoute): Response {
  const current = op.responses['200'];
  const schema = current && 'content' in current ? current.content?.['application/json']?.schema : undefined;
  const success: JsonSchema = schema ? structuredClone(schema) : { type: 'object' };
  // Only code 0 carries data, which keeps the success and the failure envelope apart for `oneOf`.
  if (success.properties?.code) success.properties.code = { type: 'integer', const: SUCCESS_CODE };
  const media: Media = { schema: { oneOf: [success, { $ref: ERROR_ENVELOPE }] }, examples: {} };
  const sample = checkedSample(doc, success, r.response);
  if (sample !== undefined && media.examples) {
    media.examples.ok = { summary: openapiText(lang, 'example.ok'), value: { ...(sample as object), msg: translate(lang, 'ok') } };
  }
  const field = firstInputField(op);
  if (field !== undefined && media.examples) {
    media.examples.refused = {
      summary: openapiText(lang, 'example.refused'),
      value: errorExample(ErrorCode.validation, translate(lang, 'validation.required', { field: fieldLabel(lang, field) })),
    };
  }
  if (media.examples && Object.keys(media.examples).length === 0) delete media.examples;
  return { description: openapiText(lang, 'response.ok'), content: { 'application/json': media } };
}

function okResponse(lang: TLanguage, doc: ApiDocument, op: Operation, r: DocumentedRoute): Response {
  switch (r.kind) {
    case 'export': {
      const types = exportTypes(op);
      const shown = types.length > 0 ? types : ['application/octet-stream'];
      return fileResponse(lang, openapiText(lang, 'response.export', { formats: shown.join(', ') }), shown);
    }
    case 'file':
      return fileResponse(lang, openapiText(lang, 'response.file'), [...new Set(Object.values(MIME_OF))]);
    case 'openapi':
      return { description: openapiText(lang, 'response.openapi'), content: { 'application/json': { schema: { type: 'object' } } } };
    case 'page':
      return { description: openapiText(lang, 'response.page'), content: { 'text/html': { schema: { type: 'string' } } } };
    default:
      return successResponse(lang, doc, op, r);
  }
}

function decorate(lang: TLanguage, doc: ApiDocument, op: Operation, r: DocumentedRoute): void {
  op.operationId = operationIdOf(r.method, r.url);
  op.summary = r.summary ?? summaryOf(r.url);
  op.description = [accessText(lang, r), r.description].filter(Boolean).join('\n\n');
  op.tags = [r.tag];
  op.security = r.access === 'public' ? [] : [{ [SECURITY_SCHEME]: [] }];
  op['x-access'] = r.access;
  if (r.permission !== undefined) op['x-permission'] = r.permission;
  op.parameters = [...(op.parameters ?? []), { $ref: '#/components/parameters/Lang' }, { $ref: '#/components/parameters/Timezone' }];

  if (r.multipart) {
    op.requestBody = {
      required: true,
      description: openapiText(lang, 'request.multipart'),
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['files'],
            properties: { files: { type: 'array', minItems: 1, items: BINARY, description: openapiText(lang, 'request.multipartFiles') } },
            additionalProperties: { type: 'string' },
          },
        },
      },
    };
  } else {
    const media = op.requestBody?.content['application/json'];
    const sample = checkedSample(doc, media?.schema, r.body);
    if (media && sample !== undefined) media.example = sample;
  }

  // Other statuses a route declares itself (a readiness probe's 503) stay as its schema says.
  const declared = Object.entries(op.responses).filter(([status]) => status !== '200');
  const responses: Operation['responses'] = { '200': okResponse(lang, doc, op, r), ...Object.fromEntries(declared) };
  if (r.access !== 'public') responses['401'] ??= { $ref: '#/components/responses/Unauthorized' };
  if (r.access === 'permission' || (r.access === 'signedIn' && !r.pending2fa))
    responses['403'] ??= { $ref: '#/components/responses/Forbidden' };
  responses['500'] ??= { $ref: '#/components/responses/InternalError' };
  op.responses = responses;
}

/**
 * The document in one language, from what @fastify/swagger made of the route schemas (`base`, left
 * untouched) and what the routes declare.
 */
export function buildDocument(base: ApiDocument, routes: readonly DocumentedRoute[], lang: TLanguage): ApiDocument {
  const doc = structuredClone(base);
  doc.info = {
    title: openapiText(lang, 'info.title'),
    version: base.info.version,
    description: openapiText(lang, 'info.description', { login: `${API_BASE}${ApiPath.login}` }),
  };
  doc.servers = [{ url: '/' }];
  const own = components(lang);
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components.schemas, ...own.schemas },
    securitySchemes: own.securitySchemes,
    parameters: own.parameters,
    responses: own.responses,
  };
  const tags: string[] = [];
  for (const r of routes) {
    const op = doc.paths[documentPath(r.url)]?.[r.method.toLowerCase()];
    if (!op) continue;
    decorate(lang, doc, op, r);
    if (!tags.includes(r.tag)) tags.push(r.tag);
  }
  doc.tags = tags.map((t) => tagOf(lang, t));
  return doc;
}
