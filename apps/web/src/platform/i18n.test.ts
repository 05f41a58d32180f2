import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import { detectLanguage, getLanguage, getLanguageHeader, i18n, setLanguage } from './i18n';

function browserLanguage(value: string) {
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(value);
}

describe('language resolution (spec §1)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('lets the stored preference win over the browser', () => {
    browserLanguage('en-US');
    localStorage.setItem('language', 'zhHk');
    expect(detectLanguage()).toBe('zhHk');
  });

  it('ignores a stored value that is not a language', () => {
    browserLanguage('zh-CN');
    localStorage.setItem('language', 'fr');
    expect(detectLanguage()).toBe('zhCn');
  });

  it('maps the browser language: zh-cn and zh to zhCn, zh-hk and zh-tw to zhHk, anything else to en', () => {
    const cases: [string, string][] = [
      ['zh-CN', 'zhCn'],
      ['zh', 'zhCn'],
      ['zh-HK', 'zhHk'],
      ['zh-TW', 'zhHk'],
      ['en-GB', 'en'],
      ['fr-FR', 'en'],
      ['zh-SG', 'en'],
    ];
    for (const [browser, expected] of cases) {
      browserLanguage(browser);
      expect(detectLanguage(), browser).toBe(expected);
    }
  });
});

describe('switching language', () => {
  afterEach(() => {
    setLanguage('zhCn');
    localStorage.clear();
  });

  it('stores the choice, re-translates without reload and moves the lang header, dayjs and <html lang>', () => {
    setLanguage('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(getLanguage()).toBe('en');
    expect(i18n.t('route.dashboard')).toBe('Home');
    expect(getLanguageHeader()).toBe('en_US');
    expect(dayjs.locale()).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    setLanguage('zhHk');
    expect(localStorage.getItem('language')).toBe('zhHk');
    expect(i18n.t('route.dashboard')).toBe('首頁');
    expect(getLanguageHeader()).toBe('zh_HK');
    expect(dayjs.locale()).toBe('zh-hk');

    setLanguage('zhCn');
    expect(i18n.t('route.dashboard')).toBe('首页');
    expect(getLanguageHeader()).toBe('zh_CN');
    expect(dayjs.locale()).toBe('zh-cn');
  });
});
