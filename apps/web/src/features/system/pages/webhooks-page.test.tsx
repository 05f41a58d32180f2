import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TWebhookEndpoint } from '@mbo/shared/webhooks';
import { signInToScreen, useSignedOutEnglishClient } from '../../../test/client-state';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { WebhooksPage } from './webhooks-page';

const PAGE_PATH = '/webhook/showWebhooks';
const ENDPOINT: TWebhookEndpoint = {
  id: 7,
  gatewayNo: '10010001',
  url: 'https://shop.example.com/notify?***',
  kinds: ['payment.succeeded', 'refund.succeeded'],
  enabled: true,
  disabledReason: '',
  createdAt: '2026-11-29T01:00:00.000Z',
  updatedAt: '2026-11-29T01:00:00.000Z',
};
const LOG = {
  list: [
    {
      id: 3,
      eventId: 'evt_1',
      kind: 'payment.succeeded',
      objectNo: 'T100',
      endpointId: 7,
      url: ENDPOINT.url,
      status: 'failed',
      attempts: 4,
      lastHttpStatus: 500,
      lastError: '',
      nextAttemptAt: null,
      createdAt: '2026-11-29T01:00:00.000Z',
    },
  ],
  total: 1,
  capped: false,
  page: 1,
  limit: 20,
  nextCursor: null,
};

function renderPage(permissions: string[], sent: { path: string; body: unknown }[]) {
  signInToScreen(PAGE_PATH, { moduleId: 7, key: 'system' }, permissions);
  mockFetch((url, init) => {
    if (init?.method === 'POST') sent.push({ path: url.pathname, body: JSON.parse(String(init.body)) as unknown });
    if (url.pathname === '/v3api/webhook/endpoints') return envelope({ list: [ENDPOINT], gateways: ['10010001'] });
    if (url.pathname === '/v3api/webhook/deliveries') return envelope(LOG);
    if (url.pathname === '/v3api/webhook/endpointTest') return envelope({ httpStatus: 500, durationMs: 42, answer: 'boom', error: '' });
    if (url.pathname === '/v3api/webhook/resend') return envelope(null);
    return undefined;
  });
  return renderRoutes(PAGE_PATH, { [PAGE_PATH]: <WebhooksPage /> });
}

describe('payment notifications screen', () => {
  useSignedOutEnglishClient();

  it('sends a test event and shows what the endpoint answered, and resends a failed delivery', async () => {
    const sent: { path: string; body: unknown }[] = [];
    renderPage(['Webhook:Edit'], sent);
    const table = await screen.findByTestId('webhook-endpoint-table');
    await waitFor(() => expect(within(table).queryByText('https://shop.example.com/notify?***')).not.toBeNull());
    fireEvent.click(within(table).getByTestId('webhook-test'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).queryByText('boom')).not.toBeNull());
    expect(within(dialog).getByText('500')).toBeTruthy();
    expect(sent).toContainEqual({ path: '/v3api/webhook/endpointTest', body: { id: 7 } });

    fireEvent.click(await screen.findByTestId('webhook-resend'));
    await waitFor(() => expect(sent).toContainEqual({ path: '/v3api/webhook/resend', body: { deliveryId: 3 } }));
  });

  it('offers no change to a member who may only read the screen', async () => {
    renderPage([], []);
    await screen.findByTestId('webhook-endpoint-table');
    await waitFor(() => expect(screen.queryByText('T100')).not.toBeNull());
    expect(screen.queryByTestId('webhook-add')).toBeNull();
    expect(screen.queryByTestId('webhook-test')).toBeNull();
    expect(screen.queryByTestId('webhook-resend')).toBeNull();
  });
});
