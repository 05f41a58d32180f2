import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { fieldLabel, translate } from './i18n';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalog', () => {
  it('has the same keys in zh_CN, zh_HK and en', () => {
    const zhCn = Object.keys(MESSAGES.zhCn).sort();
    expect(Object.keys(MESSAGES.zhHk).sort()).toEqual(zhCn);
    expect(Object.keys(MESSAGES.en).sort()).toEqual(zhCn);
  });

  it('has no empty text and the same placeholders in every language', () => {
    for (const key of Object.keys(MESSAGES.zhCn) as (keyof typeof MESSAGES.zhCn)[]) {
      for (const lang of ['zhCn', 'zhHk', 'en'] as const) expect(MESSAGES[lang][key].trim(), `${lang} ${key}`).not.toBe('');
      expect(placeholders(MESSAGES.zhHk[key]), key).toEqual(placeholders(MESSAGES.zhCn[key]));
      expect(placeholders(MESSAGES.en[key]), key).toEqual(placeholders(MESSAGES.zhCn[key]));
    }
  });

  it('fills placeholders and falls back to the key for fields without a label', () => {
    expect(translate('en', 'login.locked', { minutes: 7 })).toBe('The account is locked, please try again in 7 minutes');
    expect(fieldLabel('en', 'merchantNo')).toBe('Merchant number');
    expect(fieldLabel('zhCn', 'someNewField')).toBe('someNewField');
  });
});
