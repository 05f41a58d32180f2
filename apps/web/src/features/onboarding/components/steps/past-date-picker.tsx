import type { ComponentProps } from 'react';
import { dayjs } from '../../../../platform/dayjs';
import { DatePicker } from '../../../../platform/date-picker';
import { DATE_FORMAT } from '../../utils/step-values';

/** A day up to today, shown as DATE_FORMAT (formation date, date of birth); Form.Item gives value and onChange. */
export function PastDatePicker(props: ComponentProps<typeof DatePicker>) {
  return (
    <DatePicker
      format={DATE_FORMAT}
      placeholder={DATE_FORMAT}
      style={{ width: '100%' }}
      disabledDate={(date) => date.isAfter(dayjs(), 'day')}
      {...props}
    />
  );
}
