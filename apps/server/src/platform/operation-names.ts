import type { RouteOptions } from 'fastify';
import { API_BASE } from '@mbo/shared/api-paths';
import { OPERATION_MODULES, type TOperationModule, type TOperationType } from '@mbo/shared/operation-log';
import { MODULES } from '@mbo/shared/permissions';

/*
 * How the operation log (operation-log.ts) names a write: its module (from its permission, else from
 * the domain plugin that registers it), its action (from its path), its operation type (from the
 * path's verb) and the fields that name the object it touches, unless the route declares them in
 * `config.operation`. Worked out once per route, when it is registered.
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

/** Fields that name the object a write touched, in the order they are looked for. */
export const TARGET_FIELDS = ['adminId', 'roleId', 'id', 'tradeNo', 'refundNo', 'caseNo', 'businessId', 'gatewayNo', 'fileId'] as const;

const DOMAIN_MODULES: Record<string, TOperationModule> = {
  auth: 'auth',
  passkey: 'auth',
  notification: 'system',
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
  exportjob: 'system',
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

/** Whether a request of this method is a write (and so gets an entry). */
export function isWriteMethod(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}

/** `module` when it is one of the log's modules, else `fallback`. */
export function validModule(module: string, fallback: TOperationModule): TOperationModule {
  return (OPERATION_MODULES as readonly string[]).includes(module) ? (module as TOperationModule) : fallback;
}

/** Works out how the log names a write route, when the route is registered (installOperationLog). */
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
