import { useQuery } from '@tanstack/react-query';
import { List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WebhookPath, type TWebhookObjectEvent, type TWebhookObjectEvents } from '@mbo/shared/webhooks';
import { parseTime } from './format';
import { http } from './request';
import { useTimezone } from './timezone';

/*
 * The "Notifications" section of the transaction, refund and dispute drawers (issue 51): the object's
 * events and, per endpoint, how their delivery went. Here in platform/ because three features show it.
 */

const PATHS = {
  trade: { path: WebhookPath.tradeEvents, param: 'tradeNo' },
  refund: { path: WebhookPath.refundEvents, param: 'refundNo' },
  case: { path: WebhookPath.caseEvents, param: 'caseNo' },
} as const;

const STATUS_COLORS = { pending: 'processing', delivered: 'success', failed: 'error' } as const;

export function WebhookNotifications({ object, no }: { object: keyof typeof PATHS; no: string }) {
  const { t } = useTranslation();
  const tz = useTimezone();
  const { path, param } = PATHS[object];
  const events = useQuery({
    queryKey: ['webhookDeliveries', 'object', object, no],
    // A refusal (a role without the screen's menu) or a failure is not the drawer's error: no toast over it.
    queryFn: () => http.get<TWebhookObjectEvents>(path, { [param]: no }, { noToast: true }),
  });
  // Not part of what the drawer is about: while loading or refused, the section simply stays away.
  if (!events.data) return null;
  return (
    <section className="mbo-webhook-notifications" data-testid="webhook-notifications">
      <Typography.Title level={5}>{t('webhooks.inDrawer.title')}</Typography.Title>
      {/* A list rather than a table: it reads the same in a narrow drawer (a phone) as in a wide one. */}
      <List<TWebhookObjectEvent>
        size="small"
        rowKey="eventId"
        dataSource={events.data.list}
        locale={{ emptyText: <Typography.Text type="secondary">{t('webhooks.inDrawer.none')}</Typography.Text> }}
        renderItem={(e) => (
          <List.Item>
            <div>
              <Typography.Text strong>{t(`webhooks.kinds.${e.kind}`)}</Typography.Text>
              {' · '}
              {parseTime(e.createdAt, undefined, tz.timezone)}
              {e.deliveries.map((d) => (
                <div key={d.url} className="mbo-webhook-notification-delivery">
                  <Tag color={STATUS_COLORS[d.status]}>{t(`webhooks.statuses.${d.status}`)}</Tag>
                  <Typography.Text type="secondary">
                    {d.url}
                    {' · '}
                    {t('webhooks.inDrawer.attempts', { count: d.attempts })}
                    {d.lastHttpStatus !== null && ` · HTTP ${d.lastHttpStatus}`}
                    {d.lastAttemptAt !== null && ` · ${parseTime(d.lastAttemptAt, undefined, tz.timezone)}`}
                  </Typography.Text>
                </div>
              ))}
            </div>
          </List.Item>
        )}
      />
    </section>
  );
}
