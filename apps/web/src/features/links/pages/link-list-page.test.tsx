import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TLinkOptions } from '@mbo/shared/links';
import { signInToScreen, useSignedOutEnglishClient } from '../../../test/client-state';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { LinkListPage } from './link-list-page';

const PAGE_PATH = '/shortcutPayment/initManageLinks';
const EMPTY = { list: [], total: 0, capped: false, page: 1, limit: 20, nextCursor: null };

function renderPage(options: TLinkOptions) {
  signInToScreen(PAGE_PATH, { moduleId: 1, key: 'shortcutPayment' }, ['ShortcutPayment:Create', 'ShortcutPayment:Disable']);
  mockFetch((url) => {
    if (url.pathname === '/v3api/shortcutPayment/links') return envelope(EMPTY);
    if (url.pathname === '/v3api/shortcutPayment/options') return envelope(options);
    return undefined;
  });
  return renderRoutes(PAGE_PATH, { [PAGE_PATH]: <LinkListPage /> });
}

describe('generate link dialog', () => {
  useSignedOutEnglishClient();

  it('says no gateway is available for payment links when none can take them', async () => {
    renderPage({ gateways: [], customDomains: [] });
    fireEvent.click(await screen.findByTestId('link-create-open'));
    expect((await screen.findByTestId('link-no-gateway')).textContent).toContain(
      'No gateway available for payment links: contact customer service',
    );
    expect((screen.getByTestId('link-create-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it("offers only the chosen gateway's payment methods and its currency", async () => {
    renderPage({
      gateways: [{ gatewayNo: '10010001', name: 'Online store', currency: 'USD', methods: ['card', 'alipay'] }],
      customDomains: [],
    });
    fireEvent.click(await screen.findByTestId('link-create-open'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).queryByText('Alipay')).not.toBeNull());
    expect(within(dialog).queryByText('Credit card')).not.toBeNull();
    expect(within(dialog).queryByText('WeChat Pay')).toBeNull();
    expect((within(dialog).getByDisplayValue('USD') as HTMLInputElement).disabled).toBe(true);
  });
});
