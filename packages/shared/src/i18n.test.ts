import { describe, expect, it } from 'vitest';
import { languageFromHeader, resolveLanguage } from './i18n';

describe('resolveLanguage (spec §1)', () => {
  it('lets a stored preference win over the browser', () => {
    expect(resolveLanguage('zhHk', 'en-US')).toBe('zhHk');
    expect(resolveLanguage('en', 'zh-CN')).toBe('en');
  });

  it('maps zh-cn and zh to Simplified Chinese', () => {
    expect(resolveLanguage(null, 'zh-CN')).toBe('zhCn');
    expect(resolveLanguage(null, 'zh')).toBe('zhCn');
  });

  it('maps zh-hk and zh-tw to Traditional Chinese', () => {
    expect(resolveLanguage(null, 'zh-HK')).toBe('zhHk');
    expect(resolveLanguage(undefined, 'zh-TW')).toBe('zhHk');
  });

  it('gives English for anything else, and ignores an unknown stored value', () => {
    expect(resolveLanguage(null, 'fr-FR')).toBe('en');
    expect(resolveLanguage('de', 'ja')).toBe('en');
    expect(resolveLanguage('', '')).toBe('en');
  });
});

describe('languageFromHeader', () => {
  it('reads the three header values and defaults to Simplified Chinese', () => {
    expect(languageFromHeader('zh_CN')).toBe('zhCn');
    expect(languageFromHeader('zh_HK')).toBe('zhHk');
    expect(languageFromHeader('en_US')).toBe('en');
    expect(languageFromHeader(undefined)).toBe('zhCn');
    expect(languageFromHeader('xx')).toBe('zhCn');
  });
});
