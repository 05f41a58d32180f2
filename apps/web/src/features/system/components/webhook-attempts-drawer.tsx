import { Drawer, Empty, List, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TWebhookDelivery } from '@mbo/shared/webhooks';
import { parseTime } from '../../../platform/format';
import { useTimezone } from '../../../platform/timezone';
import { useWebhookAttempts } from '../api/get-webhook-deliveries';
import { AttemptOutcome } from './webhook-endpoints';

/** Every attempt of one delivery, newest first: time, HTTP status, duration, the start of the answer, the error. */
export function WebhookAttemptsDrawer({ delivery, onClose }: { delivery: TWebhookDelivery | null; onClose: () => void }) {
  const { t } = useTranslation();
  const tz = useTimezone();
  const attempts = useWebhookAttempts(delivery?.id ?? null);
  return (
    <Drawer
      open={delivery !== null}
      onClose={onClose}
      title={delivery ? `${t(`webhooks.kinds.${delivery.kind}`)} · ${delivery.eventId}` : ''}
      width="min(640px, 100vw)"
    >
      {attempts.isLoading && <Spin />}
      {attempts.data && attempts.data.list.length === 0 && <Empty description={t('webhooks.noAttempts')} />}
      <List
        dataSource={attempts.data?.list ?? []}
        rowKey="id"
        renderItem={(a) => (
          <List.Item>
            <div className="mbo-webhook-attempt">
              <div className="mbo-webhook-attempt-time">{parseTime(a.at, undefined, tz.timezone)}</div>
              <AttemptOutcome r={a} />
            </div>
          </List.Item>
        )}
      />
    </Drawer>
  );
}
