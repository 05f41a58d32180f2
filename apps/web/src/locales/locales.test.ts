import { describe, expect, it } from 'vitest';
import zhCn from './zhCn.json';
import zhHk from './zhHk.json';
import en from './en.json';

type TTree = { [key: string]: string | TTree };

function flatten(tree: TTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const files = { zhCn: flatten(zhCn), zhHk: flatten(zhHk), en: flatten(en) };

describe('locale files', () => {
  it('have exactly the same keys', () => {
    const reference = [...files.zhCn.keys()].sort();
    expect([...files.zhHk.keys()].sort()).toEqual(reference);
    expect([...files.en.keys()].sort()).toEqual(reference);
  });

  it('have no empty values', () => {
    for (const [lang, entries] of Object.entries(files)) {
      for (const [key, value] of entries) expect(value.trim(), `${lang}:${key}`).not.toBe('');
    }
  });

  it('use the same interpolation placeholders in every language', () => {
    const placeholders = (value: string) => [...value.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [key, value] of files.zhCn) {
      expect(placeholders(files.zhHk.get(key) ?? ''), key).toEqual(placeholders(value));
      expect(placeholders(files.en.get(key) ?? ''), key).toEqual(placeholders(value));
    }
  });

  /**
   * Texts the same in every language on purpose: card-scheme names (brands) and
   * abbreviations and units a Chinese screen writes in Latin letters too. Keep it short: anything
   * else equal to English is an untranslated text.
   */
  const SAME_IN_EVERY_LANGUAGE_KEYS = [
    /^tradeEnum\.cardScheme\./,
    // A sample upload file (URLs and codes) and a language named in its own language.
    /^websites\.uploadExample$/,
    /^risk\.reply\.lang\.en$/,
  ];
  const SAME_IN_EVERY_LANGUAGE_VALUES = new Set([
    'VISA',
    'Visa',
    'Mastercard',
    'JCB',
    'AMEX',
    'RDR',
    'Ethoca',
    'IP',
    'URL',
    'SWIFT',
    'IBAN',
    'PDF',
    'ID',
    'KYC',
    'CRN',
    'VAT',
  ]);
  const isLegitimatelySame = (key: string, value: string) =>
    SAME_IN_EVERY_LANGUAGE_KEYS.some((re) => re.test(key)) ||
    SAME_IN_EVERY_LANGUAGE_VALUES.has(value) ||
    // Nothing to translate: numbers, placeholders, punctuation.
    !/[A-Za-z]{2,}/.test(value.replace(/{{\s*\w+\s*}}/g, ''));

  it.each(['zhCn', 'zhHk'] as const)('translate every English text in %s (a short allowlist of brands and codes aside)', (lang) => {
    const untranslated = [...files[lang]].filter(([key, value]) => files.en.get(key) === value && !isLegitimatelySame(key, value));
    expect(untranslated.map(([key, value]) => `${key}: ${value}`)).toEqual([]);
  });

  it('are translations, not copies', () => {
    const keys = [...files.zhCn.keys()];
    const sameAsEnglish = keys.filter((key) => files.zhCn.get(key) === files.en.get(key));
    const traditionalSameAsSimplified = keys.filter((key) => files.zhCn.get(key) === files.zhHk.get(key));
    expect(sameAsEnglish.length).toBeLessThan(keys.length * 0.05);
    expect(traditionalSameAsSimplified.length).toBeLessThan(keys.length * 0.5);
  });
});
