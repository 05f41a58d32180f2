import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TWaybill, TWaybillOverview } from '@mbo/shared/waybills';
import { signInToScreen, useSignedOutEnglishClient } from '../../../test/client-state';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { WaybillListPage } from './waybill-list-page';

const PAGE_PATH = '/waybill/waybillPage';
const UPLOAD_API = '/v3api/waybill/upload';

function waybill(o: Partial<TWaybill> = {}): TWaybill {
  return {
    tradeNo: 'T100200300',
    merchantOrderNo: 'ORD-1',
    gatewayNo: '10010001',
    currency: 'USD',
    amount: 12_550,
    tradeAt: '2026-03-10T02:00:00.000Z',
    settlementDate: '2026-03-17',
    lastUploadDate: '2026-03-14',
    daysLeft: 1,
    trackingNo: '',
    carrier: '',
    carrierSites: [],
    uploadedAt: null,
    status: 0,
    checkedAt: null,
    failReason: '',
    images: [],
    uploadCount: 0,
    uploaded: false,
    reusedTracking: false,
    ...o,
  };
}

const overview: TWaybillOverview = {
  deliveryProofType: 'image',
  dueSoon: [{ tradeNo: 'T100200300', lastUploadDate: '2026-03-14', daysLeft: 1 }],
  dueSoonTotal: 1,
};

function signInWith(permissions: string[]) {
  signInToScreen(PAGE_PATH, { moduleId: 3, key: 'waybill' }, permissions);
}

function routes(url: URL) {
  if (url.pathname === '/v3api/waybill/list')
    return envelope({
      list: [waybill(), waybill({ tradeNo: 'T9', status: 3, trackingNo: '1234567890', carrier: 'DHL Express', reusedTracking: true })],
      total: 2,
      capped: false,
      page: 1,
      limit: 20,
      nextCursor: null,
    });
  if (url.pathname === '/v3api/waybill/overview') return envelope(overview);
  if (url.pathname === UPLOAD_API) return envelope({ tradeNo: 'T100200300', status: 1, imageCount: 1, reusedOn: [] });
  return undefined;
}

describe('WaybillListPage', () => {
  useSignedOutEnglishClient();

  it('shows the proof type, what is due soon, the status labels, and no upload for a delivered waybill', async () => {
    signInWith(['Waybill:Upload']);
    mockFetch(routes);
    renderRoutes(PAGE_PATH, { [PAGE_PATH]: <WaybillListPage /> });
    expect((await screen.findByTestId('waybill-proof-type')).textContent).toBe('Images only');
    expect(screen.getByTestId('waybill-due-soon').textContent).toContain('T100200300 (2026-03-14)');
    expect((await screen.findByTestId('waybill-status-T100200300')).textContent).toBe('Transport not uploaded');
    expect(screen.getByTestId('waybill-status-T9').textContent).toBe('Delivered');
    expect(screen.getByText('Reused number')).toBeTruthy();
    expect(screen.getByTestId('waybill-upload-T100200300')).toBeTruthy();
    expect(screen.queryByTestId('waybill-upload-T9')).toBeNull();
  });

  it('checks the tracking number and the proof type before sending, then uploads once', async () => {
    signInWith(['Waybill:Upload']);
    const fetch = mockFetch(routes);
    renderRoutes(`${PAGE_PATH}?upload=T100200300`, { [PAGE_PATH]: <WaybillListPage /> });
    expect((await screen.findByTestId('waybill-upload-deadline')).textContent).toContain('Upload by 2026-03-14');
    fireEvent.change(screen.getByTestId('waybill-upload-tracking'), { target: { value: 'buyer@example.com' } });
    fireEvent.change(
      document.querySelector('.ant-modal .ant-select input, .ant-modal input.ant-select-selection-search-input') as HTMLInputElement,
      {
        target: { value: 'Other' },
      },
    );
    fireEvent.click(screen.getByTestId('waybill-upload-submit'));
    expect((await screen.findByTestId('waybill-upload-problem')).textContent).toContain('not an email address');

    fireEvent.change(screen.getByTestId('waybill-upload-tracking'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('waybill-upload-submit'));
    await waitFor(() => expect(screen.getByTestId('waybill-upload-problem').textContent).toContain('must upload delivery-proof images'));
    expect(fetch.mock.calls.some(([u]) => String(u).includes(UPLOAD_API))).toBe(false);

    const input = document.querySelector('.ant-modal input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x89, 0x50])], 'proof.png', { type: 'image/png' })] } });
    fireEvent.click(screen.getByTestId('waybill-upload-submit'));
    await waitFor(() => expect(fetch.mock.calls.filter(([u]) => String(u).includes(UPLOAD_API))).toHaveLength(1));
    const body = fetch.mock.calls.find(([u]) => String(u).includes(UPLOAD_API))?.[1]?.body as FormData;
    expect(body.get('tradeNo')).toBe('T100200300');
    expect((body.get('files') as File).name).toBe('proof.png');
  });
});
