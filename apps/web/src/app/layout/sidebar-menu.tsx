import type { ReactNode } from 'react';
import { Menu, type MenuProps } from 'antd';
import {
  CarOutlined,
  GlobalOutlined,
  HomeOutlined,
  LinkOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  TransactionOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MODULES, type TModuleDef } from '@mbo/shared/permissions';
import type { TModule } from '@mbo/shared/auth';
import { GuardedLink } from '../../platform/guarded-link';
import { preloadLocation } from '../../platform/navigation';
import { useSession } from '../../platform/session';
import { useConfirmedNavigate } from '../../platform/unsaved-changes';

const MODULE_ICONS: Record<string, ReactNode> = {
  transaction: <TransactionOutlined />,
  funds: <WalletOutlined />,
  waybill: <CarOutlined />,
  website: <GlobalOutlined />,
  risk: <SafetyCertificateOutlined />,
  shortcutPayment: <LinkOutlined />,
  system: <SettingOutlined />,
};

const HOME_KEY = '/';

export type TSidebarSection = { def: TModuleDef; menus: TModuleDef['menus'][number][] };

/**
 * Sidebar sections from the session's module list: only menus whose url the list holds, titled
 * from the MODULES catalog; urls the catalog does not know are skipped.
 */
export function buildSidebarSections(moduleList: readonly TModule[]): TSidebarSection[] {
  const sections: TSidebarSection[] = [];
  for (const module of moduleList) {
    const def: TModuleDef | undefined = MODULES.find((m) => m.moduleId === module.moduleId || m.key === module.key);
    if (!def) continue;
    const urls = new Set(module.menuList);
    const menus = def.menus.filter((menu) => urls.has(menu.url));
    if (menus.length > 0 && !sections.some((s) => s.def.moduleId === def.moduleId)) sections.push({ def, menus });
  }
  return sections;
}

export function moduleKeyOf(sections: readonly TSidebarSection[], pathname: string): string | undefined {
  return sections.find((s) => s.menus.some((menu) => menu.url === pathname))?.def.key;
}

export function SidebarMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useConfirmedNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const sections = buildSidebarSections(session.moduleList);
  const selected = pathname === '/index' ? HOME_KEY : pathname;
  const openModule = moduleKeyOf(sections, selected);

  // Each screen is a real link: a middle click or ctrl/cmd-click opens it in a new tab, a plain
  // click navigates here (asking first when a form has unsaved changes). The label wraps onto a
  // second line rather than being cut, and its full text is also the link's title.
  const link = (to: string, text: string, testId?: string) => (
    <GuardedLink
      to={to}
      title={text}
      data-testid={testId}
      className="mbo-sidebar-link"
      onClick={() => onNavigate?.()}
      // The screen's code and first data start on hover (or keyboard focus), before the click.
      onMouseEnter={() => preloadLocation(to)}
      onFocus={() => preloadLocation(to)}
    >
      {text}
    </GuardedLink>
  );
  const items: MenuProps['items'] = [
    { key: HOME_KEY, icon: <HomeOutlined />, label: link(HOME_KEY, t('route.dashboard')) },
    ...sections.map((section) => ({
      key: section.def.key,
      icon: MODULE_ICONS[section.def.key],
      label: t(section.def.titleKey),
      children: section.menus.map((menu) => ({ key: menu.url, label: link(menu.url, t(menu.titleKey), `menu-${menu.url}`) })),
    })),
  ];

  return (
    <Menu
      mode="inline"
      theme="light"
      items={items}
      selectedKeys={[selected]}
      defaultOpenKeys={openModule ? [openModule] : []}
      onClick={({ key, domEvent }) => {
        // A click on the link itself is the link's to handle; Enter on a focused item is not.
        if (domEvent.target instanceof Element && domEvent.target.closest('a')) return;
        navigate(key);
        onNavigate?.();
      }}
      className="mbo-sidebar-menu"
    />
  );
}
