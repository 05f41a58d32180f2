import { LANGUAGES } from '@mbo/shared/i18n';
import { describe, expect, it } from 'vitest';
import { ALL_MESSAGES } from './messages';
import { fieldLabel, isMessageKey, translate } from './platform/i18n';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogs', () => {
  it.each(Object.entries(ALL_MESSAGES))('%s has the same keys in zh_CN, zh_HK and en', (_owner, table) => {
    const zhCn = Object.keys(table.zhCn).sort();
    expect(Object.keys(table.zhHk).sort()).toEqual(zhCn);
    expect(Object.keys(table.en).sort()).toEqual(zhCn);
  });

  it.each(Object.entries(ALL_MESSAGES))('%s has no empty text and the same placeholders in every language', (_owner, table) => {
    for (const key of Object.keys(table.zhCn)) {
      for (const lang of LANGUAGES) expect(table[lang][key]?.trim(), `${lang} ${key}`).not.toBe('');
      expect(placeholders(table.zhHk[key] ?? ''), key).toEqual(placeholders(table.zhCn[key] ?? ''));
      expect(placeholders(table.en[key] ?? ''), key).toEqual(placeholders(table.zhCn[key] ?? ''));
    }
  });

  it('gives every key one owner', () => {
    const owners = new Map<string, string[]>();
    for (const [owner, table] of Object.entries(ALL_MESSAGES)) {
      for (const key of Object.keys(table.zhCn)) owners.set(key, [...(owners.get(key) ?? []), owner]);
    }
    expect([...owners].filter(([, o]) => o.length > 1)).toEqual([]);
  });

  it('registers every catalog with the translator once this module is loaded', () => {
    for (const table of Object.values(ALL_MESSAGES)) for (const key of Object.keys(table.zhCn)) expect(isMessageKey(key), key).toBe(true);
    expect(translate('en', 'login.locked', { minutes: 7 })).toMatch(/^The account is locked, please try again in 7 minutes/);
    expect(translate('zhHk', 'refund.notFound')).toBe('退款單不存在');
    expect(fieldLabel('en', 'merchantNo')).toBe('Merchant number');
  });
});
