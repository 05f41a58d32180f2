import { ZDate, isRangeWithinLimit } from '@mbo/shared/date-range';
import { LIMIT_DEFAULT, PAGE_DEFAULT, PAGE_MAX, PAGE_SIZES } from '@mbo/shared/paging';
import { REFUND_TIME_TYPES, type TRefundTimeType } from '@mbo/shared/refunds';
import { RefundMethod, RefundProcessing, RefundSource } from '@mbo/shared/trade-enums';

/** The refund query's filters as URL text (empty = no filter). */
export type TRefundFilters = {
  timeType: TRefundTimeType;
  from: string;
  to: string;
  gatewayNo: string;
  tradeNo: string;
  refundNo: string;
  status: string;
  method: string;
  source: string;
};

export type TRefundUrlState = { filters: TRefundFilters; page: number; limit: number; apply: string | null; detail: string | null };

const CODES = {
  status: Object.values(RefundProcessing).map(String),
  method: Object.values(RefundMethod).map(String),
  source: Object.values(RefundSource).map(String),
};

export function defaultRefundFilters(today: string): TRefundFilters {
  return { timeType: 'refundApply', from: today, to: today, gatewayNo: '', tradeNo: '', refundNo: '', status: '', method: '', source: '' };
}

const text = (v: string | null, max: number) => (v ?? '').trim().slice(0, max);

/** Reads the URL; a value the server would refuse falls back to its default instead of failing the page. */
export function readRefundQuery(params: URLSearchParams, today: string): TRefundUrlState {
  const d = defaultRefundFilters(today);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const datesOk = ZDate.safeParse(from).success && ZDate.safeParse(to).success && isRangeWithinLimit(from, to);
  const timeType = params.get('timeType') as TRefundTimeType | null;
  const code = (name: keyof typeof CODES) => {
    const v = params.get(name) ?? '';
    return CODES[name].includes(v) ? v : '';
  };
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const gatewayNo = text(params.get('gatewayNo'), 20);
  return {
    filters: {
      timeType: timeType && (REFUND_TIME_TYPES as readonly string[]).includes(timeType) ? timeType : d.timeType,
      from: datesOk ? from : d.from,
      to: datesOk ? to : d.to,
      gatewayNo: /^\d*$/.test(gatewayNo) ? gatewayNo : '',
      tradeNo: text(params.get('tradeNo'), 64),
      refundNo: text(params.get('refundNo'), 64),
      status: code('status'),
      method: code('method'),
      source: code('source'),
    },
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : PAGE_DEFAULT,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : LIMIT_DEFAULT,
    apply: text(params.get('apply'), 64) || null,
    detail: text(params.get('detail'), 64) || null,
  };
}

/** Writes only what differs from the defaults, so a plain visit has a clean URL. */
export function writeRefundQuery(state: TRefundUrlState, today: string): URLSearchParams {
  const d = defaultRefundFilters(today);
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(state.filters) as [keyof TRefundFilters, string][]) if (v !== d[k]) params.set(k, v);
  if (state.page !== PAGE_DEFAULT) params.set('page', String(state.page));
  if (state.limit !== LIMIT_DEFAULT) params.set('limit', String(state.limit));
  if (state.apply) params.set('apply', state.apply);
  if (state.detail) params.set('detail', state.detail);
  return params;
}

/** The filters to send: empty values left out. */
export function activeRefundFilters(f: TRefundFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ''));
}
