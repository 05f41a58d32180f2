import { TOKEN_HEADER } from '@mbo/shared/auth';
import { LANGUAGES, languageToHeader, type TLanguage } from '@mbo/shared/i18n';
import type { JsonSchema } from './openapi-examples';
import { envelopeCodes, SECURITY_SCHEME, type ApiDocument, type Operation, type Response } from './openapi-document';
import { openapiText, type OpenApiTextKey } from './openapi-texts';

/*
 * The docs page: the OpenAPI document rendered on the server as one HTML page with an inline style
 * sheet and no script. A renderer bundle (Redoc, Swagger UI) would add a megabyte of JavaScript, a
 * runtime dependency and CSP exceptions for what is a read-only page; the whole document fits here.
 */

const LANGUAGE_NAMES: Record<TLanguage, string> = { zhCn: '简体中文', zhHk: '繁體中文', en: 'English' };
const HTML_LANG: Record<TLanguage, string> = { zhCn: 'zh-CN', zhHk: 'zh-HK', en: 'en' };
const MAX_DEPTH = 6;

const STYLE = `
body{margin:0;font:14px/1.55 system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:#1f2328;background:#fff}
header{display:flex;flex-wrap:wrap;gap:16px;align-items:baseline;padding:12px 24px;border-bottom:1px solid #d0d7de;background:#f6f8fa}
header h1{font-size:20px;margin:0}header nav a{margin-right:10px}
.layout{display:flex}.toc{position:sticky;top:0;align-self:flex-start;width:300px;max-height:100vh;overflow:auto;padding:12px 16px;border-right:1px solid #d0d7de;font-size:13px}
.toc ul{list-style:none;padding-left:8px;margin:4px 0 12px}.toc li{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
main{flex:1;min-width:0;padding:12px 32px 64px;max-width:1100px}
a{color:#0969da;text-decoration:none}a:hover{text-decoration:underline}
code,pre{font-family:ui-monospace,SFMono-Regular,Consolas,monospace;font-size:12.5px}
pre{background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:8px 12px;overflow:auto;max-height:360px}
table{border-collapse:collapse;margin:6px 0 12px;width:100%}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}th{background:#f6f8fa}
h2{margin-top:36px;border-bottom:1px solid #d0d7de;padding-bottom:4px}
.op{border:1px solid #d0d7de;border-radius:8px;padding:4px 16px 8px;margin:16px 0}
.op h3{font-size:15px;margin:10px 0 4px;word-break:break-all}.op h4{margin:12px 0 4px}
.m{display:inline-block;min-width:52px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:1px 6px;margin-right:8px}
.get{background:#1a7f37}.post{background:#0969da}.put,.patch{background:#9a6700}.delete{background:#cf222e}
.access{color:#57606a}.muted{color:#57606a}
${Array.from({ length: MAX_DEPTH + 1 }, (_, d) => `.d${d}{padding-left:${8 + d * 16}px}`).join('')}
`;

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The little Markdown the document's texts use: paragraphs, `- ` lists and `code`. */
function markdown(text: string): string {
  const inline = (s: string) => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');
  return text
    .split(/\n{2,}/)
    .map((block) => {
      const lines = block.split('\n');
      if (lines.every((l) => l.startsWith('- '))) return `<ul>${lines.map((l) => `<li>${inline(l.slice(2))}</li>`).join('')}</ul>`;
      return `<p>${inline(block)}</p>`;
    })
    .join('');
}

type Ctx = { lang: TLanguage; doc: ApiDocument; t: (key: OpenApiTextKey, params?: Record<string, string | number>) => string };

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

function schemaAt(ctx: Ctx, schema: JsonSchema): JsonSchema {
  return schema.$ref !== undefined ? (ctx.doc.components.schemas?.[refName(schema.$ref)] ?? {}) : schema;
}

function typeLabel(ctx: Ctx, schema: JsonSchema): string {
  if (schema.$ref !== undefined) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return options.map((o) => typeLabel(ctx, o)).join(` ${ctx.t('page.or')} `);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('array')) return `${schema.items ? typeLabel(ctx, schema.items) : ''}[]`;
  const base = types.join(' | ') || (schema.properties ? 'object' : 'any');
  return schema.format ? `${base} (${schema.format})` : base;
}

function constraints(schema: JsonSchema): string {
  const out: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    out.push(`length ${schema.minLength ?? 0}..${schema.maxLength ?? ''}`);
  // zod writes the safe-integer range on every integer; only a real bound is worth showing.
  const bound = (n: number | undefined) => (n === undefined || Math.abs(n) === Number.MAX_SAFE_INTEGER ? '' : String(n));
  const [low, high] = [bound(schema.minimum), bound(schema.maximum)];
  if (low || high) out.push(`${low}..${high}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined) out.push(`items ${schema.minItems ?? 0}..${schema.maxItems ?? ''}`);
  if (schema.pattern !== undefined) out.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out.map((c) => `<code>${esc(c)}</code>`).join(' ');
}

/** The objects inside a schema whose fields are worth listing (an array's items, the non-null member of a union). */
function nestedObject(ctx: Ctx, schema: JsonSchema): JsonSchema | undefined {
  const s = schemaAt(ctx, schema);
  if (s.properties) return s;
  if (s.items) return nestedObject(ctx, s.items);
  const options = (s.anyOf ?? s.oneOf)?.filter((o) => o.$ref === undefined && o.type !== 'null');
  return options?.length === 1 && options[0] ? nestedObject(ctx, options[0]) : undefined;
}

function fieldRows(ctx: Ctx, schema: JsonSchema, depth: number, seen: Set<JsonSchema>): string {
  const object = nestedObject(ctx, schema);
  if (!object?.properties || depth > MAX_DEPTH || seen.has(object)) return '';
  const required = new Set(object.required ?? []);
  const inner = new Set(seen).add(object);
  return Object.entries(object.properties)
    .map(([name, sub]) => {
      const notes = [sub.description ? markdown(sub.description) : '', constraints(schemaAt(ctx, sub))].filter(Boolean).join(' ');
      const row = `<tr><td class="d${depth}"><code>${esc(name)}</code></td><td><code>${esc(typeLabel(ctx, sub))}</code></td><td>${required.has(name) ? ctx.t('page.yes') : ''}</td><td>${notes}</td></tr>`;
      return row + fieldRows(ctx, sub, depth + 1, inner);
    })
    .join('');
}

function schemaTable(ctx: Ctx, schema: JsonSchema): string {
  const rows = fieldRows(ctx, schema, 0, new Set());
  const head = `<tr><th>${ctx.t('page.name')}</th><th>${ctx.t('page.type')}</th><th>${ctx.t('page.required')}</th><th>${ctx.t('page.description')}</th></tr>`;
  return rows ? `<table>${head}${rows}</table>` : `<p><code>${esc(typeLabel(ctx, schema))}</code></p>`;
}

function example(ctx: Ctx, title: string, value: unknown): string {
  return `<p class="muted">${esc(title)}</p><pre>${esc(JSON.stringify(value, null, 2))}</pre>`;
}

function mediaBlock(ctx: Ctx, type: string, media: NonNullable<Response['content']>[string]): string {
  let html = `<p><code>${esc(type)}</code></p>`;
  const schema = media.schema;
  const alternatives = schema?.oneOf ?? (schema ? [schema] : []);
  for (const alt of alternatives)
    html += alt.$ref !== undefined ? `<p>${ctx.t('page.or')} <code>${esc(refName(alt.$ref))}</code></p>` : schemaTable(ctx, alt);
  if (media.example !== undefined) html += example(ctx, ctx.t('page.example'), media.example);
  for (const ex of Object.values(media.examples ?? {})) html += example(ctx, `${ctx.t('page.example')}: ${ex.summary ?? ''}`, ex.value);
  return html;
}

function responseOf(ctx: Ctx, value: Operation['responses'][string]): Response {
  return '$ref' in value ? (ctx.doc.components.responses?.[refName(value.$ref)] ?? { description: '' }) : value;
}

function operationHtml(ctx: Ctx, path: string, method: string, op: Operation): string {
  let html = `<section class="op" id="${esc(op.operationId ?? '')}"><h3><span class="m ${method}">${method.toUpperCase()}</span><code>${esc(path)}</code></h3>`;
  html += `<p><strong>${esc(op.summary ?? '')}</strong></p><div class="access">${markdown(op.description ?? '')}</div>`;
  const params = (op.parameters ?? []).filter((p) => !('$ref' in p));
  if (params.length > 0) {
    html += `<h4>${ctx.t('page.parameters')}</h4><table><tr><th>${ctx.t('page.name')}</th><th>${ctx.t('page.in')}</th><th>${ctx.t('page.type')}</th><th>${ctx.t('page.required')}</th><th>${ctx.t('page.description')}</th></tr>`;
    for (const p of params) {
      if ('$ref' in p) continue;
      const schema = p.schema ?? {};
      html += `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td><code>${esc(typeLabel(ctx, schema))}</code></td><td>${p.required ? ctx.t('page.yes') : ''}</td><td>${p.description ? markdown(p.description) : ''} ${constraints(schema)}</td></tr>`;
    }
    html += '</table>';
  }
  if (op.requestBody) {
    html += `<h4>${ctx.t('page.requestBody')}</h4>${op.requestBody.description ? markdown(op.requestBody.description) : ''}`;
    for (const [type, media] of Object.entries(op.requestBody.content)) html += mediaBlock(ctx, type, media);
  }
  html += `<h4>${ctx.t('page.responses')}</h4>`;
  for (const [status, value] of Object.entries(op.responses)) {
    const r = responseOf(ctx, value);
    html += `<p><strong>HTTP ${esc(status)}</strong></p>${markdown(r.description)}`;
    for (const [name, header] of Object.entries(r.headers ?? {}))
      html += `<p><code>${esc(name)}</code>: ${esc(header.description ?? '')}</p>`;
    if (status === '200') for (const [type, media] of Object.entries(r.content ?? {})) html += mediaBlock(ctx, type, media);
  }
  return `${html}</section>`;
}

function headersTable(ctx: Ctx): string {
  const scheme = ctx.doc.components.securitySchemes?.[SECURITY_SCHEME];
  const rows: [string, string][] = [[TOKEN_HEADER, scheme?.description ?? '']];
  for (const p of Object.values(ctx.doc.components.parameters ?? {})) rows.push([p.name, p.description ?? '']);
  return `<table><tr><th>${ctx.t('page.name')}</th><th>${ctx.t('page.description')}</th></tr>${rows
    .map(([name, text]) => `<tr><td><code>${esc(name)}</code></td><td>${markdown(text)}</td></tr>`)
    .join('')}</table>`;
}

function codesTable(ctx: Ctx): string {
  return `<table><tr><th>${ctx.t('page.code')}</th><th>${ctx.t('page.meaning')}</th></tr>${envelopeCodes(ctx.lang)
    .map((c) => `<tr><td><code>${c.code}</code></td><td>${esc(c.meaning)}</td></tr>`)
    .join('')}</table>`;
}

/** The whole page for one language; `doc` is the document in the same language. */
export function renderDocsPage(doc: ApiDocument, lang: TLanguage, selfPath: string, documentPath: string): string {
  const ctx: Ctx = { lang, doc, t: (key, params) => esc(openapiText(lang, key, params)) };
  const byTag = new Map<string, { path: string; method: string; op: Operation }[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = op.tags?.[0] ?? '';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { path, method, op }]);
    }
  }
  const tags = doc.tags ?? [];
  const count = [...byTag.values()].reduce((n, ops) => n + ops.length, 0);
  const langLinks = LANGUAGES.map((l) => `<a href="${selfPath}?lang=${languageToHeader[l]}">${LANGUAGE_NAMES[l]}</a>`).join('');
  const toc = tags
    .map(
      (tag) =>
        `<a href="#tag-${esc(tag.name)}"><strong>${esc(tag.name)}</strong></a><ul>${(byTag.get(tag.name) ?? [])
          .map(({ path, method, op }) => `<li><a href="#${esc(op.operationId ?? '')}">${method.toUpperCase()} ${esc(path)}</a></li>`)
          .join('')}</ul>`,
    )
    .join('');
  const sections = tags
    .map(
      (tag) =>
        `<h2 id="tag-${esc(tag.name)}">${esc(tag.name)}</h2>${markdown(tag.description ?? '')}${(byTag.get(tag.name) ?? [])
          .map(({ path, method, op }) => operationHtml(ctx, path, method, op))
          .join('')}`,
    )
    .join('');
  return `<!doctype html><html lang="${HTML_LANG[lang]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(doc.info.title)} · ${ctx.t('page.title')}</title><style>${STYLE}</style></head><body>
<header><h1>${esc(doc.info.title)} <span class="muted">${esc(doc.info.version)}</span></h1><span class="muted">${ctx.t('page.operations', { count })}</span>
<nav>${ctx.t('page.language')}: ${langLinks}</nav><a href="${documentPath}?lang=${languageToHeader[lang]}">${ctx.t('page.download')}</a></header>
<div class="layout"><nav class="toc"><strong>${ctx.t('page.contents')}</strong><ul><li><a href="#headers">${ctx.t('page.headers')}</a></li><li><a href="#codes">${ctx.t('page.codes')}</a></li></ul>${toc}</nav>
<main>${markdown(doc.info.description ?? '')}<h2 id="headers">${ctx.t('page.headers')}</h2>${headersTable(ctx)}<h2 id="codes">${ctx.t('page.codes')}</h2>${codesTable(ctx)}${sections}</main></div>
</body></html>`;
}
