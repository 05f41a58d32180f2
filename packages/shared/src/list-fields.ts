import { z } from 'zod';
import { exportRequest, listQuery, zListPage } from './list';

/**
 * A list's row, declared once (issue 53): each field's kind says what it is, and everything that used
 * to be written again per column follows from it: the row schema of the answer (here), the server's
 * select and mapping from its result and its export cells (apps/server/src/platform/list-fields.ts),
 * and the web's default column (apps/web/src/platform/list-columns.tsx). A screen or an export adds
 * only what is special to it (a tag's colour, a cell made of two fields, a link's target).
 *
 *   export const WITHDRAWAL_FIELDS = {
 *     withdrawalNo: field.text('funds.withdraw.no'),
 *     currency: field.text(),                                  // no label: carried for the amounts
 *     amount: field.money('funds.withdraw.amount'),            // its currency: the `currency` field
 *     status: field.code('funds.withdraw.status', 'funds.withdrawStatus'),
 *     processedAt: field.timeOrNull('funds.withdraw.processedAt'),
 *   };
 *   export const ZWithdrawal = rowSchema(WITHDRAWAL_FIELDS);
 */

/** What a field is: how it is sent, selected, shown and exported. */
export type TFieldKind = 'text' | 'money' | 'time' | 'enum' | 'count' | 'rate' | 'day' | 'link' | 'data';

export type TListField<S extends z.ZodType = z.ZodType> = {
  kind: TFieldKind;
  /** How the answer carries it. */
  schema: S;
  /**
   * Catalog key of its column title (the web catalog: what the screen shows). None: the row carries it
   * for another column (an amount's currency, the bank name of the "bank" column).
   */
  label?: string;
  /** money: the field holding its currency code. */
  currency?: string;
  /** enum: catalog prefix of its codes' labels on screen (`funds.withdrawStatus` reads `funds.withdrawStatus.2`). */
  codes?: string;
  /** A time or an amount that may be missing (null), a text that may be empty. */
  optional?: boolean;
  /** A column of the export though the screen does not show it (no title on screen). */
  file?: boolean;
};

export type TListFields = Record<string, TListField>;

type TTextOptions = { optional?: boolean; file?: boolean };

function make<S extends z.ZodType>(kind: TFieldKind, schema: S, more: Omit<TListField, 'kind' | 'schema'>): TListField<S> {
  // Keys left undefined are dropped, so a field compares equal to its written-out form.
  return Object.fromEntries(Object.entries({ kind, schema, ...more }).filter(([, v]) => v !== undefined)) as TListField<S>;
}

/** The field kinds (the issue's: text, money, time, enum, count, link; a report's rate and day; `data` for anything else a row carries). */
export const field = {
  /** A stored text shown as it is. */
  text: (label?: string, o: TTextOptions = {}) => make('text', z.string(), { label, ...o }),
  /** A text the screen shows as a link (its target is the screen's). */
  link: (label?: string, o: TTextOptions = {}) => make('link', z.string(), { label, ...o }),
  /** Minor units of the currency in field `currency`. */
  money: (label?: string, currency = 'currency') => make('money', z.number().int(), { label, currency }),
  /** Minor units that may not be given: null then. */
  moneyOrNull: (label?: string, currency = 'currency') => make('money', z.number().int().nullable(), { label, currency, optional: true }),
  /** An instant, sent as ISO text. */
  time: (label?: string) => make('time', z.string(), { label }),
  /** An instant that may not have happened yet: null until then. */
  timeOrNull: (label?: string) => make('time', z.string().nullable(), { label, optional: true }),
  /** A numeric code whose labels are `<codes>.<code>` in the catalog. */
  code: (label: string | undefined, codes: string) => make('enum', z.number().int(), { label, codes }),
  /** A text code whose labels are `<codes>.<code>` in the catalog; `schema` narrows it (z.enum of the codes). */
  textCode: <S extends z.ZodType<string> = z.ZodString>(label: string | undefined, codes: string, schema?: S) =>
    make('enum', schema ?? (z.string() as z.ZodType as S), { label, codes }),
  /** A whole number shown with thousands separators. */
  count: (label?: string) => make('count', z.number().int(), { label }),
  /** A ratio in basis points (1/100 of a percent), null when it has no denominator: "72.34%". */
  rate: (label?: string) => make('rate', z.number().int().nullable(), { label, optional: true }),
  /** A business day as YYYY-MM-DD text (a report's row), a date in a spreadsheet. */
  day: (label?: string) => make('day', z.string(), { label }),
  /** Anything else the row carries (a list, a flag): made by the server's own mapping, shown by the screen's own column. */
  data: <S extends z.ZodType>(schema: S, label?: string, o: { file?: boolean } = {}) => make('data', schema, { label, ...o }),
};

export type TRowShape<F extends TListFields> = { [K in keyof F]: F[K]['schema'] };

/** The row schema of a list's answer: one entry per field, in the declared order. */
export function rowSchema<F extends TListFields>(fields: F): z.ZodObject<TRowShape<F>> {
  return z.object(Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.schema])) as TRowShape<F>);
}

/** The fields with a column title, in order: a screen's default columns and an export's. */
export function labelledFields<F extends TListFields>(fields: F): (keyof F & string)[] {
  return Object.keys(fields).filter((k) => fields[k]!.label !== undefined);
}

/** `day` (YYYY-MM-DD) moved by `n` calendar days. */
export function shiftDay(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The filters a plain visit of a list shows: each filter's default in its schema (a time type), else
 * empty, and a date range of the last `days` days ending today when the filters have one (`from`, `to`).
 */
export function filterDefaults<S extends z.ZodRawShape>(
  filters: z.ZodObject<S>,
  days: number | null,
  today: string,
): Record<keyof S & string, string> {
  const out: Record<string, string> = {};
  for (const [key, schema] of Object.entries(filters.shape)) {
    const absent = (schema as z.ZodType).safeParse(undefined);
    out[key] = absent.success && absent.data !== undefined ? String(absent.data) : '';
  }
  if (days !== null && 'from' in out && 'to' in out) Object.assign(out, { from: shiftDay(today, 1 - days), to: today });
  return out as Record<keyof S & string, string>;
}

type TRefine<T> = (value: T, ctx: z.RefinementCtx) => void;

/**
 * A list declared once: its fields and its filters (the filter schema; a plain visit shows every filter
 * empty and, with a date range, the last `days` days). From them: the row schema, the list query (paging
 * plus filters, checked by `refine`), the page envelope and the export request. A module exports the
 * parts its callers use under its own names with one destructuring line, and their types beside it:
 *
 *   export const { query: ZThingListQuery, row: ZThing, page: ZThingPage } = THINGS;
 *   export type TThing = z.infer<typeof ZThing>;
 */
export function defineList<F extends TListFields, S extends z.ZodRawShape>(d: {
  fields: F;
  filters: z.ZodObject<S>;
  refine?: TRefine<z.infer<z.ZodObject<S>>>;
  days: number | null;
}) {
  const row = rowSchema(d.fields);
  return {
    fields: d.fields,
    filters: d.filters,
    days: d.days,
    row,
    query: listQuery(d.filters, d.refine),
    page: zListPage(row),
    exportBody: exportRequest(d.filters, d.refine),
    defaults: (today: string) => filterDefaults(d.filters, d.days, today),
  };
}
