import { DatePicker as AntDatePicker } from 'antd';
import dayjsGenerateConfig from '@rc-component/picker/generate/dayjs';
import type { Dayjs } from 'dayjs';
import { dayjs } from './dayjs';
import { getTimezoneName } from './timezone';
import { inZone } from './zone-clock';

/**
 * The current time as a date picker holds dates (local fields), read on the wall clock of the chosen
 * display timezone: the day the panel takes as today and opens on is the day the date filters' own
 * "today" is (todayIn), whatever the browser's zone.
 */
export function pickerNow(zone: string = getTimezoneName()): Dayjs {
  const wall = inZone(dayjs(), zone);
  return dayjs(new Date(wall.year(), wall.month(), wall.date(), wall.hour(), wall.minute(), wall.second(), wall.millisecond()));
}

/**
 * antd's DatePicker (with its RangePicker), every date field of the app uses this one. antd's own asks
 * dayjs's timezone plugin for "now" (`dayjs().tz()`, the browser's zone), and that builds an Intl
 * formatter: the first one costs tens of milliseconds of a cold page load's main thread (about 26 ms
 * on the 2-core test machine, in the middle of the transaction list's first render).
 */
export const DatePicker = AntDatePicker.generatePicker<Dayjs>({ ...dayjsGenerateConfig, getNow: () => pickerNow() });
