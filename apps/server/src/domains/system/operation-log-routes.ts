import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TLanguage } from '@mbo/shared/i18n';
import {
  OperationLogPath,
  ZOperationLogExport,
  ZOperationLogListQuery,
  ZOperationLogPage,
  type TOperationActor,
  type TOperationLog,
} from '@mbo/shared/operation-log';
import { ok, okResponse } from '../../platform/envelope';
import { type ExportCells } from '../../platform/export-cells';
import { defineExport, registerExport } from '../../platform/export-route';
import { type ExportColumn } from '../../platform/export-values';
import { isMessageKey, translate } from '../../platform/i18n';
import type { MessageKey } from '../../platform/messages';
import { mapPage } from '../../platform/list';
import { requireSession } from '../../platform/request-context';
import { dayRangeInZone, toIso } from '../../platform/time';
import * as repo from './operation-log-repository';

export function actorOf(r: { source: string; sys_admin: number }): TOperationActor {
  if (r.source === 'ops') return 'operator';
  if (r.source === 'job') return 'system';
  return r.sys_admin === 1 ? 'sysAdmin' : 'admin';
}

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
export function operationLabel(tr: Translate, r: { action: string; operation: string }): string {
  if (r.action.startsWith('ops:')) return tr('opLog.operatorCommand').replace('{command}', r.action.slice(4));
  if (r.action.startsWith('job:')) return tr('opLog.job').replace('{job}', r.action.slice(4));
  if (r.action) return textOr(tr, `opAction.${r.action}`, r.action);
  return r.operation;
}

function toRow(lang: TLanguage, r: repo.OperationLogRow): TOperationLog {
  const tr = via(lang);
  return {
    id: r.id,
    createdAt: toIso(r.created_at),
    operator: r.operator,
    actor: actorOf(r),
    ip: r.ip,
    module: r.module,
    type: r.op_type,
    operation: r.operation,
    operationLabel: operationLabel(tr, r),
    content: r.content,
    target: r.target,
    success: r.result === 1,
    failure: r.result === 1 ? '' : textOr(tr, r.error, r.error),
  };
}

function exportColumns(c: ExportCells): ExportColumn<repo.OperationLogRow>[] {
  // Labels whose keys come from the rows (opAction.<action>); a key the catalog lacks shows the raw value.
  const tr: Translate = (key) => c.text(key as MessageKey);
  const h = c.text;
  const label = (prefix: string, value: string) => textOr(tr, `${prefix}.${value}`, value);
  return [
    { header: h('opLogCol.time'), value: (r) => c.time(r.created_at) },
    { header: h('opLogCol.operator'), value: (r) => r.operator },
    { header: h('opLogCol.actor'), value: (r) => label('opActor', actorOf(r)) },
    { header: h('opLogCol.ip'), value: (r) => r.ip },
    { header: h('opLogCol.module'), value: (r) => label('opModule', r.module) },
    { header: h('opLogCol.type'), value: (r) => label('opType', r.op_type) },
    { header: h('opLogCol.operation'), value: (r) => operationLabel(tr, r) },
    { header: h('opLogCol.content'), value: (r) => r.content },
    { header: h('opLogCol.target'), value: (r) => r.target },
    { header: h('opLogCol.result'), value: (r) => h(r.result === 1 ? 'opLogResult.1' : 'opLogResult.0') },
    { header: h('opLogCol.failure'), value: (r) => (r.result === 1 ? '' : textOr(tr, r.error, r.error)) },
  ];
}

/** Declared with the module so an export worker finds it (defineExport). */
const operationLogExport = defineExport({
  path: OperationLogPath.export,
  permission: 'OperateLog:Downloads',
  body: ZOperationLogExport,
  filePrefix: 'operation-log',
  sheetName: (c) => c.text('export.operationLog'),
  columns: (c) => exportColumns(c),
  batches: (b, { db, scope, timezone, reader }) => repo.iterateOperationLogs(db, scope, b, dayRangeInZone(b.from, b.to, timezone), reader),
});

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
      return ok(
        request,
        mapPage(page, (r) => toRow(request.lang, r)),
      );
    },
  );

  registerExport(app, operationLogExport);
};
