import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { timeLeft } from '../dispute-query';

/** Time left until a deadline: red under 24 hours, orange under 5 days (the reminder thresholds). */
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
