import { useState } from 'react';
import { Button, Checkbox, Drawer, Empty, InputNumber, List, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TNotificationPreferences } from '@mbo/shared/notifications';
import { parseTime } from '../../../platform/format';
import { useMarkAllRead, useMarkRead, useNotificationList, useNotificationPreferences, useSavePreferences } from '../api';

/**
 * The notification centre: its texts are the frame's (layout.notification), a few lines read by the
 * panel only; an area of their own was not loaded for a part that is not a screen.
 *
 * The notification centre: the caller's notifications (click: read, and open its screen) and their preferences. */
export function NotificationPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'list' | 'settings'>('list');
  return (
    <Drawer open={open} onClose={onClose} title={t('layout.notification.title')} width={440} data-testid="notification-panel">
      <Segmented
        block
        value={tab}
        onChange={(v) => setTab(v as 'list' | 'settings')}
        options={[
          { value: 'list', label: <span data-testid="notification-tab-list">{t('layout.notification.list')}</span> },
          { value: 'settings', label: <span data-testid="notification-tab-settings">{t('layout.notification.settings')}</span> },
        ]}
        style={{ marginBottom: 12 }}
      />
      {tab === 'list' ? <Items open={open} onClose={onClose} /> : <Settings />}
    </Drawer>
  );
}

function Items({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useNotificationList(open);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const items = list.data?.items ?? [];
  return (
    <>
      <Button size="small" onClick={() => markAll.mutate()} disabled={(list.data?.unread ?? 0) === 0} data-testid="notification-read-all">
        {t('layout.notification.readAll')}
      </Button>
      <List
        loading={list.isLoading}
        dataSource={items}
        locale={{ emptyText: <Empty description={t('layout.notification.empty')} /> }}
        renderItem={(item) => (
          <List.Item
            data-testid="notification-item"
            data-read={item.read ? '1' : '0'}
            style={{ cursor: 'pointer', opacity: item.read ? 0.65 : 1 }}
            onClick={() => {
              if (!item.read) markRead.mutate(item.id);
              if (item.link) {
                onClose();
                void navigate(item.link);
              }
            }}
            actions={
              item.read
                ? []
                : [
                    <Button
                      key="read"
                      type="link"
                      size="small"
                      data-testid="notification-read"
                      onClick={(e) => {
                        e.stopPropagation();
                        markRead.mutate(item.id);
                      }}
                    >
                      {t('layout.notification.markRead')}
                    </Button>,
                  ]
            }
          >
            <List.Item.Meta
              title={<Typography.Text strong={!item.read}>{item.title}</Typography.Text>}
              description={
                <>
                  <div data-testid="notification-text">{item.text}</div>
                  <Typography.Text type="secondary">{parseTime(item.createdAt)}</Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
    </>
  );
}

function Settings() {
  const { t } = useTranslation();
  const prefs = useNotificationPreferences(true);
  const save = useSavePreferences();
  const [draft, setDraft] = useState<TNotificationPreferences | null>(null);
  const value = draft ?? prefs.data;
  if (!value) return null;
  const set = (kind: string, field: 'inApp' | 'mail', on: boolean) =>
    setDraft({ ...value, kinds: value.kinds.map((k) => (k.kind === kind ? { ...k, [field]: on } : k)) });
  const hasLowBalance = value.kinds.some((k) => k.kind === 'lowBalance');
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="notification-settings">
      {value.kinds.map((k) => (
        <div key={k.kind} style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
          <span>{t(`layout.notification.kind.${k.kind}`)}</span>
          <span>
            <Checkbox checked={k.inApp} onChange={(e) => set(k.kind, 'inApp', e.target.checked)} data-testid={`pref-${k.kind}-inApp`}>
              {t('layout.notification.inApp')}
            </Checkbox>
            <Checkbox checked={k.mail} onChange={(e) => set(k.kind, 'mail', e.target.checked)} data-testid={`pref-${k.kind}-mail`}>
              {t('layout.notification.mail')}
            </Checkbox>
          </span>
        </div>
      ))}
      {hasLowBalance ? (
        <label>
          {t('layout.notification.threshold')}{' '}
          <InputNumber
            min={0}
            precision={2}
            value={value.lowBalanceThreshold}
            onChange={(v) => setDraft({ ...value, lowBalanceThreshold: v === null ? null : Number(v) })}
            data-testid="pref-threshold"
          />
        </label>
      ) : null}
      <Button
        type="primary"
        loading={save.isPending}
        disabled={draft === null}
        data-testid="notification-save"
        onClick={() => save.mutate(value, { onSuccess: () => setDraft(null) })}
      >
        {t('layout.notification.save')}
      </Button>
    </Space>
  );
}
