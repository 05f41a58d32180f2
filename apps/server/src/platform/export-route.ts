/**
 * An export route: defineExport declares a list's export (its list, file and rows) once;
 * registerExport makes the POST route that checks the permission and scope, and streams the file
 * through sendExport (export.ts), by the export pool's threads when the export is large.
 */
import type { TExportFormat } from '@mbo/shared/list';
import type { TListFields } from '@mbo/shared/list-fields';
import type { TPermission } from '@mbo/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { Db } from '../db/database';
import { sendExport } from './export';
import { contentDisposition } from './uploads';
import { type ExportCells, exportCells } from './export-cells';
import { exportReaderFactory, type ExportReader } from './export-reader';
import { type ExportColumn, XLSX_MAX_DATA_ROWS } from './export-values';
import { isKeysetWalk } from './keyset-walk';
import { exportColumns, type ExportOptions, type FieldRow } from './list-fields';
import type { MessageKey } from './messages';
import { requireSession } from './request-context';
import { narrowToGateway, type Scope } from './scope';
import { dateInZone } from './time';

/** Response schemas of a download route: the file itself on success; failures are envelopes like everywhere else. */
export const FILE_RESPONSE = { 200: z.unknown() };

/** What an export's rows are read with: the caller's scope (narrowed to a filtered gateway), clock and the export reader (rows as arrays). */
export type ExportContext = { db: Db; scope: Scope; timezone: string; now: number; reader: (() => ExportReader) | null };

/** A list without dates (websites) has no `from`/`to`: its file is named by the day of the export. */
type ExportBody = { format: TExportFormat | 'jsonl'; from?: string; to?: string; gatewayNo?: string | undefined };

export type ExportRoute<S extends z.ZodType<ExportBody>, Row> = {
  path: string;
  permission: TPermission;
  /** The list's filters plus `format` (exportRequest in packages/shared/src/list.ts). */
  body: S;
  /** The file is `<prefix>_<from>_<to>.<format>` (`<prefix>_<today>.<format>` without dates). */
  filePrefix: string;
  /** Sheet name of XLSX files. */
  sheetName: (cells: ExportCells) => string;
  columns: (cells: ExportCells, body: z.output<S>) => ExportColumn<Row>[];
  /** The rows, in batches (keysetBatches of the list's own query). */
  batches: (body: z.output<S>, ctx: ExportContext) => AsyncIterable<readonly Row[]>;
  /**
   * For an export whose body allows `format: 'jsonl'` (the operation log's, for a SIEM): the objects
   * of its JSON Lines file, in batches. Each object's fields are the export's documented ones.
   */
  jsonLines?: (body: z.output<S>, ctx: ExportContext) => AsyncIterable<readonly Record<string, unknown>[]>;
};

/** One JSON object a line (UTF-8, LF, no header), streamed batch by batch. */
async function* jsonLinesOf(batches: AsyncIterable<readonly Record<string, unknown>[]> | null): AsyncGenerator<string> {
  if (!batches) return;
  for await (const batch of batches) {
    let chunk = '';
    for (const row of batch) chunk += `${JSON.stringify(row)}\n`;
    if (chunk) yield chunk;
  }
}

async function* noRows<Row>(): AsyncGenerator<Row[]> {}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one registry for every body schema and row type
type AnyExportRoute = ExportRoute<any, any>;
const EXPORT_ROUTES = new Map<string, AnyExportRoute>();

/** A declared list's export: what defineExport takes. */
export type ExportDeclaration<F extends TListFields, L extends z.ZodType<ExportBody>, S extends z.ZodType<ExportBody>> = {
  path: string;
  permission: TPermission;
  /** The list (packages/shared): its fields make the file's columns (exportColumns), its export body is the route's. */
  list: { fields: F; exportBody: L };
  /** A body other than the list's export body (the operation log's also allows JSON Lines). */
  body?: S;
  /** The file is `<name>_<from>_<to>.<format>`; an XLSX sheet is named by the server text `sheet`, else as the file. */
  file: { name: string; sheet?: MessageKey };
  /** How the fields make the columns (exportColumns), in the file's language where they need it. */
  columns?: ExportOptions<F> | ((cells: ExportCells) => ExportOptions<F>);
  batches: ExportRoute<S, FieldRow<F>>['batches'];
  jsonLines?: ExportRoute<S, FieldRow<F>>['jsonLines'];
};

/**
 * An export route declared at the top of its module, so that an export pool worker (which imports the
 * app's modules, not the app) finds its columns and batches by its path. Register it with
 * registerExport as any other.
 */
export function defineExport<F extends TListFields, L extends z.ZodType<ExportBody>, S extends z.ZodType<ExportBody> = L>(
  o: ExportDeclaration<F, L, S>,
): ExportRoute<S, FieldRow<F>> {
  if (EXPORT_ROUTES.has(o.path)) throw new Error(`two exports declared at ${o.path}`);
  const { list, file, columns } = o;
  const route: ExportRoute<S, FieldRow<F>> = {
    path: o.path,
    permission: o.permission,
    body: o.body ?? (list.exportBody as unknown as S),
    filePrefix: file.name,
    sheetName: (c) => (file.sheet ? c.text(file.sheet) : file.name),
    columns: (c) => exportColumns(list.fields, c, typeof columns === 'function' ? columns(c) : (columns ?? {})),
    batches: o.batches,
    ...(o.jsonLines ? { jsonLines: o.jsonLines } : {}),
  };
  EXPORT_ROUTES.set(o.path, route);
  return route;
}

/** The export declared at `path` (export-worker.ts). */
export function exportRouteOf(path: string): AnyExportRoute | undefined {
  return EXPORT_ROUTES.get(path);
}

/**
 * POST `path`: the list under the same filters as a CSV or XLSX download, streamed. A gateway number
 * the caller may not see gives a file with the header row only, as the list gives an empty page.
 */
export function registerExport<S extends z.ZodType<ExportBody>, Row>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  o: ExportRoute<S, Row>,
): void {
  app.post(o.path, { config: { permission: o.permission }, schema: { body: o.body, response: FILE_RESPONSE } }, async (request, reply) => {
    const session = requireSession(request);
    // Validated against `o.body`; the type provider cannot resolve its output type for a generic schema.
    const body = request.body as z.output<S>;
    const cells = exportCells(request.lang, request.timezone);
    const columns = o.columns(cells, body);
    const scope = await narrowToGateway(app.db, session.scope, body.gatewayNo);
    const ctx = scope && {
      db: app.db,
      scope,
      timezone: request.timezone,
      now: app.now(),
      reader: exportReaderFactory(app.appConfig.databaseUrl, app.db),
    };
    const filename =
      body.from !== undefined && body.to !== undefined
        ? `${o.filePrefix}_${body.from}_${body.to}`
        : `${o.filePrefix}_${dateInZone(app.now(), request.timezone)}`;
    if (body.format === 'jsonl') {
      const lines = o.jsonLines && ctx ? o.jsonLines(body, ctx) : null;
      return reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `${filename}.jsonl`))
        .send(Readable.from(jsonLinesOf(lines)));
    }
    const format = body.format;
    const batches = ctx ? o.batches(body, ctx) : noRows<Row>();
    const pool = app.exportPool;
    // Only an export a worker can find, on a database a worker can open, whose batches are a keyset walk.
    const sliced =
      ctx && ctx.reader && pool && EXPORT_ROUTES.get(o.path) === o && isKeysetWalk(batches)
        ? {
            pool,
            walk: batches,
            job: {
              path: o.path,
              body,
              lang: request.lang,
              timezone: request.timezone,
              now: ctx.now,
              scope: { merchantId: ctx.scope.merchantId, adminId: ctx.scope.adminId, gatewayIds: ctx.scope.gatewayIds },
              databaseUrl: app.appConfig.databaseUrl,
              statementTimeoutMs: app.appConfig.statementTimeoutMs,
              preparedStatements: app.appConfig.preparedStatements,
              format,
              maxRowsPerSheet: XLSX_MAX_DATA_ROWS,
            },
          }
        : undefined;
    return sendExport(reply, {
      format,
      filename,
      columns,
      batches,
      sheetName: o.sheetName(cells),
      ...(sliced ? { sliced } : {}),
    });
  });
}
