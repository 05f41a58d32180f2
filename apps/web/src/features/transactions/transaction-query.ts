import { isRangeWithinLimit } from '@mbo/shared/date-range';
import { LIMIT_DEFAULT, PAGE_DEFAULT, PAGE_MAX, PAGE_SIZES } from '@mbo/shared/paging';
import { TRANSACTION_FILTER_KEYS, ZTransactionFilterFields, compareAmountText } from '@mbo/shared/transactions';

export type TFilterKey = (typeof TRANSACTION_FILTER_KEYS)[number];
/** Filters as the form and the URL hold them: text, '' meaning "not filtered". */
export type TFilterValues = Record<TFilterKey, string>;

export type TTransactionUrlState = {
  filters: TFilterValues;
  page: number;
  limit: number;
  /** Transaction order number whose detail drawer is open. */
  detail: string | null;
};

export function defaultFilters(today: string): TFilterValues {
  const values = Object.fromEntries(TRANSACTION_FILTER_KEYS.map((k) => [k, ''])) as TFilterValues;
  return { ...values, timeType: 'trade', from: today, to: today };
}

const shape = ZTransactionFilterFields.shape;

/** A URL value the server schema accepts, or '' (a bad bookmark falls back to "no filter", not an error). */
function validValue(key: TFilterKey, raw: string | null): string {
  if (raw === null || raw.trim() === '') return '';
  return shape[key].safeParse(raw).success ? raw.trim() : '';
}

/**
 * The list state from the URL, each value checked with the shared schema. Dates default to today in
 * the user's timezone; a range the server would refuse (reversed, over 6 months) falls back to today.
 */
export function readTransactionQuery(params: URLSearchParams, today: string): TTransactionUrlState {
  const filters = defaultFilters(today);
  for (const key of TRANSACTION_FILTER_KEYS) {
    const value = validValue(key, params.get(key));
    if (value !== '') filters[key] = value;
  }
  if (!isRangeWithinLimit(filters.from, filters.to)) {
    filters.from = today;
    filters.to = today;
  }
  if (filters.amountMin && filters.amountMax && compareAmountText(filters.amountMin, filters.amountMax) > 0) filters.amountMax = '';
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const detail = params.get('detail');
  return {
    filters,
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : PAGE_DEFAULT,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : LIMIT_DEFAULT,
    detail: detail && detail.trim() !== '' ? detail.trim() : null,
  };
}

/** Only what differs from the defaults goes into the URL, so a plain menu click gives a clean address. */
export function writeTransactionQuery(state: TTransactionUrlState, today: string): URLSearchParams {
  const defaults = defaultFilters(today);
  const params = new URLSearchParams();
  for (const key of TRANSACTION_FILTER_KEYS) {
    const value = state.filters[key].trim();
    if (value !== '' && value !== defaults[key]) params.set(key, value);
  }
  if (state.page !== PAGE_DEFAULT) params.set('page', String(state.page));
  if (state.limit !== LIMIT_DEFAULT) params.set('limit', String(state.limit));
  if (state.detail) params.set('detail', state.detail);
  return params;
}

/** The filters the API takes: blank ones left out. */
export function activeFilters(filters: TFilterValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of TRANSACTION_FILTER_KEYS) if (filters[key].trim() !== '') out[key] = filters[key].trim();
  return out;
}
