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
import { StorageKey, localStore } from './storage-keys';
import { showErrorToast } from './request-ui';

const DAYJS_LOCALE: Record<TLanguage, string> = { zhCn: 'zh-cn', zhHk: 'zh-hk', en: 'en' };
const HTML_LANG: Record<TLanguage, string> = { zhCn: 'zh-CN', zhHk: 'zh-HK', en: 'en' };

/** Spec §1: stored preference, else the browser language. */
export function detectLanguage(): TLanguage {
  return resolveLanguage(localStore.get(StorageKey.language), typeof navigator === 'undefined' ? undefined : navigator.language);
}

type TTexts = Record<string, unknown>;

/**
 * Each language's texts come in two chunks of their own (build/locale-parts.ts): what the sign-in
 * page shows, and the rest. The first download carries one language's sign-in part only, so the
 * sign-in page's budget does not grow with the texts of every other screen. main.tsx loads the
 * sign-in part before the first render; the data layer every other screen sits behind
 * (app/query-scope.tsx) loads the rest before rendering. Switching language loads the new one
 * first (see setLanguage). Tests register whole files synchronously (src/test/setup.ts).
 */
export type TTextPart = 'signIn' | 'rest';

const LOADERS: Record<TLanguage, Record<TTextPart, () => Promise<TTexts>>> = {
  zhCn: {
    signIn: () => import('../locales/zhCn.json?signIn').then((m) => m.default),
    rest: () => import('../locales/zhCn.json?rest').then((m) => m.default),
  },
  zhHk: {
    signIn: () => import('../locales/zhHk.json?signIn').then((m) => m.default),
    rest: () => import('../locales/zhHk.json?rest').then((m) => m.default),
  },
  en: {
    signIn: () => import('../locales/en.json?signIn').then((m) => m.default),
    rest: () => import('../locales/en.json?rest').then((m) => m.default),
  },
};

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
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
  // Texts arriving later (the rest of a language) re-render every translated component.
  react: { useSuspense: false, bindI18nStore: 'added' },
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

const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();

/** Registers texts of a language (the loaders below; tests register whole files). */
export function addLanguage(lang: TLanguage, texts: TTexts, parts: readonly TTextPart[] = ['signIn', 'rest']): void {
  i18n.addResourceBundle(lang, 'translation', texts, true, true);
  for (const part of parts) loaded.add(`${lang}:${part}`);
}

/** Drops a language's texts (tests of the loading above). */
export function removeLanguage(lang: TLanguage): void {
  i18n.removeResourceBundle(lang, 'translation');
  for (const part of ['signIn', 'rest']) loaded.delete(`${lang}:${part}`);
  allTexts.delete(lang);
}

export function hasLanguage(lang: TLanguage, parts: readonly TTextPart[] = ['signIn']): boolean {
  return parts.every((part) => loaded.has(`${lang}:${part}`));
}

function loadPart(lang: TLanguage, part: TTextPart): Promise<void> {
  const key = `${lang}:${part}`;
  if (loaded.has(key)) return Promise.resolve();
  let pending = loading.get(key);
  if (!pending) {
    pending = LOADERS[lang][part]()
      .then((texts) => addLanguage(lang, texts, [part]))
      .finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/** Once a screen has needed every text, a language switch loads every text of the next language too. */
let wantsAll = false;

/** Fetches a language's texts once (the sign-in part, or all); concurrent callers share the requests. */
export function loadLanguage(lang: TLanguage, parts: readonly TTextPart[] = ['signIn']): Promise<void> {
  return Promise.all(parts.map((part) => loadPart(lang, part))).then(() => undefined);
}

const allTexts = new Map<TLanguage, Promise<void>>();

/**
 * Every text of the current language; the same promise while it is pending or done, so React's
 * use() can wait on it (app/query-scope.tsx).
 */
export function loadAllTexts(): Promise<void> {
  wantsAll = true;
  const lang = getLanguage();
  let pending = allTexts.get(lang);
  if (!pending) {
    pending = loadLanguage(lang, ['signIn', 'rest']);
    allTexts.set(lang, pending);
    pending.catch(() => allTexts.delete(lang));
  }
  return pending;
}

let requested: TLanguage | null = null;

/**
 * Stores the choice and re-renders every translated component; no reload. A language whose texts
 * are already here switches at once; another one switches as soon as its texts have arrived (the
 * last choice wins when several are made meanwhile).
 */
export function setLanguage(lang: TLanguage): void {
  localStore.set(StorageKey.language, lang);
  requested = lang;
  const apply = () => {
    if (requested !== lang) return;
    applyLanguageSideEffects(lang);
    void i18n.changeLanguage(lang);
  };
  const parts: TTextPart[] = wantsAll ? ['signIn', 'rest'] : ['signIn'];
  if (hasLanguage(lang, parts)) apply();
  else void loadLanguage(lang, parts).then(apply, () => showErrorToast(t('request.chunkFailed')));
}

export function t(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, options);
}
