import type { TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TListField, TListFields } from '@mbo/shared/list-fields';
import { formatBp } from '@mbo/shared/ratios';
import { formatAmount, formatCount, parseTime } from './format';
import { useTimezone } from './timezone';

// The web half of a list declared once (packages/shared/src/list-fields.ts): each field with a title is
// a column drawn as its kind draws it (an amount in its currency on the right, a time in the chosen
// timezone, a code by its label, a rate in basis points as a percentage). A screen gives only what is special to it: a tag's colour, a cell
// made of two fields, a link, an actions column. Anything missing reads as a dash.

type TRow = Record<string, unknown>;
export type TListColumn<Row> = TableColumnType<Row>;

type TColumnOptions<F extends TListFields, Row> = {
  /** What a column does differently from its kind's plain cell; null leaves the field's column out. */
  special?: { [K in keyof F]?: Partial<TListColumn<Row>> | null };
  /** The columns in another order than the declared one (fields with a title only). */
  order?: readonly (keyof F & string)[];
  /** Columns after the declared ones (actions). */
  append?: readonly TListColumn<Row>[];
};

function plainColumn<Row>(key: string, f: TListField, t: (key: string) => string, timezone: string, shown: Set<string>): TListColumn<Row> {
  const title = t(f.label ?? key);
  const at = (r: Row) => (r as TRow)[key];
  switch (f.kind) {
    case 'money': {
      const currency = f.currency ?? 'currency';
      // Beside a currency column an amount is the number only.
      const code = !shown.has(currency);
      return {
        title,
        key,
        align: 'right',
        render: (_: unknown, r: Row) => (at(r) === null ? '-' : formatAmount(Number(at(r)), String((r as TRow)[currency]), { code })),
      };
    }
    case 'time':
      return { title, key, dataIndex: key, render: (v: string | null) => (v ? parseTime(v, undefined, timezone) : '-') };
    case 'enum':
      return { title, key, dataIndex: key, render: (v: number | string) => t(`${f.codes}.${v}`) };
    case 'count':
      return { title, key, dataIndex: key, align: 'right', render: (v: number) => formatCount(v) };
    case 'rate':
      return { title, key, dataIndex: key, align: 'right', render: (v: number | null) => formatBp(v) };
    default:
      // An empty text reads as a dash, like a missing time or amount.
      return { title, key, dataIndex: key, render: (v: string | null) => (v === '' || v === null ? '-' : v) };
  }
}

/** The table columns of a declared list: one per field with a title, as its kind draws it, with the screen's own parts. */
export function useListColumns<F extends TListFields, Row>(fields: F, o: TColumnOptions<F, Row> = {}): TListColumn<Row>[] {
  const { t } = useTranslation();
  const { timezone } = useTimezone();
  const keys = o.order ?? (Object.keys(fields).filter((k) => fields[k]!.label !== undefined) as (keyof F & string)[]);
  const shown = new Set<string>(keys.filter((key) => o.special?.[key] !== null));
  const columns: TListColumn<Row>[] = [];
  for (const key of shown) columns.push({ ...plainColumn<Row>(key, fields[key]!, t, timezone, shown), ...o.special?.[key] });
  return [...columns, ...(o.append ?? [])];
}
