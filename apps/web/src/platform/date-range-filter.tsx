import { useMemo, useState } from 'react';
import { DatePicker } from './date-picker';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isRangeWithinLimit, lastDateOfRange } from '@mbo/shared/date-range';
import { dayjs } from './dayjs';
import { todayIn } from './zone-clock';
import { showWarningToast } from './request-ui';
import './date-range-filter.css';

const DATE = 'YYYY-MM-DD';
const MONTH = 'YYYY-MM';

/** A calendar date as the picker holds it (local midnight of that date; only the date part is read back). */
const day = (date: string) => dayjs(date, DATE);

/** The preset ranges every date filter offers, relative to today in the chosen timezone. */
export function rangePresets(today: string): { key: string; from: string; to: string }[] {
  const t = day(today);
  const f = (d: Dayjs) => d.format(DATE);
  return [
    { key: 'today', from: today, to: today },
    { key: 'yesterday', from: f(t.subtract(1, 'day')), to: f(t.subtract(1, 'day')) },
    { key: 'last7Days', from: f(t.subtract(6, 'day')), to: today },
    { key: 'thisMonth', from: f(t.startOf('month')), to: today },
    { key: 'lastMonth', from: f(t.subtract(1, 'month').startOf('month')), to: f(t.subtract(1, 'month').endOf('month')) },
  ];
}

type TDateRangeFilterProps = {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
  /** The chosen timezone: "today", the presets and the last selectable day follow it, not the browser's. */
  timezone: string;
  testId?: string;
  /** Month picker (YYYY-MM values, first and last day passed to onChange). */
  picker?: 'date' | 'month';
  /** Accessible name of the two inputs' group. */
  ariaLabel?: string;
};

/**
 * A from-to date picker (spec §5: at most 6 months). Days after today (in the chosen timezone) are
 * disabled; while a start is chosen, days beyond 6 months from it are disabled too; a typed range
 * that is too long is refused with a warning rather than sent. Presets cover the usual ranges, and
 * "today" is marked in the chosen timezone (antd's own mark follows the browser's clock).
 *
 * The value given to antd keeps its identity while `from`/`to` do not change: a new value object on
 * every render makes antd drop a half-made selection, which lost the first click of a range.
 */
export function DateRangeFilter({ from, to, onChange, timezone, testId, picker = 'date', ariaLabel }: TDateRangeFilterProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<string | null>(null);
  const today = todayIn(timezone);
  const value = useMemo<[Dayjs, Dayjs]>(() => [day(from), day(to)], [from, to]);
  const presets = useMemo(
    () =>
      picker === 'date'
        ? rangePresets(today).map((p) => ({ label: t(`dateRange.preset.${p.key}`), value: [day(p.from), day(p.to)] as [Dayjs, Dayjs] }))
        : [],
    [picker, today, t],
  );

  const disabledDate = (current: Dayjs) => {
    if (picker === 'month') return current.format(MONTH) > today.slice(0, 7);
    const date = current.format(DATE);
    if (date > today) return true;
    if (!anchor) return false;
    const earliest = day(anchor).subtract(6, 'month').add(1, 'day').format(DATE);
    return date > lastDateOfRange(anchor) || date < earliest;
  };

  return (
    <div data-testid={testId} style={{ width: '100%', maxWidth: 280 }}>
      <DatePicker.RangePicker
        aria-label={ariaLabel}
        picker={picker}
        allowClear={false}
        value={value}
        presets={presets}
        style={{ width: '100%' }}
        disabledDate={disabledDate}
        classNames={{ popup: { root: 'mbo-range-picker' } }}
        onCalendarChange={(dates) => {
          const first = dates?.[0] ?? dates?.[1] ?? null;
          setAnchor(first ? first.format(DATE) : null);
        }}
        onOpenChange={(open) => {
          if (!open) setAnchor(null);
        }}
        onChange={(dates) => {
          const [a, b] = dates ?? [];
          if (!a || !b) return;
          const nextFrom = picker === 'month' ? a.startOf('month').format(DATE) : a.format(DATE);
          const nextTo = picker === 'month' ? b.endOf('month').format(DATE) : b.format(DATE);
          if (!isRangeWithinLimit(nextFrom, nextTo)) {
            showWarningToast(t('dateRange.tooLong'));
            return;
          }
          onChange(nextFrom, nextTo > today && picker === 'date' ? today : nextTo);
        }}
      />
    </div>
  );
}

/** A from-to month picker (YYYY-MM values) for the monthly screens, in the chosen timezone. */
export function MonthRangeFilter(p: {
  from: string;
  to: string;
  timezone: string;
  testId: string;
  onChange: (from: string, to: string) => void;
}) {
  return (
    <DateRangeFilter
      picker="month"
      timezone={p.timezone}
      from={`${p.from}-01`}
      to={`${p.to}-01`}
      onChange={(from, to) => p.onChange(from.slice(0, 7), to.slice(0, 7))}
      testId={p.testId}
    />
  );
}
