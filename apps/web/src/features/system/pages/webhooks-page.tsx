import { useState } from 'react';
import { Button, Tag, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_DELIVERIES, type TWebhookDelivery } from '@mbo/shared/webhooks';
import { parseTime } from '../../../platform/format';
import { useListColumns } from '../../../platform/list-columns';
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
  const columns = useListColumns<typeof WEBHOOK_DELIVERIES.fields, TWebhookDelivery>(WEBHOOK_DELIVERIES.fields, {
    order: ['createdAt', 'kind', 'objectNo', 'url', 'status', 'lastHttpStatus', 'attempts', 'nextAttemptAt'],
    special: {
      url: { ellipsis: true },
      status: { render: (s: string) => <Tag color={STATUS_COLOR[s]}>{t(`webhooks.statuses.${s}`)}</Tag> },
      lastHttpStatus: {
        render: (_: unknown, d) =>
          d.lastHttpStatus !== null
            ? String(d.lastHttpStatus)
            : d.lastError
              ? t(`webhooks.errors.${d.lastError}`, { defaultValue: d.lastError })
              : '',
      },
      nextAttemptAt: { render: (v: string | null) => (v ? parseTime(v, undefined, tz.timezone) : '') },
    },
    append: [
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
    ],
  });

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
