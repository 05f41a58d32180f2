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
 * Each language's texts come in chunks of their own (build/locale-parts.ts): what the sign-in page
 * shows, the shell (what the frame and every screen may show), and one area per feature (what only
 * that feature's screens show). main.tsx loads the current language's sign-in part before the first
 * render; the data layer every other screen sits behind (app/query-scope.tsx) loads the shell; a
 * feature's page module starts its area as it evaluates (loadArea) and the lazy page renders once
 * it is here (platform/lazy-page.ts), so the texts come with the route's code. Only the current language is fetched; switching language loads the new one's
 * parts and areas first (see setLanguage). Tests register whole files synchronously (src/test/setup.ts).
 */
export type TTextPart = 'signIn' | 'shell';

type TLoader = () => Promise<{ default: TTexts }>;

const LOADERS: Record<TLanguage, Record<TTextPart, TLoader>> = {
  zhCn: { signIn: () => import('../locales/zhCn.json?signIn'), shell: () => import('../locales/zhCn.json?shell') },
  zhHk: { signIn: () => import('../locales/zhHk.json?signIn'), shell: () => import('../locales/zhHk.json?shell') },
  en: { signIn: () => import('../locales/en.json?signIn'), shell: () => import('../locales/en.json?shell') },
};

/** The areas whose texts a screen has needed so far, with their per-language loaders. */
const AREAS = new Map<string, Record<TLanguage, TLoader>>();

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
/** Languages registered whole (tests): every part and area counts as loaded. */
const whole = new Set<TLanguage>();
const loading = new Map<string, Promise<void>>();

/** Registers texts of a language (the loaders below; tests register whole files). */
export function addLanguage(lang: TLanguage, texts: TTexts, parts?: readonly string[]): void {
  i18n.addResourceBundle(lang, 'translation', texts, true, true);
  if (!parts) whole.add(lang);
  for (const part of parts ?? []) loaded.add(`${lang}:${part}`);
}

/** Drops a language's texts (tests of the loading above). */
export function removeLanguage(lang: TLanguage): void {
  i18n.removeResourceBundle(lang, 'translation');
  whole.delete(lang);
  for (const key of [...loaded]) if (key.startsWith(`${lang}:`)) loaded.delete(key);
  allTexts.delete(lang);
}

/** Whether a language's parts (and areas, as `area:<name>`) are here. */
export function hasLanguage(lang: TLanguage, parts: readonly string[] = ['signIn']): boolean {
  return whole.has(lang) || parts.every((part) => loaded.has(`${lang}:${part}`));
}

function loadPart(lang: TLanguage, part: string, loader: TLoader): Promise<void> {
  const key = `${lang}:${part}`;
  if (hasLanguage(lang, [part])) return Promise.resolve();
  let pending = loading.get(key);
  if (!pending) {
    pending = loader()
      .then((module) => addLanguage(lang, module.default, [part]))
      .finally(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/** Once a screen has needed the shell, a language switch loads the next language's shell too. */
let wantsAll = false;

/** Fetches a language's texts once (the sign-in part, or more); concurrent callers share the requests. */
export function loadLanguage(lang: TLanguage, parts: readonly TTextPart[] = ['signIn']): Promise<void> {
  return Promise.all(parts.map((part) => loadPart(lang, part, LOADERS[lang][part]))).then(() => undefined);
}

/** The areas registered so far, for a language: what a switch to it must bring. */
function loadAreas(lang: TLanguage): Promise<void> {
  return Promise.all([...AREAS].map(([area, loaders]) => loadPart(lang, `area:${area}`, loaders[lang]))).then(() => undefined);
}

/**
 * A feature's texts (build/locale-parts.ts makes its page modules call this as they evaluate):
 * registers the area, so a language switch brings it too, and loads the current language's. A
 * failed download does not fail the screen's code: the request client reports the network problem.
 */
export function loadArea(area: string, loaders: Record<TLanguage, TLoader>): Promise<void> {
  AREAS.set(area, loaders);
  return loadPart(getLanguage(), `area:${area}`, loaders[getLanguage()]).catch(() => undefined);
}

const allTexts = new Map<TLanguage, Promise<void>>();

/**
 * The sign-in part and the shell of the current language; the same promise while it is pending or
 * done, so React's use() can wait on it (app/query-scope.tsx).
 */
export function loadAllTexts(): Promise<void> {
  wantsAll = true;
  const lang = getLanguage();
  let pending = allTexts.get(lang);
  if (!pending) {
    pending = loadLanguage(lang, ['signIn', 'shell']);
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
  const parts: TTextPart[] = wantsAll ? ['signIn', 'shell'] : ['signIn'];
  if (hasLanguage(lang, [...parts, ...[...AREAS.keys()].map((area) => `area:${area}`)])) apply();
  else void Promise.all([loadLanguage(lang, parts), loadAreas(lang)]).then(apply, () => showErrorToast(t('request.chunkFailed')));
}

export function t(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, options);
}
