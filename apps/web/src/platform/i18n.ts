import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-hk';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  isLanguage,
  languageToHeader,
  resolveLanguage,
  type TLanguage,
  type TLangHeader,
} from '@mbo/shared/i18n';
import zhCn from '../locales/zhCn.json';
import zhHk from '../locales/zhHk.json';
import en from '../locales/en.json';
import { StorageKey, localStore } from './storage-keys';

const DAYJS_LOCALE: Record<TLanguage, string> = { zhCn: 'zh-cn', zhHk: 'zh-hk', en: 'en' };
const HTML_LANG: Record<TLanguage, string> = { zhCn: 'zh-CN', zhHk: 'zh-HK', en: 'en' };

/** Spec §1: stored preference, else the browser language. */
export function detectLanguage(): TLanguage {
  return resolveLanguage(localStore.get(StorageKey.language), typeof navigator === 'undefined' ? undefined : navigator.language);
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { zhCn: { translation: zhCn }, zhHk: { translation: zhHk }, en: { translation: en } },
  lng: detectLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Language codes are the app's own (zhCn, zhHk, en), not BCP 47 tags.
  load: 'currentOnly',
  lowerCaseLng: false,
  cleanCode: false,
  initAsync: false,
  returnNull: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

function applyLanguageSideEffects(lang: TLanguage): void {
  dayjs.locale(DAYJS_LOCALE[lang]);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
}

applyLanguageSideEffects(getLanguage());

export function getLanguage(): TLanguage {
  const current = i18n.language;
  return isLanguage(current) ? current : DEFAULT_LANGUAGE;
}

/** Value of the `lang` request header (spec §7). */
export function getLanguageHeader(): TLangHeader {
  return languageToHeader[getLanguage()];
}

/** Stores the choice and re-renders every translated component; no reload. */
export function setLanguage(lang: TLanguage): void {
  localStore.set(StorageKey.language, lang);
  applyLanguageSideEffects(lang);
  void i18n.changeLanguage(lang);
}

export function t(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, options);
}
