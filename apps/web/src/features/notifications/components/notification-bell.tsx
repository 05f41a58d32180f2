import { useState } from 'react';
import { Badge, Button } from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DeferredPart } from '../../../platform/deferred-part';
import { lazyPage } from '../../../platform/lazy-page';
import { useNotificationUnread } from '../api';

/** The panel's code (the drawer, the list, the preferences form) comes when it first opens, or at the first idle moment. */
const NotificationPanel = lazyPage(() => import('./notification-panel'), 'NotificationPanel');

/** The top bar's notification bell: the caller's unread count; opens the notification centre's panel. */
export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unread = useNotificationUnread().data?.unread ?? 0;
  const label = t('layout.notificationBell', { count: unread });
  return (
    <>
      <Button
        type="text"
        aria-label={label}
        title={label}
        data-testid="notification-bell"
        onClick={() => setOpen(true)}
        icon={
          <Badge count={unread} size="small" overflowCount={99}>
            <NotificationOutlined style={{ fontSize: 16 }} data-count={unread} data-testid="notification-unread" />
          </Badge>
        }
      />
      <DeferredPart open={open} preload={NotificationPanel.preload}>
        <NotificationPanel open={open} onClose={() => setOpen(false)} />
      </DeferredPart>
    </>
  );
}
