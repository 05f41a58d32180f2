/**
 * Messages of the system domain (merchant, admins, roles, logs), and the names of the roles the
 * product creates (the administrator role of every business, the demo's customer-service role): the
 * rows in `roles` take their `name_cn` / `name_en` from here.
 * Registered with the translator by `src/messages.ts`; zh_HK and en are typed against zh_CN, and
 * `src/messages.test.ts` checks keys, placeholders and that no other catalog defines the same key.
 */
const zhCn = {
  'field.success': '登录结果',

  'role.administrator': '管理员',
  'role.customerService': '客服',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'field.success': '登入結果',

  'role.administrator': '管理員',
  'role.customerService': '客服',
};

const en: Record<Key, string> = {
  'field.success': 'Login result',

  'role.administrator': 'Administrator',
  'role.customerService': 'Customer service',
};

export const SYSTEM_MESSAGES = { zhCn, zhHk, en };

// Makes these keys part of `MessageKey` (platform never imports a domain, so the domain adds itself).
declare module '../../platform/messages' {
  interface MessageCatalogs {
    system: Key;
  }
}
