import type { FormRule } from 'antd';

/** Spec §5: email well formed and required where asked (same shape as the contract's check). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function emailRules(t: (key: string) => string, required = true): FormRule[] {
  return [
    ...(required ? [{ required: true, whitespace: true, message: t('email.required') }] : []),
    {
      validator: (_rule, value: string | undefined) =>
        !value?.trim() || EMAIL_PATTERN.test(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('email.invalid'))),
    },
  ];
}
