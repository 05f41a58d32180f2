import { describe, expect, it } from 'vitest';
import { fieldLabel, isMessageKey, registerMessages, translate } from './i18n';
import type { MessageKey } from './messages';

describe('translator', () => {
  it('fills placeholders and falls back to the key for fields without a label', () => {
    expect(translate('en', 'code.wrong', { remaining: 2 })).toBe('Incorrect verification code, 2 attempts left');
    expect(translate('zhHk', 'validation.required', { field: fieldLabel('zhHk', 'page') })).toBe('頁碼不能為空');
    expect(fieldLabel('zhCn', 'someNewField')).toBe('someNewField');
  });

  it('knows platform keys without any domain registered, and reads an unregistered key as itself', () => {
    expect(isMessageKey('error.notFound')).toBe(true);
    expect(isMessageKey('no.suchKey')).toBe(false);
    expect(translate('en', 'no.suchKey' as MessageKey)).toBe('no.suchKey');
  });

  it('adds a catalog, accepts the same text twice and refuses a key registered with another text', () => {
    registerMessages({ zhCn: { 'probe.added': '新增 {n}' }, zhHk: { 'probe.added': '新增 {n}' }, en: { 'probe.added': 'Added {n}' } });
    expect(translate('en', 'probe.added' as MessageKey, { n: 3 })).toBe('Added 3');
    registerMessages({ zhCn: { 'probe.added': '新增 {n}' }, zhHk: { 'probe.added': '新增 {n}' }, en: { 'probe.added': 'Added {n}' } });
    expect(() => registerMessages({ zhCn: { ok: '不同' }, zhHk: { ok: '不同' }, en: { ok: 'Different' } })).toThrow(/ok/);
  });
});
