import type { TFilterValues } from './list-url-state';

// The fields of a list's filter form as a screen declares them, apart from the form itself
// (filter-form.tsx): a list's definition (its fields, query key and fetch) is read by the route's
// first data request (listPrefetch in platform/list-screen.ts) before any of antd's form controls are here.

/** A select option; `label` is a locale key unless `text` is set (then shown as it is, e.g. a currency code). */
export type TFilterOption = { value: string; label: string; text?: boolean };

type TBase = {
  /** Locale key of the field's label. */
  label: string;
  /** Folded behind "More filters" (the common fields stay in view). */
  more?: boolean;
};

/** One field of a list's filter form, declared once per screen; the form builds the controls. */
export type TFilterField<K extends string> = TBase &
  (
    | { kind: 'dateRange'; from: K; to: K }
    | { kind: 'select'; key: K; options: readonly TFilterOption[]; all?: boolean }
    | { kind: 'text'; key: K; maxLength: number; digits?: boolean }
    | { kind: 'amountRange'; min: K; max: K }
    | { kind: 'number'; key: K; min: number; max: number; suffix?: string }
  );

/** Options of a numeric enum of packages/shared, labelled `<prefix>.<code>` in the locale files. */
export function enumOptions(prefix: string, codes: Record<string, number | string> | readonly (number | string)[]): TFilterOption[] {
  const values = Array.isArray(codes) ? codes : Object.values(codes);
  return values.map((c) => ({ value: String(c), label: `${prefix}.${c}` }));
}

/** Options of currency codes (shown as they are). */
export function currencyOptions(codes: readonly string[]): TFilterOption[] {
  return codes.map((c) => ({ value: c, label: c, text: true }));
}

type TFieldFlags = { more?: boolean; all?: boolean };

/** A select field; `all` adds an "All" choice (the filter unset), `more` folds it behind "More filters". */
export function selectField<K extends string>(
  key: K,
  label: string,
  options: readonly TFilterOption[],
  flags: TFieldFlags = {},
): TFilterField<K> {
  return { kind: 'select', key, label, options, ...flags };
}

/** A text field of at most `maxLength` characters; `digits` keeps only digits as they are typed. */
export function textField<K extends string>(
  key: K,
  label: string,
  maxLength: number,
  flags: { more?: boolean; digits?: boolean } = {},
): TFilterField<K> {
  return { kind: 'text', key, label, maxLength, ...flags };
}

/** The date range of a list's `from` and `to` filters. */
export function dateRangeField(label: string): TFilterField<'from' | 'to'> {
  return { kind: 'dateRange', from: 'from', to: 'to', label };
}

/** The gateway number filter (digits only), behind "More filters" unless `more` is false. */
export function gatewayField(label: string, { more = true }: { more?: boolean } = {}): TFilterField<'gatewayNo'> {
  return textField('gatewayNo', label, 20, { digits: true, more });
}

export function keysOf<K extends string>(field: TFilterField<K>): K[] {
  switch (field.kind) {
    case 'dateRange':
      return [field.from, field.to];
    case 'amountRange':
      return [field.min, field.max];
    default:
      return [field.key];
  }
}

/** How many folded fields differ from their defaults (shown on the "More filters" button). */
export function activeFoldedCount<K extends string>(
  fields: readonly TFilterField<K>[],
  values: TFilterValues<K>,
  defaults: TFilterValues<K>,
): number {
  return fields.filter((f) => f.more && keysOf(f).some((k) => values[k].trim() !== defaults[k])).length;
}
