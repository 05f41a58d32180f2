import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { WebhookPath, type TWebhookObjectEvents } from '@mbo/shared/webhooks';
import { i18n, setLanguage } from './i18n';
import { http } from './request';
import { WebhookNotifications } from './webhook-notifications';

const answer: TWebhookObjectEvents = {
  list: [
    {
      eventId: 'evt_1',
      kind: 'refund.succeeded',
      createdAt: '2026-03-03T04:00:00.000Z',
      deliveries: [
        {
          url: 'https://shop.example/hook',
          status: 'delivered',
          attempts: 1,
          lastHttpStatus: 200,
          lastAttemptAt: '2026-03-03T04:00:01.000Z',
        },
        { url: 'https://backup.example/hook', status: 'failed', attempts: 3, lastHttpStatus: 500, lastAttemptAt: null },
      ],
    },
  ],
};

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <WebhookNotifications object="refund" no="R1" />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  setLanguage('zhCn');
});

describe('notifications section of a drawer', () => {
  it("asks for the object's events and shows each event's delivery per endpoint", async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue(answer);
    setLanguage('en');
    show();
    expect(await screen.findByText('Notifications')).toBeTruthy();
    expect(get).toHaveBeenCalledWith(WebhookPath.refundEvents, { refundNo: 'R1' }, { noToast: true });
    expect(screen.getByText('Delivered')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText(/https:\/\/shop\.example\/hook · attempts: 1 · HTTP 200/)).toBeTruthy();
    expect(screen.getByText(/https:\/\/backup\.example\/hook · attempts: 3 · HTTP 500/)).toBeTruthy();
  });

  it('says so in Chinese when nothing was sent', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ list: [] });
    show();
    expect(await screen.findByText('通知')).toBeTruthy();
    expect(screen.getAllByText('未发送通知').length).toBeGreaterThan(0);
  });
});
