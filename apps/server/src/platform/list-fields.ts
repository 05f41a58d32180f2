/**
 * The server half of a list declared once (packages/shared/src/list-fields.ts): from a list's fields,
 * the select of its statement (each field under its own name), the mapping of a result row to the
 * answer's row, and its export columns (a cell per field of its kind: text, money, time, label, count),
 * so that a field added to the declaration is in the file as it is on screen.
 *
 *   const rows = db.selectFrom('withdrawals as w').innerJoin(...).select(fieldSelect(WITHDRAWAL_FIELDS, 'w', { gatewayNo: 'g.gateway_no' }));
 *   mapPage(page, rowMapper(WITHDRAWAL_FIELDS));
 *   exportColumns(ENTRIES.fields, c, { codes: { type: 'ledgerType' } }); // defineExport's `columns` are these options
 */
import { sql, type AliasedRawBuilder, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { TListField, TListFields } from '@mbo/shared/list-fields';
import type { ExportCells } from './export-cells';
import { DAY_MS, NumberCell, type ExportCell, type ExportColumn } from './export-values';
import { EPOCH_SERIAL } from './xlsx-rows';
import type { MessageKey } from './messages';
import { toIso } from './time';

/** A row as the list statement gives it: every field under its own name, the row id, and any other column selected with them. */
export type FieldRow<F extends TListFields> = { [K in keyof F]: unknown } & { id: number } & Record<string, unknown>;

/** The answer's row of a list's fields (the row schema's output). */
export type FieldValues<F extends TListFields> = { [K in keyof F]: z.output<F[K]['schema']> };

/**
 * Where each field is read from: a column reference ('g.gateway_no') or an expression; by default
 * `<alias>.<field in snake_case>`. A name that is no field is selected too (a sort column the answer
 * does not carry).
 */
export type FieldSources<F extends TListFields> = Partial<Record<keyof F & string, string | RawBuilder<unknown>>> &
  Record<string, string | RawBuilder<unknown>>;

const snake = (key: string) => key.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

/**
 * The select list of a list's statement: the row id (`<alias>.id`) and every field but `data` ones
 * without a source, each under its own name (`"w"."withdrawal_no" as "withdrawalNo"`).
 */
export function fieldSelect<F extends TListFields>(
  fields: F,
  alias: string,
  sources: FieldSources<F> = {},
): AliasedRawBuilder<unknown, string>[] {
  const out: AliasedRawBuilder<unknown, string>[] = [sql.ref(`${alias}.id`).as('id')];
  const add = (key: string, source: string | RawBuilder<unknown>) =>
    out.push((typeof source === 'string' ? sql.ref(source) : source).as(key));
  for (const [key, f] of Object.entries(fields)) {
    const source = sources[key] ?? (f.kind === 'data' ? undefined : `${alias}.${snake(key)}`);
    if (source !== undefined && key !== 'id') add(key, source);
  }
  for (const [key, source] of Object.entries(sources)) if (!(key in fields)) add(key, source);
  return out;
}

/** `qb` with the select list of fieldSelect, its rows typed as FieldRow. */
export function selectFields<DB, TB extends keyof DB, O, F extends TListFields>(
  qb: SelectQueryBuilder<DB, TB, O>,
  fields: F,
  alias: string,
  sources: FieldSources<F> = {},
): SelectQueryBuilder<DB, TB, FieldRow<F>> {
  return qb.select(fieldSelect(fields, alias, sources)).$castTo<FieldRow<F>>();
}

/** How a field's value is made for the answer from what the database gave (numbers as text on PostgreSQL, NULL). */
function answerValue(f: TListField): (raw: unknown) => unknown {
  switch (f.kind) {
    case 'text':
    case 'link':
      return (raw) => (raw === null || raw === undefined ? '' : String(raw));
    case 'money':
      return f.optional ? (raw) => (raw === null || raw === undefined ? null : Number(raw)) : (raw) => Number(raw ?? 0);
    case 'count':
      return (raw) => Number(raw ?? 0);
    case 'rate':
      return (raw) => (raw === null || raw === undefined ? null : Number(raw));
    case 'day':
      return (raw) => String(raw ?? '');
    case 'time':
      return (raw) => (raw === null || raw === undefined ? null : toIso(Number(raw)));
    case 'enum':
      // A numeric code or a text code, as the field's schema says.
      return f.schema.safeParse(0).success ? (raw) => Number(raw ?? 0) : (raw) => String(raw ?? '');
    case 'data':
      return (raw) => raw;
  }
}

/**
 * The answer's row from a result row, field by field; `special` makes the fields that are not a
 * plain copy (a list split from its stored text, a flag worked out from several columns).
 */
export function rowMapper<F extends TListFields, Row extends object = FieldRow<F>>(
  fields: F,
  special: { [K in keyof F]?: (row: Row) => z.output<F[K]['schema']> } = {},
): (row: Row) => FieldValues<F> {
  const makers = Object.entries(fields).map(([key, f]): [string, (row: Row) => unknown] => {
    const own = special[key as keyof F];
    const value = answerValue(f);
    return [key, own ?? ((row) => value((row as Record<string, unknown>)[key]))];
  });
  return (row) => {
    const out: Record<string, unknown> = {};
    for (const [key, make] of makers) out[key] = make(row);
    return out as FieldValues<F>;
  };
}

export type ExportOptions<F extends TListFields> = {
  /**
   * None (the rule): a column's header is its title on screen, the text of the field's `label` in the
   * web catalog of the caller's language (ExportCells.screen), so the file and the screen cannot drift
   * apart. Given: the server catalog prefix of the headers, a column's header being `<headers>.<field>`
   * (a list whose export is not yet written from the screen's titles). A column the screen does not
   * title (a `file` field) or that says more than its title gives its own header in `special`.
   */
  headers?: string;
  /** The server catalog prefix of each exported enum field's labels (`status: 'withdrawStatus'`). */
  codes?: Partial<Record<keyof F & string, string>>;
  /** The columns of the file, in order; by default every field with a title or marked `file`, in the declared order. */
  columns?: readonly (keyof F & string)[];
  /** Columns that are not the kind's plain cell (a value made of several fields, another header); null leaves the field's column out. */
  special?: { [K in keyof F]?: Partial<ExportColumn<FieldRow<F>>> | null };
  /**
   * Whether the columns are written as plain header and value only (no format, no optional cells):
   * the files of lists whose rows are worked out in JavaScript (the waybills' deadlines, the daily
   * report's sums) have always been written so, and their bytes stay as merchants' programs read them.
   */
  fromRows?: boolean;
};

/**
 * A list's export columns from its fields, in the caller's language and timezone: each field's cell
 * by its kind (text, money, time, label, count), a special column where a value is more than its field.
 */
export function exportColumns<F extends TListFields>(fields: F, c: ExportCells, o: ExportOptions<F>): ExportColumn<FieldRow<F>>[] {
  const keys = o.columns ?? (Object.keys(fields).filter((k) => fields[k]!.label !== undefined || fields[k]!.file) as (keyof F & string)[]);
  const columns = keys.flatMap((key): ExportColumn<FieldRow<F>>[] => {
    const special = o.special?.[key];
    if (special === null) return [];
    const header = special?.header ?? headerOf(fields[key]!, key, c, o.headers);
    // A value of its own replaces the kind's whole cell (its `optional` too, unless it says so).
    const kind = special?.value ? {} : kindColumn(fields[key]!, key, c, o.codes?.[key]);
    return [{ header, ...kind, ...special } as ExportColumn<FieldRow<F>>];
  });
  return o.fromRows ? columns.map((col) => ({ header: col.header, value: col.value })) : columns;
}

function headerOf(f: TListField, key: string, c: ExportCells, headers: string | undefined): string {
  if (headers !== undefined) return c.text(`${headers}.${key}` as MessageKey);
  if (f.label === undefined) throw new Error(`export column ${key} has no title on screen: give its header in \`special\``);
  return c.screen(f.label);
}

type Cell = Omit<ExportColumn<Record<string, unknown>>, 'header'>;

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** A business day as a date cell ("2026-05-01", a date in XLSX); anything else (a totals row's label) as its text. */
export function dayCell(v: unknown): ExportCell {
  const text = v === null || v === undefined ? '' : String(v);
  if (!DAY_TEXT.test(text)) return text;
  return new NumberCell(Date.UTC(+text.slice(0, 4), +text.slice(5, 7) - 1, +text.slice(8, 10)) / DAY_MS + EPOCH_SERIAL, 'date', text);
}

function kindColumn(f: TListField, key: string, c: ExportCells, codes: string | undefined): Cell {
  const at = (r: Record<string, unknown>) => r[key];
  switch (f.kind) {
    case 'text':
    case 'link':
      return { value: (r) => (at(r) === null || at(r) === undefined ? '' : String(at(r))), optional: f.optional === true };
    case 'money': {
      const currency = f.currency ?? 'currency';
      return { value: (r) => (f.optional && (at(r) === null || at(r) === undefined) ? null : c.money(Number(at(r)), String(r[currency]))) };
    }
    case 'time':
      return { value: (r) => c.time(at(r) === null || at(r) === undefined ? null : Number(at(r))), optional: f.optional === true };
    case 'enum': {
      if (codes === undefined) throw new Error(`export of enum field ${key} without its labels' catalog prefix`);
      // The code the list answers (a missing one as 0 or ''), so the file shows the screen's label for it.
      const code = answerValue(f) as (raw: unknown) => number | string;
      return { value: (r) => c.label(codes, code(at(r))) };
    }
    case 'count':
      // A count in a spreadsheet reads as on screen, with thousands separators (#,##0).
      return { value: (r) => c.count(Number(at(r) ?? 0)) };
    case 'rate':
      return { value: (r) => c.percent(at(r) === null || at(r) === undefined ? null : Number(at(r))) };
    case 'day':
      return { value: (r) => dayCell(at(r)) };
    case 'data':
      return { value: (r) => at(r) as ExportCell };
  }
}
