import { AsyncLocalStorage } from 'node:async_hooks';
import os from 'node:os';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { API_BASE } from '@mbo/shared/api-paths';
import { OPERATION_MODULES, type TOperationModule, type TOperationType } from '@mbo/shared/operation-log';
import { MODULES } from '@mbo/shared/permissions';
import type { Db } from '../db/database';
import { AppError } from './errors';
import type { Clock } from './time';

/*
 * The operation log, recorded in one place so that no write can forget it.
 *
 * - Every API route that is not a GET is a write. When it is registered, its module (from its
 *   permission, else from the domain plugin that registers it), its action (from its path) and its
 *   operation type (from the path's verb) are worked out, unless the route declares them in
 *   `config.operation`. After the handler, whatever the outcome, one entry is written with the
 *   caller, the client address, the result (and the failure's message key) and the object touched
 *   (`config.operation.target`, else a path parameter, else an id field of the body or of the answer).
 *   A refused call without a session (a wrong password) belongs to no business and goes to the
 *   login log instead.
 * - Code that knows more calls `writeOperationLog` (platform/audit.ts) as before: inside a request
 *   its entry is folded into the request's entry (its operation name and content win), so each
 *   request gives one line per business it touched.
 * - Operator commands run inside `runOperatorCommand`: every merchant a command touches gets an
 *   entry marked `ops` with the operator's name, unless the command only reads.
 * - Entries are never updated, and the database itself refuses to change them or to delete one
 *   younger than 12 months (migration 0008).
 */

export type OperationDeclaration = {
  module?: TOperationModule;
  /** Stable name of the route's operation; its label is `opAction.<action>` in the system catalog. */
  action?: string;
  type?: TOperationType;
  /** Field names (path parameters, then body, then the answer's data) that name the object touched. */
  target?: readonly string[];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the operation log names this write route (worked out from the route when absent). */
    operation?: OperationDeclaration;
  }
}

export type ResolvedOperation = {
  method: string;
  url: string;
  module: TOperationModule;
  action: string;
  type: TOperationType;
  target: readonly string[];
  /** true when the module came from neither a declaration, the permission nor a known domain plugin. */
  guessedModule: boolean;
};

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
};

type RequestStore = {
  kind: 'request';
  entries: OperationEntry[];
  notes: { content: string[]; target: string | null };
  error: unknown;
  /** Set once the request's entry is written: later writes (background work) go straight to the table. */
  flushed: boolean;
};

type OperatorStore = {
  kind: 'ops';
  command: string;
  operator: string;
  merchants: Set<number>;
  entries: OperationEntry[];
};

const context = new AsyncLocalStorage<RequestStore | OperatorStore>();

/** Fields that name the object a write touched, in the order they are looked for. */
export const TARGET_FIELDS = ['adminId', 'roleId', 'id', 'tradeNo', 'refundNo', 'caseNo', 'businessId', 'gatewayNo', 'fileId'] as const;

const DOMAIN_MODULES: Record<string, TOperationModule> = {
  auth: 'auth',
  onboarding: 'onboarding',
  kyc: 'onboarding',
  system: 'system',
  transaction: 'transaction',
  refund: 'transaction',
  dispute: 'transaction',
  report: 'transaction',
  dashboard: 'transaction',
  funds: 'funds',
  waybill: 'waybill',
  website: 'website',
  risk: 'risk',
  link: 'shortcutPayment',
};

const TYPE_WORDS: readonly [RegExp, TOperationType][] = [
  [/export|download/i, 'export'],
  [/logout|signout/i, 'signOut'],
  [/login|signin|sso|sysadmin|switchbusiness|unlock|twofa\/verify|accept/i, 'signIn'],
  [/delete|remove/i, 'delete'],
  [/reveal/i, 'view'],
  [/add|create|apply|invite|upload|signup|register|record/i, 'add'],
];

function moduleOfPermission(permission: string | undefined): TOperationModule | undefined {
  if (!permission) return undefined;
  for (const m of MODULES)
    for (const menu of m.menus) if (menu.url === permission || (menu.operations as readonly string[]).includes(permission)) return m.key;
  return undefined;
}

/** The domain of the plugin chain that registers a route (`systemRoutes -> roleRoutes` is system). */
function moduleOfPlugin(pluginName: string): TOperationModule | undefined {
  for (const part of pluginName.split(' -> ')) {
    const name = part
      .trim()
      .replace(/Routes?$/, '')
      .replace(/s$/, '')
      .toLowerCase();
    const found = DOMAIN_MODULES[name];
    if (found) return found;
  }
  return undefined;
}

/** `/admin/managers/update` -> `admin.managers.update`; path parameters are left out. */
export function actionOfUrl(url: string): string {
  return url
    .slice(API_BASE.length)
    .split('/')
    .filter((s) => s.length > 0 && !s.startsWith(':'))
    .join('.');
}

export function typeOfUrl(url: string): TOperationType {
  const path = url.slice(API_BASE.length);
  for (const [re, type] of TYPE_WORDS) if (re.test(path)) return type;
  return 'edit';
}

function isWriteMethod(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

function isApiUrl(url: string | undefined): url is string {
  return url !== undefined && url.startsWith(`${API_BASE}/`);
}

function truncate(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text;
}

function pickTarget(fields: readonly string[], ...sources: unknown[]): string {
  for (const source of sources) {
    if (typeof source !== 'object' || source === null) continue;
    const record = source as Record<string, unknown>;
    for (const field of fields) {
      const v = record[field];
      if (typeof v === 'string' || typeof v === 'number') return `${field}=${String(v)}`;
    }
  }
  return '';
}

function paramsTarget(params: unknown): string {
  if (typeof params !== 'object' || params === null) return '';
  return Object.entries(params as Record<string, unknown>)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(' ');
}

/** The envelope of a JSON answer, when the answer is one. */
function envelopeOf(reply: FastifyReply, payload: unknown): { code: number; data: unknown } | null {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return null;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !type.includes('json')) return null;
  try {
    const parsed: unknown = JSON.parse(typeof payload === 'string' ? payload : payload.toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { code?: unknown }).code === 'number') {
      return parsed as { code: number; data: unknown };
    }
  } catch {
    return null;
  }
  return null;
}

function failureKey(error: unknown): string {
  if (error instanceof AppError) return error.key;
  const validation = (error as { validation?: unknown } | null)?.validation;
  if (Array.isArray(validation)) return 'opLog.invalidInput';
  return 'error.internal';
}

type Row = {
  merchant_id: number;
  admin_id: number | null;
  operator: string;
  sys_admin: 0 | 1;
  source: string;
  module: string;
  operation: string;
  action: string;
  op_type: string;
  content: string;
  target: string;
  result: number;
  error: string;
  ip: string;
  created_at: number;
};

async function insertRows(db: Db, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('operation_logs')
    .values(
      rows.map((r) => ({
        ...r,
        operator: truncate(r.operator, 64),
        content: truncate(r.content, 2000),
        target: truncate(r.target, 200),
        ip: truncate(r.ip, 64),
      })),
    )
    .execute();
}

async function loginNameOf(db: Db, adminId: number): Promise<string> {
  const row = await db.selectFrom('admins').select('login_name').where('id', '=', adminId).executeTakeFirst();
  return row?.login_name ?? '';
}

function validModule(module: string, fallback: TOperationModule): TOperationModule {
  return (OPERATION_MODULES as readonly string[]).includes(module) ? (module as TOperationModule) : fallback;
}

/** An entry written outside any request or command (a scheduled job): straight to the table. */
async function insertEntry(db: Db, e: OperationEntry, source: string): Promise<void> {
  await insertRows(db, [
    {
      merchant_id: e.merchantId,
      admin_id: e.adminId,
      operator: await loginNameOf(db, e.adminId),
      sys_admin: e.sysAdmin ? 1 : 0,
      source,
      module: validModule(e.module, 'system'),
      operation: e.operation,
      action: e.operation,
      op_type: 'edit',
      content: e.content,
      target: '',
      result: 1,
      error: '',
      ip: e.ip,
      created_at: e.now,
    },
  ]);
}

/**
 * What `writeOperationLog` does with an entry: inside a request or an operator command it joins that
 * request's or command's entry; otherwise it is written at once.
 */
export async function recordEntry(db: Db, e: OperationEntry): Promise<void> {
  const store = context.getStore();
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
  },
): Promise<void> {
  await insertRows(db, [
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
    },
  ]);
}

/** Adds detail to the current request's entry (content that is not a secret, and the object touched). */
export function noteOperation(note: { content?: string; target?: string }): void {
  const store = context.getStore();
  if (!store || store.kind !== 'request') return;
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
  const rows: Row[] = [];
  const adminId = auth?.adminId ?? primary?.adminId ?? null;
  rows.push({
    merchant_id: auth?.merchantId ?? primary?.merchantId ?? 0,
    admin_id: adminId,
    operator: auth?.loginName ?? (adminId !== null ? await loginNameOf(db, adminId) : ''),
    sys_admin: (auth?.sysAdmin ?? primary?.sysAdmin) ? 1 : 0,
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
  });
  // Entries about other businesses (removing an account touches each of the person's businesses).
  for (const e of store.entries) {
    if (e === primary) continue;
    rows.push({
      merchant_id: e.merchantId,
      admin_id: e.adminId,
      operator: await loginNameOf(db, e.adminId),
      sys_admin: e.sysAdmin ? 1 : 0,
      source: 'api',
      module: validModule(e.module, op.module),
      operation: e.operation,
      action: op.action,
      op_type: op.type,
      content: e.content,
      target: '',
      result: 1,
      error: '',
      ip: e.ip,
      created_at: e.now,
    });
  }
  await insertRows(db, rows);
}

const kStore = Symbol('operationLogStore');
type RequestWithStore = FastifyRequest & { [kStore]?: RequestStore };

/** Works out how the log names a write route (exported for the tests that check every route is named). */
export function resolveOperation(route: Pick<RouteOptions, 'url' | 'config'>, method: string, pluginName: string): ResolvedOperation {
  const declared = route.config?.operation ?? {};
  const fromPermission = moduleOfPermission(route.config?.permission);
  const fromPlugin = moduleOfPlugin(pluginName);
  return {
    method,
    url: route.url,
    module: declared.module ?? fromPermission ?? fromPlugin ?? 'system',
    action: declared.action ?? actionOfUrl(route.url),
    type: declared.type ?? typeOfUrl(route.url),
    target: declared.target ?? TARGET_FIELDS,
    guessedModule: declared.module === undefined && fromPermission === undefined && fromPlugin === undefined,
  };
}

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

  app.addHook('onRoute', function name(this: FastifyInstance, route) {
    if (!isApiUrl(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!isWriteMethod(method)) continue;
      routes.set(`${method} ${route.url}`, resolveOperation(route, method, this.pluginName));
    }
  });

  const opOf = (request: FastifyRequest) =>
    isWriteMethod(request.method) ? routes.get(`${request.method} ${request.routeOptions.url ?? ''}`) : undefined;

  app.addHook('onRequest', (request, _reply, done) => {
    if (!opOf(request)) {
      done();
      return;
    }
    const store: RequestStore = { kind: 'request', entries: [], notes: { content: [], target: null }, error: null, flushed: false };
    (request as RequestWithStore)[kStore] = store;
    context.run(store, done);
  });
  // The body is parsed in the socket's own async context: enter the store again before the handler.
  app.addHook('preValidation', (request, _reply, done) => {
    const store = (request as RequestWithStore)[kStore];
    if (store) context.run(store, done);
    else done();
  });
  app.addHook('onError', async (request, _reply, error) => {
    const store = (request as RequestWithStore)[kStore];
    if (store) store.error = error;
  });
  // A callback hook: a read (most requests) passes straight through without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const op = opOf(request);
    if (!op) {
      done(null, payload);
      return;
    }
    void writeRequestEntry(deps.db, deps.now, request, reply, payload, op)
      .catch((error: unknown) => request.log.error({ err: error }, 'operation log entry not written'))
      .finally(() => done(null, payload));
  });
}

// ------------------------------------------------------------------------------------------------
// Operator commands

const READ_ONLY_VERBS = new Set(['list', 'show', 'verify', 'help']);

/** Whether an operator command changes data (`refund:audit`) rather than reading it (`refund:list`). */
export function isWriteCommand(command: string): boolean {
  return !READ_ONLY_VERBS.has(command.split(':').pop() ?? '');
}

function operatorName(): string {
  try {
    return `ops:${os.userInfo().username}`;
  } catch {
    return 'ops';
  }
}

/** Marks a merchant as touched by the running operator command (ops-common `merchantScope` calls it). */
export function noteOperatorMerchant(merchantId: number): void {
  const store = context.getStore();
  if (store?.kind === 'ops') store.merchants.add(merchantId);
}

function commandType(command: string): TOperationType {
  return typeOfUrl(`${API_BASE}/${command.replace(':', '/')}`);
}

/** What an operator command was called with: its named positional arguments and its options. */
export type CommandArguments = { positionals: Record<string, string>; options: Record<string, unknown> };

/** The merchants an operator command's arguments name (a business id, a refund, trade or case number, a merchant or gateway number). */
async function merchantsNamed(db: Db, args: CommandArguments): Promise<{ merchantIds: number[]; target: string }> {
  const ids = new Set<number>();
  const p = args.positionals;
  const targets: string[] = [];
  const add = (rows: { merchant_id: number }[]) => {
    for (const r of rows) ids.add(Number(r.merchant_id));
  };
  if (p.businessId && /^\d{1,15}$/.test(p.businessId)) {
    add(await db.selectFrom('merchants').select('id as merchant_id').where('id', '=', Number(p.businessId)).execute());
    targets.push(`businessId=${p.businessId}`);
  }
  if (p.refundNo) {
    add(await db.selectFrom('refunds').select('merchant_id').where('refund_no', '=', p.refundNo).execute());
    targets.push(`refundNo=${p.refundNo}`);
  }
  if (p.tradeNo) {
    add(await db.selectFrom('transactions').select('merchant_id').where('trade_no', '=', p.tradeNo).execute());
    targets.push(`tradeNo=${p.tradeNo}`);
  }
  if (p.caseNo) {
    add(await db.selectFrom('disputes').select('merchant_id').where('case_no', '=', p.caseNo).execute());
    targets.push(`caseNo=${p.caseNo}`);
  }
  const merchantNo = args.options.merchant;
  if (typeof merchantNo === 'string' && merchantNo.trim() !== '') {
    add(await db.selectFrom('merchants').select('id as merchant_id').where('merchant_no', '=', merchantNo.trim()).execute());
  }
  const gatewayNo = args.options.gateway;
  if (typeof gatewayNo === 'string' && gatewayNo.trim() !== '') {
    add(await db.selectFrom('gateways').select('merchant_id').where('gateway_no', '=', gatewayNo.trim()).execute());
    targets.push(`gatewayNo=${gatewayNo.trim()}`);
  }
  return { merchantIds: [...ids], target: targets.join(' ') };
}

/**
 * Runs an operator command and records it: one entry per merchant it touched (named by its arguments
 * or looked up through ops-common's merchantScope), with what the services it called wrote, as the
 * operator (no administrator). Read-only commands (`:list`, `:show`, `:verify`) record nothing.
 */
export async function runOperatorCommand<T>(db: Db, now: Clock, command: string, args: CommandArguments, fn: () => Promise<T>): Promise<T> {
  const store: OperatorStore = { kind: 'ops', command, operator: operatorName(), merchants: new Set(), entries: [] };
  let failure: unknown = null;
  try {
    return await context.run(store, fn);
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    if (isWriteCommand(command)) {
      const named = await merchantsNamed(db, args);
      const merchants = new Set([...store.merchants, ...named.merchantIds, ...store.entries.map((e) => e.merchantId)]);
      const at = now();
      const rows: Row[] = [...merchants].map((merchantId) => {
        const said = store.entries.filter((e) => e.merchantId === merchantId);
        return {
          merchant_id: merchantId,
          admin_id: null,
          operator: store.operator,
          sys_admin: 0,
          source: 'ops',
          module: validModule(said[0]?.module ?? '', 'system'),
          operation: said[0]?.operation ?? command,
          action: `ops:${command}`,
          op_type: commandType(command),
          content: said
            .map((e) => e.content)
            .filter((c) => c.length > 0)
            .join('; '),
          target: named.target,
          result: failure === null ? 1 : 0,
          error: failure === null ? '' : failure instanceof AppError ? failure.key : 'opLog.commandFailed',
          ip: '',
          created_at: at,
        };
      });
      await insertRows(db, rows);
    }
  }
}
