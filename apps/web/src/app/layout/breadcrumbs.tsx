import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { GuardedLink } from '../../platform/guarded-link';
import { findTitleHandle, useRouteMatches } from '../route-handle';

/** Home / module / menu (spec §2 layout). */
export function Breadcrumbs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const handle = findTitleHandle(useRouteMatches());
  const atHome = pathname === '/' || pathname === '/index';

  const items = [
    { key: 'home', title: atHome ? t('route.dashboard') : <GuardedLink to="/">{t('route.dashboard')}</GuardedLink> },
    ...(handle?.moduleTitleKey ? [{ key: 'module', title: t(handle.moduleTitleKey) }] : []),
    ...(!atHome && handle?.titleKey ? [{ key: 'page', title: t(handle.titleKey) }] : []),
  ];

  return (
    <div className="mbo-breadcrumbs" data-testid="breadcrumbs">
      <Breadcrumb items={items} />
    </div>
  );
}
