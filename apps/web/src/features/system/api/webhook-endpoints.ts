import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WebhookPath,
  type TWebhookEndpoint,
  type TWebhookEndpointAdd,
  type TWebhookEndpointEdit,
  type TWebhookTestResult,
} from '@mbo/shared/webhooks';
import { http } from '../../../platform/request';
import { webhookDeliveriesKey } from './get-webhook-deliveries';

/** The payment notification endpoints and the gateways the caller may add one for. */
export const webhookEndpointsKey = ['webhookEndpoints'] as const;

export function getWebhookEndpoints(): Promise<{ list: TWebhookEndpoint[]; gateways: string[] }> {
  return http.get(WebhookPath.endpoints);
}

export const webhookEndpointsQuery = () => queryOptions({ queryKey: webhookEndpointsKey, queryFn: getWebhookEndpoints });

export function useWebhookEndpoints() {
  return useQuery(webhookEndpointsQuery());
}

/** Every change of an endpoint reads the endpoints again, and the log (a test event or a resend is in it). */
function useEndpointMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: webhookEndpointsKey });
      await client.invalidateQueries({ queryKey: webhookDeliveriesKey });
    },
  });
}

export const useAddWebhookEndpoint = () =>
  useEndpointMutation((body: TWebhookEndpointAdd) => http.post<{ id: number }>(WebhookPath.endpointAdd, body));
export const useEditWebhookEndpoint = () =>
  useEndpointMutation((body: TWebhookEndpointEdit) => http.post<null>(WebhookPath.endpointEdit, body));
export const useEnableWebhookEndpoint = () =>
  useEndpointMutation((body: { id: number; enabled: boolean }) => http.post<null>(WebhookPath.endpointEnable, body));
export const useDeleteWebhookEndpoint = () => useEndpointMutation((id: number) => http.post<null>(WebhookPath.endpointDelete, { id }));
/** The answer is shown in a dialog; the request may take up to the endpoint's time limit. */
export const useTestWebhookEndpoint = () =>
  useEndpointMutation((id: number) => http.post<TWebhookTestResult>(WebhookPath.endpointTest, { id }, { timeout: 30_000 }));
