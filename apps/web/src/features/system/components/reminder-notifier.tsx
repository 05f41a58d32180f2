import { useEffect } from 'react';
import { notification } from 'antd';
import type { TReminder } from '@mbo/shared/reminders';
import { NOTIFICATION_DURATION_MS, REMINDER_FIRST_DELAY_MS, REMINDER_NEXT_DELAY_MS } from '@mbo/shared/limits';
import { getReminders } from '../api/get-reminders';
import { markReminderRead } from '../api/mark-reminder-read';
import { t } from '../../../platform/i18n';

/** Distance of the notification from the top of the window (spec §9: 16 px). */
const NOTIFICATION_GAP_PX = 16;

/**
 * Message reminders (spec §7, §9): fetched 2 s after the layout mounts and shown one at a time;
 * each close (by hand or by timeout) marks it read and the next follows 300 ms later.
 */
export function ReminderNotifier() {
  const [api, holder] = notification.useNotification({ placement: 'topRight', top: NOTIFICATION_GAP_PX });

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const showNext = (queue: TReminder[]) => {
      const item = queue.shift();
      if (!item || cancelled) return;
      api.open({
        key: `reminder-${item.id}`,
        title: t('reminder.title'),
        description: <span data-testid="reminder-content">{item.content}</span>,
        duration: NOTIFICATION_DURATION_MS / 1000,
        placement: 'topRight',
        onClose: () => {
          void markReminderRead(item.id).catch(() => undefined);
          if (!cancelled) timer = setTimeout(() => showNext(queue), REMINDER_NEXT_DELAY_MS);
        },
      });
    };

    timer = setTimeout(() => {
      getReminders().then(
        (list) => {
          if (!cancelled) showNext([...list]);
        },
        () => undefined,
      );
    }, REMINDER_FIRST_DELAY_MS);

    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [api]);

  return holder;
}
