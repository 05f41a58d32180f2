/**
 * Messages of system management: roles, administrators, merchant details and the sign key, and the
 * operation log's export. Registered by `src/messages.ts`; zh_HK and en are typed against zh_CN.
 */
const zhCn = {
  'role.nameTaken': '角色名称已存在',
  'role.badName': '不能包含换行或其他控制字符',
  'role.operationNeedsMenu': '操作权限 {operations} 需要同时勾选其所属页面',
  'role.administratorLocked': '管理员角色拥有全部权限，不能修改或删除',
  'role.ownRole': '不能修改或删除您自己所属的角色',
  'role.exceedsYours': '不能授予您自己没有的权限：{permissions}',
  'role.inUse': '该角色正在被使用，不能删除。使用者：{holders}',

  'admin.owner': '不能更改商户主账号',
  'admin.self': '不能停用或降低您自己的账号',
  'admin.roleExceedsYours': '不能授予该角色：它包含您自己没有的权限',
  'admin.gatewaysExceedYours': '只能分配您自己可访问的网关',
  'admin.gatewayNotFound': '网关号 {gatewayNo} 不存在',
  'admin.manageExceedsYours': '该管理员的角色或网关超出您的权限范围，您不能更改',
  'admin.notNormal': '只能停用或重置状态正常的管理员',
  'admin.notDisabled': '只能恢复已停用的管理员',
  'admin.notEditable': '已停用的管理员不能修改，请先恢复',
  'admin.noVerifiedEmail': '该管理员没有已验证的邮箱，无法发送重置密码邮件',

  'signKey.wrongPassword': '密码不正确',
  'signKey.sysAdmin': '系统管理员登录的会话不能查看签名密钥，请使用您自己的账号登录',
  'signKey.tooMany': '密码错误次数过多，请 {minutes} 分钟后再试',

  'opLog.invalidInput': '输入无效',
  'opLog.commandFailed': '命令执行失败',
  'opLog.chainBroken': '操作日志链校验未通过：有记录被修改、删除或插入',
  'opLog.operatorCommand': '运营人员命令 {command}',
  'opLog.job': '定时任务 {job}',

  'field.nameCn': '中文名称',
  'field.nameEn': '英文名称',
  'field.description': '描述',
  'field.permissions': '权限',
  'field.keyword': '关键字',
  'field.operator': '操作人',
  'field.type': '操作类型',
  'field.module': '模块',

  'export.operationLog': '操作日志',
  'opLogCol.actor': '身份',
  'opLogCol.operation': '操作',
  'opLogCol.failure': '失败原因',
  'opLogResult.1': '成功',
  'opLogResult.0': '失败',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'role.nameTaken': '角色名稱已存在',
  'role.badName': '不能包含換行或其他控制字元',
  'role.operationNeedsMenu': '操作權限 {operations} 需要同時勾選其所屬頁面',
  'role.administratorLocked': '管理員角色擁有全部權限，不能修改或刪除',
  'role.ownRole': '不能修改或刪除您自己所屬的角色',
  'role.exceedsYours': '不能授予您自己沒有的權限：{permissions}',
  'role.inUse': '該角色正在被使用，不能刪除。使用者：{holders}',

  'admin.owner': '不能更改商戶主賬號',
  'admin.self': '不能停用或降低您自己的賬號',
  'admin.roleExceedsYours': '不能授予該角色：它包含您自己沒有的權限',
  'admin.gatewaysExceedYours': '只能分配您自己可存取的網關',
  'admin.gatewayNotFound': '網關號 {gatewayNo} 不存在',
  'admin.manageExceedsYours': '該管理員的角色或網關超出您的權限範圍，您不能更改',
  'admin.notNormal': '只能停用或重設狀態正常的管理員',
  'admin.notDisabled': '只能恢復已停用的管理員',
  'admin.notEditable': '已停用的管理員不能修改，請先恢復',
  'admin.noVerifiedEmail': '該管理員沒有已驗證的電郵，無法發送重設密碼電郵',

  'signKey.wrongPassword': '密碼不正確',
  'signKey.sysAdmin': '系統管理員登入的會話不能查看簽名密鑰，請使用您自己的賬號登入',
  'signKey.tooMany': '密碼錯誤次數過多，請 {minutes} 分鐘後再試',

  'opLog.invalidInput': '輸入無效',
  'opLog.commandFailed': '命令執行失敗',
  'opLog.chainBroken': '操作日誌鏈校驗未通過：有記錄被修改、刪除或插入',
  'opLog.operatorCommand': '營運人員命令 {command}',
  'opLog.job': '定時任務 {job}',

  'field.nameCn': '中文名稱',
  'field.nameEn': '英文名稱',
  'field.description': '描述',
  'field.permissions': '權限',
  'field.keyword': '關鍵字',
  'field.operator': '操作人',
  'field.type': '操作類型',
  'field.module': '模組',

  'export.operationLog': '操作日誌',
  'opLogCol.actor': '身份',
  'opLogCol.operation': '操作',
  'opLogCol.failure': '失敗原因',
  'opLogResult.1': '成功',
  'opLogResult.0': '失敗',
};

const en: Record<Key, string> = {
  'role.nameTaken': 'Role name already exists',
  'role.badName': 'must not contain line breaks or other control characters',
  'role.operationNeedsMenu': 'The operations {operations} also need their screen to be ticked',
  'role.administratorLocked': 'The administrator role holds every permission and cannot be changed or deleted',
  'role.ownRole': 'You cannot change or delete a role you hold yourself',
  'role.exceedsYours': 'You cannot grant permissions you do not hold yourself: {permissions}',
  'role.inUse': 'The role is in use and cannot be deleted. Held by: {holders}',

  'admin.owner': "The merchant's owner account cannot be changed",
  'admin.self': 'You cannot disable or lower your own account',
  'admin.roleExceedsYours': 'You cannot grant this role: it holds permissions you do not hold yourself',
  'admin.gatewaysExceedYours': 'You can only assign gateways you can access yourself',
  'admin.gatewayNotFound': 'Gateway number {gatewayNo} does not exist',
  'admin.manageExceedsYours': "This administrator's role or gateways go beyond yours, so you cannot change them",
  'admin.notNormal': 'Only an administrator in the normal state can be disabled or reset',
  'admin.notDisabled': 'Only a disabled administrator can be resumed',
  'admin.notEditable': 'A disabled administrator cannot be edited; resume them first',
  'admin.noVerifiedEmail': 'This administrator has no verified email, so no password reset mail can be sent',

  'signKey.wrongPassword': 'The password is incorrect',
  'signKey.sysAdmin': 'A system administrator (single sign-on) session cannot reveal the sign key; sign in with your own account',
  'signKey.tooMany': 'Too many wrong passwords; try again in {minutes} minutes',

  'opLog.invalidInput': 'Invalid input',
  'opLog.commandFailed': 'The command failed',
  'opLog.chainBroken': 'The operation-log chain does not verify: entries were changed, removed or inserted',
  'opLog.operatorCommand': 'Operator command {command}',
  'opLog.job': 'Scheduled job {job}',

  'field.nameCn': 'Chinese name',
  'field.nameEn': 'English name',
  'field.description': 'Description',
  'field.permissions': 'Permissions',
  'field.keyword': 'Keyword',
  'field.operator': 'Operator',
  'field.type': 'Operation type',
  'field.module': 'Module',

  'export.operationLog': 'Operation log',
  'opLogCol.actor': 'Acting as',
  'opLogCol.operation': 'Operation',
  'opLogCol.failure': 'Failure reason',
  'opLogResult.1': 'Success',
  'opLogResult.0': 'Failed',
};

export const SYSTEM_MANAGEMENT_MESSAGES = { zhCn, zhHk, en };

declare module '../../platform/messages' {
  interface MessageCatalogs {
    systemManagement: Key;
  }
}
