import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { GuardedLink } from '../../platform/guarded-link';
import { useIsMobile } from '../../platform/use-is-mobile';
import { findTitleHandle, useRouteMatches } from '../route-handle';

/** Home / module / menu (spec §2 layout). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const handle = findTitleHandle(useRouteMatches());
  const atHome = pathname === '/' || pathname === '/index';
  // On a phone the trail keeps to one line: home and the page, without the module between them.
  const isMobile = useIsMobile();

  const items = [
    { key: 'home', title: atHome ? t('route.dashboard') : <GuardedLink to="/">{t('route.dashboard')}</GuardedLink> },
    ...(handle?.moduleTitleKey && !(isMobile && !atHome) ? [{ key: 'module', title: t(handle.moduleTitleKey) }] : []),
    ...(!atHome && handle?.titleKey ? [{ key: 'page', title: t(handle.titleKey) }] : []),
  ];

  return (
    <div className="mbo-breadcrumbs" data-testid="breadcrumbs">
      <Breadcrumb items={items} />
    </div>
  );
}
