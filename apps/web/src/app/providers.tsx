import { useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { isLanguage, DEFAULT_LANGUAGE, type TLanguage } from '@mbo/shared/i18n';
import { i18n, getLanguage } from '../platform/i18n';
import { antdLocaleFor } from '../platform/antd-locale';
import { settings, themeTextColor } from '../platform/settings';

/**
 * Every text colour reads at WCAG AA (4.5:1) on the background it is drawn on (axe and Lighthouse
 * check it in e2e/specs/a11y.test.ts): the primary colour is the theme colour's readable shade,
 * secondary texts (labels, hints, breadcrumbs, statistic titles) are darker than antd's 45% black,
 * errors use red-7, and tags draw their text one or two palette steps darker on the same pale fill.
 */
export const theme: ThemeConfig = {
  // Components take their styles from antd's prebuilt stylesheet (imported first in main.tsx) instead of
  // generating and injecting them as they first render; the tokens below still reach them as CSS
  // variables. Cold loads showed their content sooner (medians of 7 on 2 cores): the transaction list
  // 914 -> 839 ms, the dashboard 791 -> 726 ms, the sign-in page 303 -> 249 ms (issue 13 §3), for 109 KB
  // (gzip) more CSS.
  zeroRuntime: true,
  token: {
    colorPrimary: themeTextColor,
    colorInfo: themeTextColor,
    colorLink: themeTextColor,
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    // A select without a value shows its placeholder as its only visible label.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // The focus ring of inputs and selects: antd's 10% tint is hardly visible; 30% of the theme colour is.
    controlOutline: `${themeTextColor}4d`,
    borderRadius: 4,
  },
  components: {
    Tag: {
      colorSuccess: '#237804',
      colorWarning: '#ad4e00',
      colorError: '#cf1322',
      colorInfo: themeTextColor,
      green7: '#237804',
      cyan7: '#006d75',
      lime7: '#3f6600',
      gold7: '#874d00',
      yellow7: '#876800',
      orange7: '#ad4e00',
      volcano7: '#ad2102',
    },
  },
};

/**
 * A person whose system asks for less motion gets none: dialogs, drawers, menus and messages appear and
 * leave at once instead of zooming, sliding and fading (WCAG 2.3.3). Followed live, as the setting changes.
 */
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const stillTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };

function reducedMotionQuery(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : undefined;
}

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = reducedMotionQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => reducedMotionQuery()?.matches ?? false;

const currentTheme = (reduced = prefersReducedMotion()) => (reduced ? stillTheme : theme);

// Static message/Modal calls (the request client's toasts and dialogs) render outside the React
// tree; this gives them the same theme and the current language.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={antdLocaleFor(getLanguage())} theme={currentTheme()}>
      {children}
    </ConfigProvider>
  ),
});

function ThemedProviders({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const lang: TLanguage = isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
  const reducedMotion = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion);
  return (
    <ConfigProvider locale={antdLocaleFor(lang)} theme={currentTheme(reducedMotion)} componentSize={settings.size}>
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
