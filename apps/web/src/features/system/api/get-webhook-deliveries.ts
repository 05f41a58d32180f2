import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TListPage } from '@mbo/shared/list';
import { WebhookPath, type TWebhookAttempt, type TWebhookDelivery, type ZWebhookDeliveryQuery } from '@mbo/shared/webhooks';
import type { TListParamsOf } from '../../../platform/list-url-state';
import { http } from '../../../platform/request';

/** The delivery log (list kit), the attempts of one delivery, and resends. */
export const webhookDeliveriesKey = ['webhookDeliveries'] as const;

export function getWebhookDeliveries(params: TListParamsOf<typeof ZWebhookDeliveryQuery>): Promise<TListPage<TWebhookDelivery>> {
  return http.get<TListPage<TWebhookDelivery>>(WebhookPath.deliveries, params);
}

export const webhookAttemptsQuery = (deliveryId: number) =>
  queryOptions({
    queryKey: [...webhookDeliveriesKey, 'attempts', deliveryId],
    queryFn: () => http.get<{ list: TWebhookAttempt[] }>(WebhookPath.attempts, { deliveryId }),
  });

export function useWebhookAttempts(deliveryId: number | null) {
  return useQuery({ ...webhookAttemptsQuery(deliveryId ?? 0), enabled: deliveryId !== null });
}

function useResendMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: webhookDeliveriesKey }) });
}

export const useResendWebhook = () => useResendMutation((deliveryId: number) => http.post<null>(WebhookPath.resend, { deliveryId }));
export const useResendFailedWebhooks = () =>
  useResendMutation((range: { from: string; to: string }) => http.post<{ queued: number }>(WebhookPath.resendFailed, range));
