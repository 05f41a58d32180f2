import { useState } from 'react';
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { isRangeWithinLimit, lastDateOfRange } from '@mbo/shared/date-range';
import { dayjs } from './dayjs';
import { showWarningToast } from './request-ui';

const DATE = 'YYYY-MM-DD';

/** Today's calendar date (YYYY-MM-DD) in the given IANA timezone: the default of every date filter. */
export function todayIn(tz: string): string {
  return dayjs().tz(tz).format(DATE);
}

/** The first day of the month `monthsBack` months before the current one, in `tz`. */
export function monthStartIn(tz: string, monthsBack = 0): string {
  return dayjs().tz(tz).subtract(monthsBack, 'month').startOf('month').format(DATE);
}

type TDateRangeFilterProps = {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
  testId?: string;
  /** Month picker (YYYY-MM values, first and last day passed to onChange). */
  picker?: 'date' | 'month';
};

/**
 * A from-to date picker that refuses a range over 6 months (spec §5): while a start is chosen, days
 * past the 6-month end are disabled, and a typed range that is too long is refused with a warning
 * rather than sent (the server refuses it too).
 */
export function DateRangeFilter({ from, to, onChange, testId, picker = 'date' }: TDateRangeFilterProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<Dayjs | null>(null);
  const value: [Dayjs, Dayjs] = [dayjs(from, DATE), dayjs(to, DATE)];

  const disabledDate = (current: Dayjs) => {
    if (!anchor) return false;
    const start = anchor.format(DATE);
    const day = current.format(DATE);
    const earliest = dayjs(start, DATE).subtract(6, 'month').add(1, 'day').format(DATE);
    return day > lastDateOfRange(start) || day < earliest;
  };

  return (
    <DatePicker.RangePicker
      data-testid={testId}
      picker={picker}
      allowClear={false}
      value={value}
      style={{ width: '100%', maxWidth: 280 }}
      disabledDate={picker === 'date' ? disabledDate : undefined}
      onCalendarChange={(dates) => setAnchor(dates?.[0] ?? dates?.[1] ?? null)}
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
        onChange(nextFrom, nextTo);
      }}
    />
  );
}
