import { describe, expect, it } from 'vitest';
import { PAY_TEXTS, languageOf } from './texts';

describe('hosted payment page texts', () => {
  it('has the same keys and placeholders in the three languages', () => {
    const keys = Object.keys(PAY_TEXTS.en).sort();
    for (const lang of ['zhCn', 'zhHk'] as const) {
      expect(Object.keys(PAY_TEXTS[lang]).sort()).toEqual(keys);
      for (const k of keys as (keyof typeof PAY_TEXTS.en)[]) {
        const holes = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
        expect(holes(PAY_TEXTS[lang][k]), k).toEqual(holes(PAY_TEXTS.en[k]));
      }
    }
  });

  it("picks the customer's language from the browser", () => {
    expect(languageOf(['zh-HK', 'en'])).toBe('zhHk');
    expect(languageOf(['zh-Hant-TW'])).toBe('zhHk');
    expect(languageOf(['zh-CN'])).toBe('zhCn');
    expect(languageOf(['fr-FR', 'en-GB'])).toBe('en');
    expect(languageOf(['de'])).toBe('en');
  });
});
