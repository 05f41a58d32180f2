import { LANGUAGES, type TLanguage } from '@mbo/shared/i18n';
import { PLATFORM_MESSAGES, type MessageKey } from './messages';

export type MessageParams = Record<string, string | number>;

/** One catalog: the same keys in each interface language. */
export type MessageTable<K extends string = string> = Record<TLanguage, Record<K, string>>;

/** Every registered text by language; platform's own catalog is always there, domains add theirs through `registerMessages`. */
const registry: Record<TLanguage, Map<string, string>> = { zhCn: new Map(), zhHk: new Map(), en: new Map() };

/**
 * Adds catalogs to the translator. A key has one text: registering it again with another text throws
 * (two catalogs disagreeing would make the answer depend on import order).
 */
export function registerMessages(...tables: MessageTable[]): void {
  for (const table of tables) {
    for (const lang of LANGUAGES) {
      for (const [key, text] of Object.entries(table[lang])) {
        const known = registry[lang].get(key);
        if (known !== undefined && known !== text) throw new Error(`message ${key} (${lang}) is registered twice with different texts`);
        registry[lang].set(key, text);
      }
    }
  }
}

registerMessages(PLATFORM_MESSAGES);

/** Whether a text (a zod issue message, a stored login-log reason) is a registered message key. */
export function isMessageKey(value: string): value is MessageKey {
  return registry.zhCn.has(value);
}

/** The text of a key in a language with `{name}` placeholders filled; an unregistered key reads as itself, never as a failure. */
export function translate(lang: TLanguage, key: MessageKey, params: MessageParams = {}): string {
  const template = registry[lang].get(key) ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Label of a request field; a field without a label shows its own key rather than nothing. */
export function fieldLabel(lang: TLanguage, field: string): string {
  const key = `field.${field}`;
  return isMessageKey(key) ? translate(lang, key) : field;
}
