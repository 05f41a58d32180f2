/** Interface languages as the web app names them (spec §1) and as the `lang` header carries them (§7). */
export const LANGUAGES = ['zhCn', 'zhHk', 'en'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: TLanguage = 'zhCn';

export const LANG_HEADER_VALUES = ['zh_CN', 'zh_HK', 'en_US'] as const;
export type TLangHeader = (typeof LANG_HEADER_VALUES)[number];

export const languageToHeader: Record<TLanguage, TLangHeader> = {
  zhCn: 'zh_CN',
  zhHk: 'zh_HK',
  en: 'en_US',
};

export const headerToLanguage: Record<TLangHeader, TLanguage> = {
  zh_CN: 'zhCn',
  zh_HK: 'zhHk',
  en_US: 'en',
};

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Spec §1: the stored preference wins; otherwise the browser language decides:
 * zh-cn or zh -> zhCn, zh-hk or zh-tw -> zhHk, anything else -> en.
 */
export function resolveLanguage(stored: string | null | undefined, browserLanguage: string | null | undefined): TLanguage {
  if (isLanguage(stored)) return stored;
  const lang = (browserLanguage ?? '').toLowerCase();
  if (lang === 'zh-cn' || lang === 'zh') return 'zhCn';
  if (lang === 'zh-hk' || lang === 'zh-tw') return 'zhHk';
  return 'en';
}

/** Reads a `lang` header value, falling back to Simplified Chinese (the product default). */
export function languageFromHeader(value: string | string[] | undefined): TLanguage {
  const v = Array.isArray(value) ? value[0] : value;
  if (v && (LANG_HEADER_VALUES as readonly string[]).includes(v)) return headerToLanguage[v as TLangHeader];
  if (isLanguage(v)) return v;
  return DEFAULT_LANGUAGE;
}
