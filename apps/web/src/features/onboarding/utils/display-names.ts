import type { TLanguage } from '@mbo/shared/i18n';

/**
 * ISO 3166-1 alpha-2 codes offered for nationality and ID issue country (XK is the code in common
 * use for Kosovo). Names come from the browser's own `Intl.DisplayNames` in the chosen language, so
 * no country list has to be kept in the locale files.
 */
export const COUNTRY_CODES: readonly string[] = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD
CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF
GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN
KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA
NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI
SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI
VN VU WF WS XK YE YT ZA ZM ZW`
  .trim()
  .split(/\s+/);

const BCP47: Record<TLanguage, string> = { zhCn: 'zh-Hans-CN', zhHk: 'zh-Hant-HK', en: 'en' };

const cache = new Map<string, Intl.DisplayNames | null>();

function displayNames(lang: TLanguage, type: 'region' | 'currency'): Intl.DisplayNames | null {
  const key = `${lang}:${type}`;
  if (!cache.has(key)) {
    try {
      cache.set(key, new Intl.DisplayNames([BCP47[lang]], { type, fallback: 'code' }));
    } catch {
      cache.set(key, null);
    }
  }
  return cache.get(key) ?? null;
}

/** The country's name in the language, or the code itself where the browser has no name. */
export function countryName(code: string | undefined, lang: TLanguage): string {
  if (!code) return '';
  try {
    return displayNames(lang, 'region')?.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "USD - US Dollar" style label of a currency code. */
export function currencyLabel(code: string | undefined, lang: TLanguage): string {
  if (!code) return '';
  try {
    const name = displayNames(lang, 'currency')?.of(code);
    return name && name !== code ? `${code} - ${name}` : code;
  } catch {
    return code;
  }
}

export type TCountryOption = { value: string; label: string };

const optionCache = new Map<TLanguage, TCountryOption[]>();

/** Country options sorted by name in the language; the code is part of the label so it can be searched. */
export function countryOptions(lang: TLanguage): TCountryOption[] {
  let options = optionCache.get(lang);
  if (!options) {
    const collator = new Intl.Collator(BCP47[lang]);
    options = COUNTRY_CODES.map((code) => ({ value: code, label: `${countryName(code, lang)} (${code})` })).sort((a, b) =>
      collator.compare(a.label, b.label),
    );
    optionCache.set(lang, options);
  }
  return options;
}

/** 1536000 -> "1.5 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
