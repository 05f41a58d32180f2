import { useTranslation } from 'react-i18next';
import { GuardedLink } from '../../platform/guarded-link';
import { Logo } from '../../platform/logo';
import { settings } from '../../platform/settings';

export function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  if (!settings.sidebarLogo) return null;
  return (
    <GuardedLink to="/" className={`mbo-sidebar-logo${collapsed ? ' mbo-sidebar-logo--collapsed' : ''}`} title={t(settings.titleKey)}>
      <Logo size={28} />
      {!collapsed && <span className="mbo-sidebar-logo__text">{t(settings.logoTextKey)}</span>}
    </GuardedLink>
  );
}
