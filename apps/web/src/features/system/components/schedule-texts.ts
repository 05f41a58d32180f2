import type { TFunction } from 'i18next';
import { LAST_DAY_OF_MONTH, type TReportSchedule } from '@mbo/shared/report-schedules';
import { findMenu } from '@mbo/shared/permissions';

/** "Every Monday at 08:00 (Asia/Shanghai)": when a schedule runs, in words. */
export function scheduleWhen(t: TFunction, s: Pick<TReportSchedule, 'frequency' | 'weekday' | 'monthDay' | 'time' | 'timezone'>): string {
  const at = { time: s.time, timezone: s.timezone };
  if (s.frequency === 'weekly') return t('reportSchedules.whenWeekly', { ...at, day: t(`reportSchedules.weekdays.${s.weekday ?? 1}`) });
  if (s.frequency === 'monthly')
    return s.monthDay === LAST_DAY_OF_MONTH
      ? t('reportSchedules.whenMonthlyLast', at)
      : t('reportSchedules.whenMonthly', { ...at, day: s.monthDay ?? 1 });
  return t('reportSchedules.whenDaily', at);
}

/** The list a schedule exports, by its screen's menu title. */
export function scheduleList(t: TFunction, screen: string): string {
  const menu = findMenu(screen);
  return menu ? t(menu.titleKey) : screen;
}
