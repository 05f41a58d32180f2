import { SYSTEM_MESSAGES } from './messages';

/**
 * The roles the product itself creates. `name` is the stable name a role is found by (`roles.name`,
 * what `npm run ops -- admin:create --role` matches); the display names come from the system catalog.
 */
export const BUILT_IN_ROLES = {
  administrator: { name: 'administrator', label: 'role.administrator' },
  customerService: { name: 'customer service', label: 'role.customerService' },
} as const;

/** The name columns of a built-in role's row. */
export function builtInRoleNames(role: keyof typeof BUILT_IN_ROLES): { name: string; name_cn: string; name_en: string } {
  const { name, label } = BUILT_IN_ROLES[role];
  return { name, name_cn: SYSTEM_MESSAGES.zhCn[label], name_en: SYSTEM_MESSAGES.en[label] };
}
