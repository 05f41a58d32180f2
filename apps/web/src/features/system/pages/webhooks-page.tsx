import { useState } from 'react';
import { Button, Tag, message, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TWebhookDelivery } from '@mbo/shared/webhooks';
import { parseTime } from '../../../platform/format';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission } from '../../../platform/session';
import { useTimezone } from '../../../platform/timezone';
import { useIsMobile } from '../../../platform/use-is-mobile';
import { useResendFailedWebhooks, useResendWebhook } from '../api/get-webhook-deliveries';
import { WebhookAttemptsDrawer } from '../components/webhook-attempts-drawer';
import { WebhookEndpoints } from '../components/webhook-endpoints';
import { WEBHOOK_DELIVERY_LIST } from '../system-lists';
import '../system.css';

const STATUS_COLOR: Record<string, string> = { delivered: 'success', failed: 'error', pending: 'processing' };

/** Payment notifications (System menu, issue 51): the endpoints, then the delivery log with its filters and resends. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const screen = useListScreen(WEBHOOK_DELIVERY_LIST);
  const mayEdit = useHasPermission('Webhook:Edit');
  // On a phone a pinned column would cover most of the row; it scrolls with the others there.
  const mobile = useIsMobile();
  const resend = useResendWebhook();
  const resendFailed = useResendFailedWebhooks();
  const [open, setOpen] = useState<TWebhookDelivery | null>(null);
  const time = (v: string | null) => (v ? parseTime(v, undefined, tz.timezone) : '');

  const columns: TableColumnsType<TWebhookDelivery> = [
    { title: t('webhooks.createdAt'), dataIndex: 'createdAt', key: 'createdAt', render: time },
    { title: t('webhooks.kind'), dataIndex: 'kind', key: 'kind', render: (k: string) => t(`webhooks.kinds.${k}`) },
    { title: t('webhooks.object'), dataIndex: 'objectNo', key: 'objectNo' },
    { title: t('webhooks.url'), dataIndex: 'url', key: 'url', ellipsis: true },
    {
      title: t('webhooks.status'),
      dataIndex: 'status',
      key: 'status',
      render: (s: string) => <Tag color={STATUS_COLOR[s]}>{t(`webhooks.statuses.${s}`)}</Tag>,
    },
    {
      title: t('webhooks.lastAnswer'),
      key: 'last',
      render: (_: unknown, d) =>
        d.lastHttpStatus !== null
          ? String(d.lastHttpStatus)
          : d.lastError
            ? t(`webhooks.errors.${d.lastError}`, { defaultValue: d.lastError })
            : '',
    },
    { title: t('webhooks.attempts'), dataIndex: 'attempts', key: 'attempts' },
    { title: t('webhooks.nextAttempt'), dataIndex: 'nextAttemptAt', key: 'next', render: time },
    {
      title: t('webhooks.actions'),
      key: 'actions',
      fixed: mobile ? undefined : 'right',
      render: (_: unknown, d) => (
        <span className="mbo-webhook-row-actions">
          <Button size="small" type="link" onClick={() => setOpen(d)}>
            {t('webhooks.viewAttempts')}
          </Button>
          {mayEdit && d.status !== 'pending' && (
            <Button
              size="small"
              type="link"
              data-testid="webhook-resend"
              onClick={() => resend.mutate(d.id, { onSuccess: () => void message.success(t('webhooks.resent')) })}
            >
              {t('webhooks.resend')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  const { from, to } = screen.url.filters;
  return (
    <>
      <div className="mbo-page mbo-webhook-head">
        <h1 className="mbo-page-title">{t('menu.webhooks')}</h1>
        <WebhookEndpoints />
      </div>
      <ListPage
        screen={screen}
        columns={columns}
        actions={
          mayEdit && (
            <Button
              data-testid="webhook-resend-failed"
              loading={resendFailed.isPending}
              disabled={!from || !to}
              onClick={() =>
                resendFailed.mutate(
                  { from: from ?? '', to: to ?? '' },
                  { onSuccess: (r) => void message.success(t('webhooks.resentFailed', { count: r.queued })) },
                )
              }
            >
              {t('webhooks.resendFailed')}
            </Button>
          )
        }
      >
        <WebhookAttemptsDrawer delivery={open} onClose={() => setOpen(null)} />
      </ListPage>
    </>
  );
}
