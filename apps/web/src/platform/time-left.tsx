import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

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

/** Time left until a reply deadline, the same on every screen: red under 24 hours, orange under 5 days (the reminder thresholds). */
export function TimeLeft({ deadline, now = Date.now() }: { deadline: string | null; now?: number }) {
  const { t } = useTranslation();
  const left = timeLeft(deadline, now);
  if (!left) return <>-</>;
  if (left.overdue) return <Tag color="default">{t('dispute.overdue')}</Tag>;
  const color = left.days < 1 ? 'red' : left.days < 5 ? 'orange' : 'blue';
  const text =
    left.days > 0
      ? t('dispute.leftDays', { days: left.days, hours: left.hours })
      : t('dispute.leftHours', { hours: left.hours, minutes: left.minutes });
  return (
    <Tag color={color} data-testid="time-left">
      {text}
    </Tag>
  );
}
