import { Button } from 'antd';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RecentExportsButton } from '../../features/exports/components/recent-exports-button';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { SearchTrigger } from '../../features/search/components/search-trigger';
import { UnreadNewsBadge } from '../../features/system/components/unread-news-badge';
import { LanguageSwitch } from '../../platform/language-switch';
import { TimezoneSwitch } from '../../platform/timezone-switch';
import { Breadcrumbs } from './breadcrumbs';
import { UserMenu } from './user-menu';

type TTopBarProps = {
  isMobile: boolean;
  sidebarOpened: boolean;
  onToggleSidebar: () => void;
  onOpenMobileMenu: () => void;
};

export function TopBar({ isMobile, sidebarOpened, onToggleSidebar, onOpenMobileMenu }: TTopBarProps) {
  const { t } = useTranslation();
  return (
    <header className="mbo-topbar">
      <div className="mbo-topbar__left">
        {isMobile ? (
          <Button
            type="text"
            icon={<MenuOutlined />}
            onClick={onOpenMobileMenu}
            data-testid="mobile-menu-button"
            aria-label={t('layout.openMenu')}
          />
        ) : (
          <Button
            type="text"
            icon={sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            onClick={onToggleSidebar}
            data-testid="sidebar-toggle"
            aria-label={t(sidebarOpened ? 'layout.collapseSidebar' : 'layout.expandSidebar')}
            aria-expanded={sidebarOpened}
          />
        )}
        <Breadcrumbs />
      </div>
      <div className="mbo-topbar__right">
        <SearchTrigger compact={isMobile} />
        <UnreadNewsBadge />
        <RecentExportsButton />
        <NotificationBell />
        <LanguageSwitch />
        <TimezoneSwitch />
        <UserMenu />
      </div>
    </header>
  );
}
