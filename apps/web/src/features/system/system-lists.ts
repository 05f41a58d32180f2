import { ANNOUNCEMENTS } from '@mbo/shared/announcements';
import { ApiPath } from '@mbo/shared/api-paths';
import { LOGIN_LOGS } from '@mbo/shared/logs';
import { AdminStatus } from '@mbo/shared/merchants';
import { OPERATION_LOGS, OPERATION_MODULES, OPERATION_TYPES, OperationLogPath } from '@mbo/shared/operation-log';
import { AdminPath, ADMINS } from '@mbo/shared/system-admins';
import { RolePath, ROLES } from '@mbo/shared/system-roles';
import { WEBHOOK_DELIVERIES, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_KINDS, WebhookPath } from '@mbo/shared/webhooks';
import { dateRangeField, enumOptions, selectField, textField } from '../../platform/filter-fields';
import { declaredScreen } from '../../platform/list-screen';
import { announcementsKey } from './api/announcements';
import { adminsKey } from './api/get-admins';
import { exportOperationLogs, operationLogsKey } from './api/get-operation-logs';
import { loginLogsKey } from './api/get-login-logs';
import { rolesKey } from './api/get-roles';
import { webhookDeliveriesKey } from './api/get-webhook-deliveries';

/** The list screens of the System menu, each a declared list: administrators, roles, the operation and login logs, announcements and payment notification deliveries. */

export const ADMIN_LIST = declaredScreen(ADMINS, {
  title: 'menu.managers',
  key: adminsKey,
  path: AdminPath.list,
  count: false,
  fields: [
    textField('keyword', 'admins.keyword', 64),
    selectField('status', 'admins.statusLabel', enumOptions('admins.status', AdminStatus), { all: true }),
  ],
  testId: 'admin-table',
});

export const ROLE_LIST = declaredScreen(ROLES, {
  title: 'menu.roles',
  key: rolesKey,
  path: RolePath.list,
  count: false,
  fields: [textField('keyword', 'roles.keyword', 32)],
  testId: 'role-table',
});

/** The operation log opens on today's entries. */
export const OPERATION_LOG_LIST = declaredScreen(OPERATION_LOGS, {
  title: 'menu.operateLog',
  key: operationLogsKey,
  path: OperationLogPath.list,
  count: false,
  fields: [
    dateRangeField('opLog.time'),
    textField('operator', 'opLog.operator', 64),
    selectField('type', 'opLog.type', enumOptions('opLog.types', OPERATION_TYPES), { all: true }),
    selectField('module', 'opLog.module', enumOptions('opLog.modules', OPERATION_MODULES), { all: true }),
  ],
  testId: 'operation-log-table',
  export: { permission: 'OperateLog:Downloads', run: exportOperationLogs, jsonl: (filters) => exportOperationLogs(filters, 'jsonl') },
});

export const NEWS_LIST = declaredScreen(ANNOUNCEMENTS, {
  title: 'menu.news',
  key: announcementsKey,
  path: ApiPath.announcements,
  count: false,
  fields: [],
  testId: 'news-table',
  extras: ['news'],
});

export const LOGIN_LOG_LIST = declaredScreen(LOGIN_LOGS, {
  title: 'menu.loginLog',
  key: loginLogsKey,
  path: ApiPath.loginLogs,
  count: false,
  fields: [
    selectField(
      'success',
      'loginLog.result',
      [
        { value: 'true', label: 'loginLog.success' },
        { value: 'false', label: 'loginLog.failure' },
      ],
      { all: true },
    ),
  ],
  testId: 'login-log-table',
});

/** The payment notification log opens on today's deliveries. */
export const WEBHOOK_DELIVERY_LIST = declaredScreen(WEBHOOK_DELIVERIES, {
  title: 'webhooks.log',
  key: webhookDeliveriesKey,
  path: WebhookPath.deliveries,
  count: false,
  fields: [
    dateRangeField('webhooks.time'),
    selectField('kind', 'webhooks.kind', enumOptions('webhooks.kinds', [...WEBHOOK_EVENT_KINDS, 'test']), { all: true }),
    selectField('status', 'webhooks.status', enumOptions('webhooks.statuses', WEBHOOK_DELIVERY_STATUSES), { all: true }),
  ],
  testId: 'webhook-delivery-table',
});
