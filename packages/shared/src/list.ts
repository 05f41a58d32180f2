import { z } from 'zod';
import { isMajorAmountText } from './money';
import { LIMIT_DEFAULT, LIMIT_MAX, PAGE_DEFAULT, PAGE_MAX } from './paging';

/**
 * The one list contract of the product. Every list route takes a query built from `ZListQuery` plus
 * its own filter fields, and answers a `zListPage(row)` envelope; every export takes the same filters
 * plus a `format`. A new list is declared once with `defineList` (list-fields.ts), which builds these
 * from its fields and filters (`dateRangeFilters` of date-range.ts where it has dates).
 */

/** Counts stop here; beyond it the list says "10,000+" (an exact count of millions of rows costs seconds). */
export const LIST_COUNT_CAP = 10_000;
/** Rows per database query while exporting. */
export const EXPORT_BATCH_ROWS = 1_000;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * Next-page cursor: `<sort value>_<id>` of the last row of the previous page (the sort value is a
 * time in epoch milliseconds or another integer column, the id the row's primary key).
 */
export const CURSOR_RE = /^-?\d{1,15}_\d{1,15}$/;

export function formatCursor(sortValue: number, id: number): string {
  return `${sortValue}_${id}`;
}

export function parseCursor(cursor: string): { value: number; id: number } {
  const i = cursor.lastIndexOf('_');
  return { value: Number(cursor.slice(0, i)), id: Number(cursor.slice(i + 1)) };
}

/** An empty query-string value ("?email=") means "no filter", not a bad value. */
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
/** An optional filter field: blank or absent is "not filtered". */
export const opt = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
/** Optional free text of at most `max` characters, trimmed. */
export const optText = (max: number) => opt(z.string().trim().max(max));
/** A gateway number filter (digits); a number outside the caller's scope gives an empty list, not an error. */
export const zGatewayNoFilter = opt(
  z
    .string()
    .trim()
    .regex(/^\d{1,20}$/),
);

/** Paging part of every list query: page number (for jumps), page size, and the keyset cursor (for "next"). */
export const ZListQuery = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(PAGE_DEFAULT),
  limit: z.coerce.number().int().min(1).max(LIMIT_MAX).default(LIMIT_DEFAULT),
  after: opt(z.string().regex(CURSOR_RE)),
});
export type TListQuery = z.infer<typeof ZListQuery>;
export type TListPaging = Pick<TListQuery, 'page' | 'limit' | 'after'>;

type TRefine<T> = (value: T, ctx: z.RefinementCtx) => void;

/** A list route's query: paging plus the filters, with the filters' cross-field rules (date range, amount bounds). */
export function listQuery<S extends z.ZodRawShape>(filters: z.ZodObject<S>, refine?: TRefine<z.infer<z.ZodObject<S>>>) {
  const merged = ZListQuery.extend(filters.shape);
  return refine ? merged.superRefine((v, ctx) => refine(v as z.infer<z.ZodObject<S>>, ctx)) : merged;
}

/** An export request: the same filters as the list plus the file format. */
export function exportRequest<S extends z.ZodRawShape>(filters: z.ZodObject<S>, refine?: TRefine<z.infer<z.ZodObject<S>>>) {
  const merged = filters.extend({ format: z.enum(EXPORT_FORMATS) });
  return refine ? merged.superRefine((v, ctx) => refine(v as z.infer<z.ZodObject<S>>, ctx)) : merged;
}

/** The page envelope around a list's rows. */
export const zListPage = <T extends z.ZodType>(row: T) =>
  z.object({
    list: z.array(row),
    /** Exact row count, or a lower bound when `capped`. */
    total: z.number().int(),
    /**
     * true when more than `total` rows match: the count stopped at LIST_COUNT_CAP, or earlier where
     * counting would read far more rows than the page (platform/list.ts COUNT_SCAN).
     */
    capped: z.boolean(),
    page: z.number().int(),
    limit: z.number().int(),
    /** Cursor for the page after this one; null on the last page and on lists that page by number only. */
    nextCursor: z.string().nullable(),
  });

/**
 * The answer of a list's count route (GET `<list path>/count`, the same filters): the exact number of
 * rows, asked after a page whose count was capped. `capped` true: the count ran past its time budget
 * and `total` is again a lower bound ("more than total"), as on the page.
 */
export const ZListCount = z.object({ total: z.number().int(), capped: z.boolean() });
export type TListCount = z.infer<typeof ZListCount>;

/** The path of a list's count route. */
export const listCountPath = (listPath: string) => `${listPath}/count`;

export type TListPage<T> = {
  list: T[];
  total: number;
  capped: boolean;
  page: number;
  limit: number;
  nextCursor: string | null;
};

/**
 * An optional amount bound in major units, parsed by the one exact amount rule of money.ts (digits
 * and a dot, at most 2 decimals: the most any supported currency has); the message is a server
 * catalog key.
 */
export const zAmountFilter = opt(
  z
    .string()
    .trim()
    .refine((s) => isMajorAmountText(s), 'trade.badAmount'),
);

/** Compares two amount texts exactly (no floating point): negative when a < b. */
export function compareAmountText(a: string, b: string): number {
  const [aw = '0', af = ''] = a.split('.');
  const [bw = '0', bf = ''] = b.split('.');
  const aWhole = aw.replace(/^0+(?=\d)/, '');
  const bWhole = bw.replace(/^0+(?=\d)/, '');
  if (aWhole.length !== bWhole.length) return aWhole.length - bWhole.length;
  const left = aWhole + af.padEnd(2, '0');
  const right = bWhole + bf.padEnd(2, '0');
  return left < right ? -1 : left > right ? 1 : 0;
}

/** "Minimum not above maximum" for an amount range filter; the issue carries the server catalog key `trade.amountReversed`. */
export function checkAmountRange(q: { amountMin?: string | undefined; amountMax?: string | undefined }, ctx: z.RefinementCtx): void {
  if (q.amountMin !== undefined && q.amountMax !== undefined && compareAmountText(q.amountMin, q.amountMax) > 0) {
    ctx.addIssue({ code: 'custom', message: 'trade.amountReversed', path: ['amountMax'] });
  }
}
