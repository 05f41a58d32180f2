import { ZDate, isRangeWithinLimit } from '@mbo/shared/date-range';
import { DEADLINE_WITHIN_MAX_DAYS, DISPUTE_TIME_TYPES, LISTED_DISPUTE_KINDS, type TDisputeTimeType } from '@mbo/shared/disputes';
import { LIMIT_DEFAULT, PAGE_DEFAULT, PAGE_MAX, PAGE_SIZES } from '@mbo/shared/paging';
import { AppealStatus, ProcessingType } from '@mbo/shared/trade-enums';

export type TDisputeFilters = {
  timeType: TDisputeTimeType;
  from: string;
  to: string;
  gatewayNo: string;
  tradeNo: string;
  caseNo: string;
  processingType: string;
  kind: string;
  appealStatus: string;
  deadlineWithinDays: string;
};

export type TDisputeUrlState = { filters: TDisputeFilters; page: number; limit: number; detail: string | null };

const CODES = {
  processingType: Object.values(ProcessingType).map(String),
  kind: Object.values(LISTED_DISPUTE_KINDS).map(String),
  appealStatus: Object.values(AppealStatus).map(String),
};

export function defaultDisputeFilters(today: string): TDisputeFilters {
  return {
    timeType: 'dispute',
    from: today,
    to: today,
    gatewayNo: '',
    tradeNo: '',
    caseNo: '',
    processingType: '',
    kind: '',
    appealStatus: '',
    deadlineWithinDays: '',
  };
}

const text = (v: string | null, max: number) => (v ?? '').trim().slice(0, max);

/** Reads the URL; a value the server would refuse falls back to its default. */
export function readDisputeQuery(params: URLSearchParams, today: string): TDisputeUrlState {
  const d = defaultDisputeFilters(today);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const datesOk = ZDate.safeParse(from).success && ZDate.safeParse(to).success && isRangeWithinLimit(from, to);
  const timeType = params.get('timeType') ?? '';
  const code = (name: keyof typeof CODES) => {
    const v = params.get(name) ?? '';
    return CODES[name].includes(v) ? v : '';
  };
  const within = Number(params.get('deadlineWithinDays'));
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const gatewayNo = text(params.get('gatewayNo'), 20);
  return {
    filters: {
      timeType: (DISPUTE_TIME_TYPES as readonly string[]).includes(timeType) ? (timeType as TDisputeTimeType) : d.timeType,
      from: datesOk ? from : d.from,
      to: datesOk ? to : d.to,
      gatewayNo: /^\d*$/.test(gatewayNo) ? gatewayNo : '',
      tradeNo: text(params.get('tradeNo'), 64),
      caseNo: text(params.get('caseNo'), 64),
      processingType: code('processingType'),
      kind: code('kind'),
      appealStatus: code('appealStatus'),
      deadlineWithinDays: Number.isInteger(within) && within >= 1 && within <= DEADLINE_WITHIN_MAX_DAYS ? String(within) : '',
    },
    page: Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : PAGE_DEFAULT,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : LIMIT_DEFAULT,
    detail: text(params.get('detail'), 64) || null,
  };
}

export function writeDisputeQuery(state: TDisputeUrlState, today: string): URLSearchParams {
  const d = defaultDisputeFilters(today);
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(state.filters) as [keyof TDisputeFilters, string][]) if (v !== d[k]) params.set(k, v);
  if (state.page !== PAGE_DEFAULT) params.set('page', String(state.page));
  if (state.limit !== LIMIT_DEFAULT) params.set('limit', String(state.limit));
  if (state.detail) params.set('detail', state.detail);
  return params;
}

export function activeDisputeFilters(f: TDisputeFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== ''));
}

/** Time left until a deadline, for display; null when there is no deadline. */
export function timeLeft(
  deadlineIso: string | null,
  nowMs: number,
): { overdue: boolean; days: number; hours: number; minutes: number } | null {
  if (!deadlineIso) return null;
  const ms = Date.parse(deadlineIso) - nowMs;
  if (ms <= 0) return { overdue: true, days: 0, hours: 0, minutes: 0 };
  const minutes = Math.floor(ms / 60_000);
  return { overdue: false, days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}
