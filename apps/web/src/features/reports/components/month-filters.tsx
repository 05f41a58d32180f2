import type { ReactNode } from 'react';
import { Select } from 'antd';
import { MonthRangeFilter } from '../../../platform/date-range-filter';
import type { TMonthRange } from '../utils/month-query';

type TMonthFiltersProps = {
  /** The screen's useMonthQuery: the range and the choice live in the URL. */
  months: {
    timezone: string;
    query: TMonthRange;
    setRange: (from: string, to: string) => void;
    setChoice: (value: string | undefined) => void;
  };
  rangeTestId: string;
  /** The one optional choice beside the range (card scheme, currency); cleared, it leaves the URL. */
  choice: { label: string; value: string | undefined; options: { value: string; label: string }[]; testId?: string };
  /** What else the row holds (refresh, downloads). */
  children?: ReactNode;
};

/** The filter row of a monthly screen: the month range and the one optional choice. */
export function MonthFilters({ months, rangeTestId, choice, children }: TMonthFiltersProps) {
  return (
    <div className="mbo-report-filters">
      <MonthRangeFilter
        timezone={months.timezone}
        from={months.query.from}
        to={months.query.to}
        onChange={months.setRange}
        testId={rangeTestId}
      />
      <Select<string>
        allowClear
        placeholder={choice.label}
        aria-label={choice.label}
        value={choice.value}
        onChange={months.setChoice}
        options={choice.options}
        data-testid={choice.testId}
      />
      {children}
    </div>
  );
}
