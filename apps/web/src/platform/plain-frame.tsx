import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from './language-switch';
import { TimezoneSwitch } from './timezone-switch';
import { Logo } from './logo';
import { settings } from './settings';
import './plain-frame.css';

/** Frame of the screens outside the main layout (sign-in, chooser, onboarding, result). */
export function PlainFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mbo-plain">
      <header className="mbo-plain__header">
        <div className="mbo-plain__brand">
          <Logo size={28} />
          <span>{t(settings.titleKey)}</span>
        </div>
        <div className="mbo-plain__tools">
          <LanguageSwitch />
          <TimezoneSwitch />
        </div>
      </header>
      <main className="mbo-plain__main">{children}</main>
    </div>
  );
}
