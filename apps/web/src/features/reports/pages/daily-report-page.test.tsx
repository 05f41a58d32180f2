import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TDailyReport } from '@mbo/shared/reports';
import { storeSessionInfo } from '../../../platform/session';
import { useSignedOutEnglishClient } from '../../../test/client-state';
import { loginResult } from '../../../test/factories';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { DailyReportPage } from './daily-report-page';

const ROW = {
  txCount: 10,
  successCount: 7,
  failedCount: 3,
  duplicateFailedCount: 1,
  successRateBp: 7000,
  actualSuccessRateBp: 7778,
  successAmount: 1_234_567,
  chargebackCount: 1,
  chargebackAmount: 5000,
  retrievalCount: 0,
  retrievalAmount: 0,
  refundCount: 2,
  refundAmount: 2500,
  rdrCount: 1,
  ethocaCount: 0,
};

function report(): TDailyReport {
  return {
    list: [{ day: '2026-05-10', merchantNo: '100001', currency: 'USD', ...ROW }],
    total: 1,
    capped: false,
    page: 1,
    limit: 20,
    nextCursor: null,
    totals: [{ currency: 'USD', ...ROW }],
  };
}

function signIn(permissions: string[]) {
  const r = loginResult({ userInfo: { ...loginResult().userInfo, permissions, forceChangePwd: false } });
  storeSessionInfo(r);
}

describe('daily report page', () => {
  useSignedOutEnglishClient();

  it('asks the server with the URL filters, shows the row and totals, and offers downloads and explanations only with the operations', async () => {
    signIn(['TradeDailyReport:Downloads', 'TradeDailyReport:Description']);
    const fetch = mockFetch((url) => (url.pathname === '/v3api/tradeDailyReport/list' ? envelope(report()) : undefined));
    renderRoutes('/r?from=2026-05-01&to=2026-05-10&gatewayNo=90000001', { '/r': <DailyReportPage /> });

    const table = await screen.findByTestId('daily-table');
    await waitFor(() => expect(within(table).getAllByText('12,345.67').length).toBe(2));
    // The list's own request (the overview above the table asks for its figures beside it).
    const asked = fetch.mock.calls
      .map((call) => new URL(String(call[0]), 'http://localhost'))
      .find((u) => u.pathname === '/v3api/tradeDailyReport/list')!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      from: '2026-05-01',
      to: '2026-05-10',
      gatewayNo: '90000001',
      page: '1',
      limit: '20',
    });
    expect(within(table).getAllByText('70.00%').length).toBe(2);
    expect(within(table).getAllByText('77.78%').length).toBe(2);
    expect(screen.getByTestId('daily-total').textContent).toContain('Total');
    expect(screen.getByTestId('export-xlsx')).toBeTruthy();
    fireEvent.mouseEnter(screen.getAllByTestId('help-actualSuccessRateBp')[0]!);
    expect(await screen.findByText('Approved count ÷ (total count − duplicated failures).')).toBeTruthy();
  });

  it('hides the download and the explanations without the operations', async () => {
    signIn([]);
    mockFetch((url) => (url.pathname === '/v3api/tradeDailyReport/list' ? envelope(report()) : undefined));
    renderRoutes('/r', { '/r': <DailyReportPage /> });
    await screen.findAllByText('12,345.67');
    expect(screen.queryByTestId('export-xlsx')).toBeNull();
    expect(screen.queryByTestId('help-txCount')).toBeNull();
  });
});
