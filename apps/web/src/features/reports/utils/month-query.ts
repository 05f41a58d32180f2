import { useSearchParams } from 'react-router';
import { MAX_RANGE_MONTHS } from '@mbo/shared/date-range';
import { addMonths, monthSpan, MONTHS_BACK_MAX } from '@mbo/shared/reports';
import { useTimezone } from '../../../platform/timezone';
import { todayIn } from '../../../platform/zone-clock';

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

export type TMonthRange = { from: string; to: string };

/**
 * The months of a monthly screen's URL. A range the server would refuse (malformed, reversed, after this
 * month, older than MONTHS_BACK_MAX or longer than MAX_RANGE_MONTHS) falls back to the last `fallbackMonths`.
 */
export function readMonthRange(params: URLSearchParams, currentMonth: string, fallbackMonths: number): TMonthRange {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const valid =
    MONTH_RE.test(from) &&
    MONTH_RE.test(to) &&
    from <= to &&
    to <= currentMonth &&
    from >= addMonths(currentMonth, -(MONTHS_BACK_MAX - 1)) &&
    monthSpan(from, to) <= MAX_RANGE_MONTHS;
  return valid ? { from, to } : { from: addMonths(currentMonth, -(fallbackMonths - 1)), to: currentMonth };
}

/**
 * The filters of a monthly screen, kept in the URL: a month range (in the display timezone's months) and
 * one optional choice named `name` (card scheme, currency), left out of the URL when cleared.
 */
export function useMonthQuery<TQuery extends TMonthRange>(
  read: (params: URLSearchParams, currentMonth: string) => TQuery,
  name: keyof TQuery & string,
) {
  const tz = useTimezone();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = read(searchParams, todayIn(tz.timezone).slice(0, 7));
  const update = (range: TMonthRange, value: unknown) => {
    const params = new URLSearchParams({ from: range.from, to: range.to });
    if (typeof value === 'string' && value) params.set(name, value);
    setSearchParams(params);
  };
  return {
    timezone: tz.timezone,
    query,
    setRange: (from: string, to: string) => update({ from, to }, query[name]),
    setChoice: (value: string | undefined) => update(query, value),
  };
}
