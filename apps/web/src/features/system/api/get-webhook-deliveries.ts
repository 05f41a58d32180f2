import { queryOptions, useQuery } from '@tanstack/react-query';
import { WebhookPath, type TWebhookAttempt } from '@mbo/shared/webhooks';
import { useRefetchingMutation } from '../../../platform/refetching-mutation';
import { http } from '../../../platform/request';

/** The delivery log (list kit), the attempts of one delivery, and resends. */
export const webhookDeliveriesKey = ['webhookDeliveries'] as const;

export const webhookAttemptsQuery = (deliveryId: number) =>
  queryOptions({
    queryKey: [...webhookDeliveriesKey, 'attempts', deliveryId],
    queryFn: () => http.get<{ list: TWebhookAttempt[] }>(WebhookPath.attempts, { deliveryId }),
  });

export function useWebhookAttempts(deliveryId: number | null) {
  return useQuery({ ...webhookAttemptsQuery(deliveryId ?? 0), enabled: deliveryId !== null });
}

function useResendMutation<V, R>(fn: (v: V) => Promise<R>) {
  return useRefetchingMutation(fn, webhookDeliveriesKey);
}

export const useResendWebhook = () => useResendMutation((deliveryId: number) => http.post<null>(WebhookPath.resend, { deliveryId }));
export const useResendFailedWebhooks = () =>
  useResendMutation((range: { from: string; to: string }) => http.post<{ queued: number }>(WebhookPath.resendFailed, range));
