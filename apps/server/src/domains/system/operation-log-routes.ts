import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TLanguage } from '@mbo/shared/i18n';
import {
  OPERATION_LOGS,
  OperationLogPath,
  ZOperationLogChain,
  ZOperationLogExport,
  ZOperationLogListQuery,
  ZOperationLogPage,
} from '@mbo/shared/operation-log';
import { ok, okResponse } from '../../platform/envelope';
import { type ExportCells } from '../../platform/export-cells';
import { defineExport, registerExport } from '../../platform/export-route';
import { isMessageKey, translate } from '../../platform/i18n';
import type { MessageKey } from '../../platform/messages';
import { mapPage } from '../../platform/list';
import { type ExportOptions, rowMapper } from '../../platform/list-fields';
import { verifyMerchantChain } from '../../platform/operation-log-verify';
import { requireSession } from '../../platform/request-context';
import { dayRangeInZone, toIso } from '../../platform/time';
import * as repo from './operation-log-repository';

type Translate = (key: string) => string;

function via(lang: TLanguage): Translate {
  return (key) => (isMessageKey(key) ? translate(lang, key) : key);
}

/** A catalog text, or `fallback` when the catalog has no such key. */
function textOr(tr: Translate, key: string, fallback: string): string {
  const t = tr(key);
  return t === key ? fallback : t;
}

/** The label of what was done: the route's or command's, else the name the code gave it. */
export function operationLabel(tr: Translate, r: Record<string, unknown>): string {
  const action = String(r.action);
  if (action.startsWith('ops:')) return tr('opLog.operatorCommand').replace('{command}', action.slice(4));
  if (action.startsWith('job:')) return tr('opLog.job').replace('{job}', action.slice(4));
  if (action) return textOr(tr, `opAction.${action}`, action);
  return String(r.operation);
}

/** Why an entry failed, in the reader's language (the stored error is a catalog key or a text); empty on success. */
const failureOf = (tr: Translate, r: repo.OperationLogRow) =>
  Number(r.success) === 1 ? '' : textOr(tr, String(r.failure), String(r.failure));

/** The answer's row in the caller's language. */
function rowsIn(lang: TLanguage) {
  const tr = via(lang);
  return rowMapper(OPERATION_LOGS.fields, {
    operationLabel: (r) => operationLabel(tr, r),
    success: (r) => Number(r.success) === 1,
    failure: (r) => failureOf(tr, r),
  });
}

/**
 * The file's columns: the screen's, under its titles, with who acted, the operation and the failure
 * each a column of its own (headed by the server's texts: the screen has no such column).
 */
function fileColumns(c: ExportCells): ExportOptions<typeof OPERATION_LOGS.fields> {
  // Labels whose keys come from the rows (opAction.<action>); a key the catalog lacks shows the raw value.
  const tr: Translate = (key) => c.text(key as MessageKey);
  return {
    codes: { actor: 'opActor', module: 'opModule', type: 'opType' },
    columns: ['createdAt', 'operator', 'actor', 'ip', 'module', 'type', 'operationLabel', 'content', 'target', 'success', 'failure'],
    special: {
      actor: { header: c.text('opLogCol.actor') },
      operationLabel: { header: c.text('opLogCol.operation'), value: (r) => operationLabel(tr, r) },
      success: { value: (r) => c.label('opLogResult', Number(r.success)) },
      // A message of the server catalog (its key is stored), else the text itself.
      failure: {
        header: c.text('opLogCol.failure'),
        value: (r) => failureOf(tr, r),
      },
    },
  };
}

/** Declared with the module so an export worker finds it (defineExport). */
const operationLogExport = defineExport({
  path: OperationLogPath.export,
  permission: 'OperateLog:Downloads',
  list: OPERATION_LOGS,
  body: ZOperationLogExport,
  file: { name: 'operation-log', sheet: 'export.operationLog' },
  columns: fileColumns,
  batches: (b, { db, scope, timezone, reader }) => repo.iterateOperationLogs(db, scope, b, dayRangeInZone(b.from, b.to, timezone), reader),
  jsonLines: (b, { db, scope, timezone }) =>
    jsonLinesOf(repo.iterateOperationLogLines(db, scope, b, dayRangeInZone(b.from, b.to, timezone))),
});

/** A stored before/after text as JSON (null when none was recorded). */
function parsedValue(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The JSON Lines export's objects (system README lists the fields): untranslated codes, so a SIEM
 * parses them the same in every language. Before/after values were masked when written.
 */
async function* jsonLinesOf(batches: AsyncIterable<readonly Record<string, unknown>[]>) {
  for await (const batch of batches) {
    yield batch.map((r) => ({
      id: Number(r.id),
      time: toIso(Number(r.created_at)),
      merchantId: Number(r.merchant_id),
      operator: String(r.operator),
      actorKind: String(r.actor_kind),
      authMethod: String(r.auth_method),
      source: String(r.source),
      ip: String(r.ip),
      module: String(r.module),
      type: String(r.op_type),
      action: String(r.action),
      operation: String(r.operation),
      content: String(r.content),
      target: String(r.target),
      result: Number(r.result) === 1 ? 'success' : 'failure',
      code: Number(r.code),
      error: String(r.error),
      before: parsedValue(r.before_value),
      after: parsedValue(r.after_value),
      prevHash: String(r.prev_hash),
      hash: String(r.hash),
    }));
  }
}

/**
 * The operation log (spec §2 /log/forwardOperateLogList): a list and its export, nothing else. No
 * route changes or deletes an entry.
 */
export const operationLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    OperationLogPath.list,
    {
      config: { permission: '/log/forwardOperateLogList' },
      schema: { querystring: ZOperationLogListQuery, response: okResponse(ZOperationLogPage) },
    },
    async (request) => {
      const q = request.query;
      const page = await repo.listOperationLogs(app.db, requireSession(request).scope, q, dayRangeInZone(q.from, q.to, request.timezone));
      return ok(request, mapPage(page, rowsIn(request.lang)));
    },
  );

  registerExport(app, operationLogExport);

  // The screen's badge: the caller's merchant's chain, walked now (platform/operation-log-verify.ts).
  app.get(
    OperationLogPath.chain,
    { config: { permission: '/log/forwardOperateLogList' }, schema: { response: okResponse(ZOperationLogChain) } },
    async (request) => {
      const at = app.now();
      const report = await verifyMerchantChain(app.db, requireSession(request).scope.merchantId, at);
      return ok(request, {
        intact: report.problems.length === 0,
        checkedAt: toIso(at),
        entries: report.checked,
        problems: report.problems.slice(0, 20).map((p) => ({ id: p.id, kind: p.kind })),
      });
    },
  );
};
