import { useState } from 'react';
import { Form, Input, Select, Space, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLanguage } from '@mbo/shared/i18n';
import { getLanguage } from './i18n';

/** Country calling codes offered beside a mobile number; the name of each region is in the locale files. */
export const DIAL_CODES = [
  { region: 'CN', code: '+86' },
  { region: 'HK', code: '+852' },
  { region: 'MO', code: '+853' },
  { region: 'TW', code: '+886' },
  { region: 'SG', code: '+65' },
  { region: 'MY', code: '+60' },
  { region: 'JP', code: '+81' },
  { region: 'KR', code: '+82' },
  { region: 'GB', code: '+44' },
  { region: 'DE', code: '+49' },
  { region: 'FR', code: '+33' },
  { region: 'US', code: '+1' },
  { region: 'AU', code: '+61' },
] as const;

/** The calling code offered first: the product's home market, or Hong Kong for Traditional Chinese. */
const DEFAULT_DIAL_CODE: Record<TLanguage, string> = { zhCn: '+86', zhHk: '+852', en: '+86' };

/**
 * E.164 as the contract's MOBILE_RE has it (onboarding.ts): a plus, then 7 to 15 digits not
 * starting with 0. Repeated here so the sign-in chunk does not load the contract's schemas; a unit
 * test keeps the two equal.
 */
export const MOBILE_PATTERN = /^\+[1-9]\d{6,14}$/;

/** Splits an E.164 number into a known calling code (longest match) and the rest. */
export function splitMobile(value: string | undefined): { code: string | null; number: string } {
  const text = (value ?? '').trim();
  const match = DIAL_CODES.map((d) => d.code)
    .filter((code) => text.startsWith(code))
    .sort((a, b) => b.length - a.length)[0];
  return match ? { code: match, number: text.slice(match.length) } : { code: null, number: '' };
}

/** The calling code and the national number typed by the person, as E.164 (leading trunk zeros dropped). */
export function joinMobile(code: string, number: string): string {
  const digits = number.replace(/\D/g, '').replace(/^0+/, '');
  return digits ? `${code}${digits}` : '';
}

export function mobileRules(t: (key: string) => string, required = true): FormRule[] {
  return [
    ...(required ? [{ required: true, message: t('mobile.required') }] : []),
    {
      validator: (_rule, value: string | undefined) =>
        !value || MOBILE_PATTERN.test(value) ? Promise.resolve() : Promise.reject(new Error(t('mobile.invalid'))),
    },
  ];
}

type TMobileInputProps = {
  /** Given by Form.Item; lands on the number field so `#mobile` (or the item's name) finds it. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
};

/** A calling-code select and the national number, as one form control whose value is E.164. */
export function MobileInput({ id, value, onChange, disabled, placeholder }: TMobileInputProps) {
  const { t } = useTranslation();
  const parsed = splitMobile(value);
  const [chosenCode, setChosenCode] = useState(() => parsed.code ?? DEFAULT_DIAL_CODE[getLanguage()]);
  const code = parsed.code ?? chosenCode;
  const [typed, setTyped] = useState(parsed.number);
  // The number as typed (spaces, a leading zero) while it still means the value held by the form.
  const shown = joinMobile(code, typed) === (value ?? '') ? typed : parsed.number;

  return (
    <Space.Compact block>
      <Select
        value={code}
        disabled={disabled}
        style={{ width: 104, flex: 'none' }}
        popupMatchSelectWidth={false}
        aria-label={t('mobile.dialCode')}
        data-testid={id ? `${id}-dial-code` : undefined}
        options={DIAL_CODES.map((d) => ({ value: d.code, label: d.code, name: t(`mobile.regions.${d.region}`) }))}
        optionRender={(option) => `${option.data.label} ${option.data.name}`}
        onChange={(next: string) => {
          setChosenCode(next);
          onChange?.(joinMobile(next, shown));
        }}
      />
      <Input
        id={id}
        value={shown}
        disabled={disabled}
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={20}
        placeholder={placeholder ?? t('mobile.placeholder')}
        onChange={(event) => {
          setTyped(event.target.value);
          setChosenCode(code);
          onChange?.(joinMobile(code, event.target.value));
        }}
      />
    </Space.Compact>
  );
}

/** A form's required mobile field: its label ("Mobile" unless given), the E.164 rule and the MobileInput. */
export function MobileField({ name = 'mobile', label }: { name?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label ?? t('mobile.label')} rules={mobileRules(t)}>
      <MobileInput />
    </Form.Item>
  );
}
