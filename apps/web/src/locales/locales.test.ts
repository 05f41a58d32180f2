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

  it('are translations, not copies', () => {
    const keys = [...files.zhCn.keys()];
    const sameAsEnglish = keys.filter((key) => files.zhCn.get(key) === files.en.get(key));
    const traditionalSameAsSimplified = keys.filter((key) => files.zhCn.get(key) === files.zhHk.get(key));
    expect(sameAsEnglish.length).toBeLessThan(keys.length * 0.05);
    expect(traditionalSameAsSimplified.length).toBeLessThan(keys.length * 0.5);
  });
});
