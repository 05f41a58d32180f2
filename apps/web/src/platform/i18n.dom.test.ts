import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import zhHk from '../locales/zhHk.json';
import { SIGN_IN_NAMESPACES } from '../../build/locale-parts';
import {
  addLanguage,
  detectLanguage,
  getLanguage,
  getLanguageHeader,
  hasLanguage,
  i18n,
  loadAllTexts,
  loadArea,
  loadLanguage,
  removeLanguage,
  setLanguage,
} from './i18n';

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

describe('texts loaded per language and part', () => {
  afterEach(() => {
    removeLanguage('zhHk');
    addLanguage('zhHk', zhHk);
    setLanguage('zhCn');
    localStorage.clear();
  });

  it('loads the sign-in part alone, then the shell on demand', async () => {
    setLanguage('en');
    removeLanguage('zhHk');
    await loadLanguage('zhHk');
    expect(hasLanguage('zhHk')).toBe(true);
    expect(hasLanguage('zhHk', ['signIn', 'shell'])).toBe(false);
    expect(i18n.t('login.submit', { lng: 'zhHk' })).toBe('登 入');
    expect(i18n.getResource('zhHk', 'translation', 'layout.logout')).toBeUndefined();

    setLanguage('zhHk');
    await loadAllTexts();
    expect(hasLanguage('zhHk', ['signIn', 'shell'])).toBe(true);
    expect(i18n.t('layout.logout')).toBe('登出');
    expect(i18n.getResource('zhHk', 'translation', 'settings.twoFA.title')).toBeUndefined();
  });

  it("loads a feature's area with its screen, and again in the next language before switching", async () => {
    setLanguage('en');
    removeLanguage('zhHk');
    await loadLanguage('zhHk', ['signIn', 'shell']);
    const area = { twoFA: { title: 'area text' } };
    const loaders = {
      zhCn: () => Promise.resolve({ default: area }),
      zhHk: () => Promise.resolve({ default: { twoFA: { title: '區域文字' } } }),
      en: () => Promise.resolve({ default: area }),
    };
    await loadArea('testArea', loaders);
    expect(hasLanguage('zhHk', ['area:testArea'])).toBe(false);
    setLanguage('zhHk');
    await vi.waitFor(() => expect(getLanguage()).toBe('zhHk'));
    expect(hasLanguage('zhHk', ['area:testArea'])).toBe(true);
    expect(i18n.t('twoFA.title')).toBe('區域文字');
  });

  it('switches once the texts of a language not loaded yet have arrived', async () => {
    setLanguage('en');
    removeLanguage('zhHk');
    setLanguage('zhHk');
    expect(localStorage.getItem('language')).toBe('zhHk');
    expect(getLanguage()).toBe('en');
    await vi.waitFor(() => expect(getLanguage()).toBe('zhHk'));
    expect(i18n.t('route.dashboard')).toBe('首頁');
  });

  it('lets the last choice win while texts are on their way', async () => {
    setLanguage('en');
    removeLanguage('zhHk');
    setLanguage('zhHk');
    setLanguage('zhCn');
    await loadLanguage('zhHk', ['signIn', 'shell']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(getLanguage()).toBe('zhCn');
  });
});

describe('sign-in namespaces', () => {
  it('exist in the locale files', () => {
    for (const namespace of SIGN_IN_NAMESPACES) expect(Object.keys(zhHk), namespace).toContain(namespace);
  });
});
