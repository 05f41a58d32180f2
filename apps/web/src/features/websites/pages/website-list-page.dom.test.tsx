import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TWebsite, TWebsiteUploadResult } from '@mbo/shared/websites';
import { signInToScreen, useSignedOutEnglishClient } from '../../../test/client-state';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { WebsiteListPage } from './website-list-page';

const PAGE_PATH = '/merwebsit/showWebsitLimit';
const UPLOAD_API = '/v3api/merwebsit/upload';

const site: TWebsite = {
  id: 1,
  url: 'https://shop.example.com',
  type: 1,
  averageAmount: 3550,
  currency: 'USD',
  platformStoreUrl: '',
  status: 4,
  failReason: 'No refund policy page',
  createdAt: '2026-03-10T04:00:00.000Z',
  updatedAt: '2026-03-10T04:00:00.000Z',
};

const result: TWebsiteUploadResult = {
  outcome: 'mailSent',
  message: 'Uploaded; the review team was mailed',
  accepted: 2,
  errors: 1,
  duplicates: 0,
  lines: [
    { line: 1, url: 'https://a.example.com', result: 'accepted', error: null, message: '' },
    { line: 2, url: 'a.example.net', result: 'error', error: 'badUrl', message: 'Line 2: the URL must start with http:// or https://' },
    { line: 3, url: 'https://b.example.com', result: 'accepted', error: null, message: '' },
  ],
};

function signInWith(permissions: string[]) {
  signInToScreen(PAGE_PATH, { moduleId: 4, key: 'website' }, permissions);
}

function routes(url: URL) {
  if (url.pathname === '/v3api/merwebsit/list')
    return envelope({ list: [site], total: 1, capped: false, page: 1, limit: 20, nextCursor: null });
  if (url.pathname === UPLOAD_API) return envelope(result);
  return undefined;
}

describe('WebsiteListPage', () => {
  useSignedOutEnglishClient();

  it('lists websites with their review state and reason; export is open to whoever sees the screen', async () => {
    signInWith([]);
    mockFetch(routes);
    renderRoutes(PAGE_PATH, { [PAGE_PATH]: <WebsiteListPage /> });
    expect(await screen.findByText('https://shop.example.com')).toBeTruthy();
    expect(screen.getByText('Review failed')).toBeTruthy();
    expect(screen.getAllByText('No refund policy page').length).toBeGreaterThan(0);
    expect(screen.getByText('35.50')).toBeTruthy();
    expect(screen.getByTestId('export-csv')).toBeTruthy();
    expect(screen.queryByTestId('website-upload-open')).toBeNull();
    expect(screen.queryByTestId('website-add-open')).toBeNull();
  });

  it('sends a batch only once the checklist is confirmed, then shows the outcome and the refused line', async () => {
    signInWith(['Website:Upload']);
    const fetch = mockFetch(routes);
    renderRoutes(PAGE_PATH, { [PAGE_PATH]: <WebsiteListPage /> });
    fireEvent.click(await screen.findByTestId('website-upload-open'));
    const input = document.querySelector('.ant-modal input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['https://a.example.com\n'], 'sites.txt', { type: 'text/plain' })] } });
    fireEvent.click(screen.getByTestId('website-upload-submit'));
    expect((await screen.findByTestId('website-upload-problem')).textContent).toContain('Confirm every requirement');
    expect(fetch.mock.calls.some(([u]) => String(u).includes(UPLOAD_API))).toBe(false);

    for (const item of ['refundPolicy', 'contactInfo', 'termsOfService', 'shippingPolicy', 'testOrdersAllowed'])
      fireEvent.click(screen.getByTestId(`website-check-${item}`));
    fireEvent.click(screen.getByTestId('website-upload-submit'));
    expect(await screen.findByTestId('website-outcome-mailSent')).toBeTruthy();
    expect(screen.getByText('2 uploaded, 1 line(s) with errors, 0 duplicate line(s)')).toBeTruthy();
    expect(screen.getByTestId('website-line-results').textContent).toContain('Line 2: the URL must start');
    await waitFor(() => expect(fetch.mock.calls.filter(([u]) => String(u).includes(UPLOAD_API))).toHaveLength(1));
  });
});
