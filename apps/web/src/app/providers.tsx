import type { ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { isLanguage, DEFAULT_LANGUAGE, type TLanguage } from '@mbo/shared/i18n';
import { i18n, getLanguage } from '../platform/i18n';
import { antdLocaleFor } from '../platform/antd-locale';
import { settings } from '../platform/settings';

export const theme: ThemeConfig = {
  token: { colorPrimary: settings.themeColor, colorInfo: settings.themeColor, borderRadius: 4 },
};

// Static message/Modal calls (the request client's toasts and dialogs) render outside the React
// tree; this gives them the same theme and the current language.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={antdLocaleFor(getLanguage())} theme={theme}>
      {children}
    </ConfigProvider>
  ),
});

function ThemedProviders({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const lang: TLanguage = isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
  return (
    <ConfigProvider locale={antdLocaleFor(lang)} theme={theme} componentSize={settings.size}>
      {children}
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedProviders>{children}</ThemedProviders>
    </I18nextProvider>
  );
}
