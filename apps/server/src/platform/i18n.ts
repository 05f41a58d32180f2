import type { TLanguage } from '@mbo/shared/i18n';
import { MESSAGES, type MessageKey } from './messages';

export type MessageParams = Record<string, string | number>;

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(MESSAGES.zhCn, value);
}

export function translate(lang: TLanguage, key: MessageKey, params: MessageParams = {}): string {
  const template = MESSAGES[lang][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Label of a request field; a field without a label shows its own key rather than nothing. */
export function fieldLabel(lang: TLanguage, field: string): string {
  const key = `field.${field}`;
  return isMessageKey(key) ? translate(lang, key) : field;
}
