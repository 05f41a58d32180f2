import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '@mbo/shared/api-paths';
import type { TOperationModule, TOperationType } from '@mbo/shared/operation-log';
import type { Db, DbOrTrx } from '../db/database';
import { AppError } from './errors';
import { appendChained, type OperationRow } from './operation-log-chain';
import { actorKindOf, authMethodOf, changeText, envelopeOf, failureKey, maskText, paramsTarget, pickTarget } from './operation-log-values';
import { isWriteMethod, resolveOperation, validModule, type ResolvedOperation } from './operation-names';
import type { Clock } from './time';

/*
 * The operation log, recorded in one place so that no write can forget it.
 *
 * - Every API route that is not a GET is a write. When it is registered, its module (from its
 *   permission, else from the domain plugin that registers it), its action (from its path) and its
 *   operation type (from the path's verb) are worked out (operation-names.ts), unless the route
 *   declares them in `config.operation`. After the handler, whatever the outcome, one entry is
 *   written with the caller, the client address, the result (and the failure's message key) and the
 *   object touched (`config.operation.target`, else a path parameter, else an id field of the body
 *   or of the answer).
 *   A refused call without a session (a wrong password) belongs to no business and goes to the
 *   login log instead.
 * - Code that knows more calls `writeOperationLog` (platform/audit.ts) as before: inside a request
 *   its entry is folded into the request's entry (its operation name and content win), so each
 *   request gives one line per business it touched.
 * - Operator commands run inside `runOperatorCommand` (operation-log-commands.ts): every merchant a
 *   command touches gets an entry marked `ops` with the operator's name, unless the command only reads.
 * - Entries are never updated, and the database itself refuses to change them or to delete one
 *   younger than 12 months (migration 0008). Each is chained by hash onto its merchant's previous one
 *   (operation-log-chain.ts), so a row changed, removed or inserted behind the server's back shows.
 * - Each entry says who acted and how they signed in, and the masked values before and after what it
 *   changed (operation-log-values.ts): the code that changes the row passes them (noteOperation
 *   `change`, or writeOperationLog's `change`).
 * - A read refused for want of permission is recorded too (the permission guard's refusal reaches
 *   onError here), as every refused write already is, with its refusal key and envelope code.
 */

/** An entry as code writes it (platform/audit.ts writeOperationLog). */
export type OperationEntry = {
  merchantId: number;
  adminId: number;
  sysAdmin: boolean;
  /** Module key (`system`, `auth`, ...). */
  module: string;
  /** Stable operation name (`login`, `logout`, `updatePassword`, ...). */
  operation: string;
  /** Non-translated detail (ids, numbers); never secrets. */
  content: string;
  ip: string;
  now: number;
  /** The object before and after (masked before storing). */
  change?: OperationChange;
};

/** What a write changed: the object before (absent for a creation) and after (absent for a deletion). */
export type OperationChange = { before?: unknown; after?: unknown };

type RequestStore = {
  kind: 'request';
  entries: OperationEntry[];
  notes: { content: string[]; target: string | null; change: OperationChange };
  error: unknown;
  /** Set once the request's entry is written: later writes (background work) go straight to the table. */
  flushed: boolean;
};

/** What an operator command has recorded so far (operation-log-commands.ts). */
export type OperatorStore = {
  kind: 'ops';
  command: string;
  operator: string;
  merchants: Set<number>;
  entries: OperationEntry[];
  /** What the command's services noted they changed (noteOperation). */
  change: OperationChange;
};

/** The request or operator command whose entry an entry written now joins. */
export const operationContext = new AsyncLocalStorage<RequestStore | OperatorStore>();

function isApiUrl(url: string | undefined): url is string {
  return url !== undefined && url.startsWith(`${API_BASE}/`);
}

function truncate(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

/** The chain and value columns of a row whose actor and change are known. */
function whoAndWhat(source: string, sysAdmin: boolean, authMethod: string, change: OperationChange | undefined) {
  return {
    actor_kind: actorKindOf(source, sysAdmin),
    auth_method: authMethod,
    before_value: changeText(change?.before),
    after_value: changeText(change?.after),
  };
}

/** Appends rows to their merchants' hash chains (in the caller's transaction when it passes one). */
export async function insertOperationRows(db: DbOrTrx, rows: OperationRow[]): Promise<void> {
  if (rows.length === 0) return;
  await appendChained(
    db,
    rows.map((r) => ({
      ...r,
      operator: truncate(r.operator, 64),
      // A card number typed into a field that names the object (a blacklist value) is never kept whole.
      content: truncate(maskText(r.content), 2000),
      target: truncate(maskText(r.target), 200),
      ip: truncate(r.ip, 64),
    })),
  );
}

async function loginNameOf(db: Db, adminId: number): Promise<string> {
  const row = await db.selectFrom('admins').select('login_name').where('id', '=', adminId).executeTakeFirst();
  return row?.login_name ?? '';
}

/** The row of an explicit entry, named after what wrote it (a route, or a job when `action` is the entry's own). */
async function entryRow(
  db: Db,
  e: OperationEntry,
  by: { source: string; module: TOperationModule; action: string; type: TOperationType },
): Promise<OperationRow> {
  return {
    merchant_id: e.merchantId,
    admin_id: e.adminId,
    operator: await loginNameOf(db, e.adminId),
    sys_admin: e.sysAdmin ? 1 : 0,
    source: by.source,
    module: validModule(e.module, by.module),
    operation: e.operation,
    action: by.action,
    op_type: by.type,
    content: e.content,
    target: '',
    result: 1,
    error: '',
    ip: e.ip,
    created_at: e.now,
    code: 0,
    ...whoAndWhat(by.source, e.sysAdmin, '', e.change),
  };
}

/** An entry written outside any request or command (a scheduled job): straight to the table. */
async function insertEntry(db: Db, e: OperationEntry, source: string): Promise<void> {
  await insertOperationRows(db, [await entryRow(db, e, { source, module: 'system', action: e.operation, type: 'edit' })]);
}

/**
 * What `writeOperationLog` does with an entry: inside a request or an operator command it joins that
 * request's or command's entry; otherwise it is written at once.
 */
export async function recordEntry(db: Db, e: OperationEntry): Promise<void> {
  const store = operationContext.getStore();
  if (store && !(store.kind === 'request' && store.flushed)) {
    store.entries.push(e);
    return;
  }
  await insertEntry(db, e, 'job');
}

/**
 * An entry for a write a scheduled job performs for a merchant (no administrator, no client address).
 * Jobs call this themselves: they have no route or command around them to record them.
 */
export async function recordJobOperation(
  db: Db,
  e: {
    merchantId: number;
    module: TOperationModule;
    operation: string;
    type: TOperationType;
    content: string;
    target?: string;
    now: number;
    change?: OperationChange;
  },
): Promise<void> {
  await insertOperationRows(db, [
    {
      merchant_id: e.merchantId,
      admin_id: null,
      operator: 'system',
      sys_admin: 0,
      source: 'job',
      module: e.module,
      operation: e.operation,
      action: `job:${e.operation}`,
      op_type: e.type,
      content: e.content,
      target: e.target ?? '',
      result: 1,
      error: '',
      ip: '',
      created_at: e.now,
      code: 0,
      ...whoAndWhat('job', false, '', e.change),
    },
  ]);
}

/** Adds detail to the current request's entry (content that is not a secret, and the object touched). */
export function noteOperation(note: { content?: string; target?: string; change?: OperationChange }): void {
  const store = operationContext.getStore();
  if (!store) return;
  const change = store.kind === 'request' ? store.notes.change : store.change;
  // The first before and the last after, when a request changes the same object in steps.
  if (note.change && 'before' in note.change && !('before' in change)) change.before = note.change.before;
  if (note.change && 'after' in note.change) change.after = note.change.after;
  if (store.kind !== 'request') return;
  if (note.content) store.notes.content.push(note.content);
  if (note.target) store.notes.target = note.target;
}

async function writeRequestEntry(
  db: Db,
  now: Clock,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  op: ResolvedOperation,
) {
  const store = (request as RequestWithStore)[kStore];
  if (!store || store.flushed) return;
  store.flushed = true;
  const auth = request.auth;
  const primary = store.entries.find((e) => auth === null || e.merchantId === auth.merchantId);
  if (!auth && !primary) return;

  const envelope = envelopeOf(reply, payload);
  const success = reply.statusCode < 400 && (envelope === null || envelope.code === 0);
  const target =
    store.notes.target ??
    ([paramsTarget(request.params), pickTarget(op.target, request.body), pickTarget(op.target, envelope?.data)].find((t) => t !== '') ||
      '');
  const at = now();
  const rows: OperationRow[] = [];
  const adminId = auth?.adminId ?? primary?.adminId ?? null;
  const sysAdmin = auth?.sysAdmin ?? primary?.sysAdmin ?? false;
  // A creation whose code noted nothing: what it made is what the server answered (refund, withdrawal, link).
  const noted = 'before' in store.notes.change || 'after' in store.notes.change ? store.notes.change : primary?.change;
  const change = noted ?? (success && op.type === 'add' && envelope?.data ? { after: envelope.data } : undefined);
  rows.push({
    merchant_id: auth?.merchantId ?? primary?.merchantId ?? 0,
    admin_id: adminId,
    operator: auth?.loginName ?? (adminId !== null ? await loginNameOf(db, adminId) : ''),
    sys_admin: sysAdmin ? 1 : 0,
    source: 'api',
    module: primary ? validModule(primary.module, op.module) : op.module,
    operation: primary?.operation ?? op.action,
    action: op.action,
    op_type: op.type,
    content: [primary?.content ?? '', ...store.notes.content].filter((c) => c.length > 0).join('; '),
    target,
    result: success ? 1 : 0,
    error: success ? '' : failureKey(store.error),
    ip: request.ip,
    created_at: at,
    code: success ? 0 : (envelope?.code ?? (store.error instanceof AppError ? store.error.code : 0)),
    ...whoAndWhat('api', sysAdmin, authMethodOf(auth), change),
  });
  // Entries about other businesses (removing an account touches each of the person's businesses).
  for (const e of store.entries) {
    if (e === primary) continue;
    rows.push(await entryRow(db, e, { source: 'api', module: op.module, action: op.action, type: op.type }));
  }
  await insertOperationRows(db, rows);
}

const kStore = Symbol('operationLogStore');
type RequestWithStore = FastifyRequest & { [kStore]?: RequestStore };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every write route as the operation log names it. */
    operationRoutes: Map<string, ResolvedOperation>;
  }
}

/** Installs the recording of every write route. Call before the domain plugins register their routes. */
export function installOperationLog(app: FastifyInstance, deps: { db: Db; now: Clock }): void {
  const routes = new Map<string, ResolvedOperation>();
  app.decorate('operationRoutes', routes);
  // Reads are recorded only when refused (refusedRead).
  const reads = new Map<string, ResolvedOperation>();

  app.addHook('onRoute', function name(this: FastifyInstance, route) {
    if (!isApiUrl(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const op = resolveOperation(route, method, this.pluginName);
      if (isWriteMethod(method)) routes.set(`${method} ${route.url}`, op);
      else if (method === 'GET') reads.set(`${method} ${route.url}`, { ...op, type: 'view' });
    }
  });

  const opOf = (request: FastifyRequest) =>
    isWriteMethod(request.method) ? routes.get(`${request.method} ${request.routeOptions.url ?? ''}`) : undefined;
  /** A read the permission guard (or a limit) refused: recorded like a refused write. */
  const refusedRead = (request: FastifyRequest) => {
    const error = (request as RequestWithStore)[kStore]?.error;
    if (!(error instanceof AppError) || (error.httpStatus !== 403 && error.httpStatus !== 429)) return undefined;
    return reads.get(`${request.method} ${request.routeOptions.url ?? ''}`);
  };
  const newStore = (): RequestStore => ({
    kind: 'request',
    entries: [],
    notes: { content: [], target: null, change: {} },
    error: null,
    flushed: false,
  });

  app.addHook('onRequest', (request, _reply, done) => {
    if (!opOf(request)) {
      done();
      return;
    }
    const store = newStore();
    (request as RequestWithStore)[kStore] = store;
    operationContext.run(store, done);
  });
  // The body is parsed in the socket's own async context: enter the store again before the handler.
  app.addHook('preValidation', (request, _reply, done) => {
    const store = (request as RequestWithStore)[kStore];
    if (store) operationContext.run(store, done);
    else done();
  });
  // The session guard (platform/request-context.ts) refuses before this plugin's onRequest runs: its
  // refusal gets a store here, so the refused call is recorded all the same.
  app.addHook('onError', async (request, _reply, error) => {
    const r = request as RequestWithStore;
    r[kStore] ??= newStore();
    r[kStore].error = error;
  });
  // A callback hook: a read (most requests) passes straight through without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const op = opOf(request) ?? refusedRead(request);
    if (!op) {
      done(null, payload);
      return;
    }
    void writeRequestEntry(deps.db, deps.now, request, reply, payload, op)
      .catch((error: unknown) => request.log.error({ err: error }, 'operation log entry not written'))
      .finally(() => done(null, payload));
  });
}
