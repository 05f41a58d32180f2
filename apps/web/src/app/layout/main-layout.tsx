import { Suspense, useState } from 'react';
import { Drawer, Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { SIDEBAR_WIDTH } from '@mbo/shared/limits';
import { useIsMobile } from '../../platform/use-is-mobile';
import { AfterFirstContent } from '../../platform/after-first-content';
import { settings } from '../../platform/settings';
import { ReminderNotifier } from '../../features/system/components/reminder-notifier';
import { SidebarMenu } from './sidebar-menu';
import { SidebarLogo } from './sidebar-logo';
import { ScreenFallback } from '../screen-fallback';
import { TopBar } from './top-bar';
import { useSidebarOpened } from './sidebar-state';
import './layout.css';

const COLLAPSED_WIDTH = 64;

export function MainLayout() {
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  const [opened, toggle] = useSidebarOpened();
  // The drawer remembers the path it was opened on, so any navigation closes it.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const drawerOpen = isMobile && drawerOpenedAt === pathname;

  return (
    <Layout className={`mbo-layout${isMobile ? ' mbo-layout--mobile' : ''}`} hasSider={!isMobile}>
      {!isMobile && (
        <Layout.Sider
          className="mbo-sider"
          theme={settings.sideTheme}
          width={SIDEBAR_WIDTH}
          collapsedWidth={COLLAPSED_WIDTH}
          collapsed={!opened}
          collapsible
          trigger={null}
          data-testid="sidebar"
          data-state={opened ? 'opened' : 'closed'}
        >
          <SidebarLogo collapsed={!opened} />
          <AfterFirstContent>
            <SidebarMenu />
          </AfterFirstContent>
        </Layout.Sider>
      )}
      {isMobile && (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpenedAt(null)}
          size={SIDEBAR_WIDTH}
          closable={false}
          styles={{ body: { padding: 0 } }}
          className="mbo-mobile-drawer"
        >
          <div data-testid="sidebar" data-state="opened">
            <SidebarLogo collapsed={false} />
            <SidebarMenu onNavigate={() => setDrawerOpenedAt(null)} />
          </div>
        </Drawer>
      )}
      <Layout className="mbo-main">
        <TopBar isMobile={isMobile} sidebarOpened={opened} onToggleSidebar={toggle} onOpenMobileMenu={() => setDrawerOpenedAt(pathname)} />
        <Layout.Content className="mbo-content">
          <Suspense key={pathname} fallback={<ScreenFallback visible />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
      <ReminderNotifier />
    </Layout>
  );
}
