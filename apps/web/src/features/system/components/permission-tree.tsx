import { Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALL_PERMISSIONS } from '@mbo/shared/permissions';
import { EDITABLE_MODULES, menuOfOperation } from '@mbo/shared/system-roles';

/** Locale key of an operation permission (`Admin:Invite` -> `perm.Admin_Invite`: i18next reads ":" as a namespace). */
export function permissionLabelKey(code: string): string {
  return `perm.${code.replace(':', '_')}`;
}

const LEAVES = new Set<string>(ALL_PERMISSIONS);

/**
 * The permission set as a tree of modules -> menus -> operations (spec §6), built from the catalog.
 * Each menu has a leaf "open the screen" (its url) besides its operations, so a role may see a screen
 * without downloading from it. Ticking an operation ticks its screen; unticking a screen unticks its
 * operations. Permissions the signed-in person does not hold are shown but cannot be ticked.
 */
export function PermissionTree({
  value,
  onChange,
  held,
  disabled,
}: {
  value: readonly string[];
  onChange: (next: string[]) => void;
  held: (code: string) => boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const leaf = (code: string, title: string): TreeDataNode => ({
    key: code,
    title: <span data-testid={`perm-${code}`}>{title}</span>,
    disableCheckbox: !held(code),
    isLeaf: true,
  });
  const data: TreeDataNode[] = EDITABLE_MODULES.map((m) => ({
    key: `module:${m.key}`,
    title: t(m.titleKey),
    children: m.menus.map((menu) => ({
      key: `menu:${menu.url}`,
      title: t(menu.titleKey),
      children: [leaf(menu.url, t('roles.openScreen')), ...menu.operations.map((op) => leaf(op, t(permissionLabelKey(op))))],
    })),
  }));

  const change = (checked: string[]) => {
    const before = new Set(value);
    const next = new Set(checked.filter((k) => LEAVES.has(k)));
    for (const code of [...next]) {
      const menu = menuOfOperation(code);
      // A newly ticked operation brings its screen; a screen just unticked takes its operations along.
      if (menu && !next.has(menu)) {
        if (before.has(menu)) next.delete(code);
        else next.add(menu);
      }
    }
    onChange(ALL_PERMISSIONS.filter((p) => next.has(p)));
  };

  return (
    <Tree
      checkable
      selectable={false}
      defaultExpandAll
      disabled={disabled}
      treeData={data}
      checkedKeys={[...value]}
      onCheck={(keys) => change((Array.isArray(keys) ? keys : keys.checked).map(String))}
      data-testid="permission-tree"
    />
  );
}
