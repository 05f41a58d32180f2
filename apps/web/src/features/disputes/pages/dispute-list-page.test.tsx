import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TDispute } from '@mbo/shared/disputes';
import { signInToScreen, useSignedOutEnglishClient } from '../../../test/client-state';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { timeLeft } from '../../../platform/time-left';
import { DisputeListPage } from './dispute-list-page';

const PAGE_PATH = '/merTradeMgr/initProConTradePage';
const LIST_API = '/v3api/merTradeMgr/proConTrade/list';

function dispute(o: Partial<TDispute> = {}): TDispute {
  return {
    caseNo: 'CB20260310AAAA',
    tradeNo: 'T100200300',
    gatewayNo: '90000001',
    kind: 1,
    processingType: 1,
    currency: 'USD',
    amount: 5_000,
    chargebackAmount: 5_000,
    appealAmount: 0,
    alertAmount: 0,
    settleBatch: '',
    reasonCode: '10.4',
    reason: 'Fraud',
    // 16:00 UTC is midnight the next day in Shanghai and 16:00 in London.
    replyDeadline: '2099-03-30T16:00:00.000Z',
    appealStatus: 0,
    appealNote: '',
    appealedAt: null,
    decidedAt: null,
    refundNo: null,
    createdAt: '2026-03-10T04:00:00.000Z',
    tradeAt: '2026-03-09T04:00:00.000Z',
    canAppeal: true,
    canAlertRefund: false,
    ...o,
  };
}

function signInWith(permissions: string[]) {
  signInToScreen(PAGE_PATH, { moduleId: 1, key: 'transaction' }, permissions);
}

/** The screen's column titles, in order (the actions last). */
const DISPUTE_TITLES = [
  'Case number',
  'Processing type',
  'Amount',
  'Reply deadline',
  'Reason',
  'Transaction order number',
  'Gateway number',
  'Actual chargeback amount',
  'Appeal amount',
  'Alert amount',
  'Supplementary settlement batch',
  'Chargeback or retrieval time',
  'Action',
];

const list = (rows: TDispute[]) => envelope({ list: rows, total: rows.length, capped: false, page: 1, limit: 20, nextCursor: null });

describe('time left', () => {
  it('counts days, hours and minutes and says when the deadline has passed', () => {
    const now = Date.parse('2026-03-01T00:00:00Z');
    expect(timeLeft('2026-03-03T05:30:00Z', now)).toEqual({ overdue: false, days: 2, hours: 5, minutes: 30 });
    expect(timeLeft('2026-02-28T00:00:00Z', now)?.overdue).toBe(true);
    expect(timeLeft(null, now)).toBeNull();
  });
});

describe('DisputeListPage', () => {
  useSignedOutEnglishClient();

  it('shows the deadline in the user timezone with the appeal and alert actions gated by their operations', async () => {
    signInWith(['ProConTrade:Appeal']);
    mockFetch((url) =>
      url.pathname === LIST_API
        ? list([
            dispute(),
            dispute({ caseNo: 'ET1', kind: 4, processingType: 7, canAppeal: false, canAlertRefund: true, alertAmount: 5_000 }),
          ])
        : undefined,
    );
    renderRoutes(PAGE_PATH, { [PAGE_PATH]: <DisputeListPage /> });
    const deadlines = await screen.findAllByTestId('dispute-deadline');
    expect(deadlines[0]!.textContent).toBe('2099-03-31 00:00:00');
    expect(screen.getAllByTestId('row-appeal')).toHaveLength(1);
    expect(screen.queryByTestId('row-alert-refund')).toBeNull();
    expect(screen.queryByTestId('export-csv')).toBeNull();
    // The actions column is pinned to the right: antd scrolls the columns, and its scroller is the region.
    const region = screen.getByRole('region', { name: screen.getByTestId('page-title').textContent ?? '' });
    expect(region.classList.contains('ant-table-content')).toBe(true);
    expect(region.tabIndex).toBe(0);
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  it('shows the case columns with their titles and cells: amounts with their currency, an empty batch as a dash', async () => {
    signInWith([]);
    mockFetch((url) => (url.pathname === LIST_API ? list([dispute({ chargebackAmount: 1_234_567, appealAmount: 250 })]) : undefined));
    renderRoutes(PAGE_PATH, { [PAGE_PATH]: <DisputeListPage /> });
    await screen.findAllByTestId('dispute-deadline');
    const table = screen.getByTestId('dispute-table');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(DISPUTE_TITLES);
    const cells = [...table.querySelectorAll('tbody tr.ant-table-row td')].map((td) => td.textContent);
    expect(cells[0]).toBe('CB20260310AAAA');
    expect(cells.slice(1, 3)).toEqual(['Chargeback', '50.00 USD']);
    expect(cells[3]).toMatch(/^2099-03-31 00:00:00/);
    expect(cells.slice(4)).toEqual([
      '10.4 Fraud',
      'T100200300',
      '90000001',
      '12,345.67 USD',
      '2.50 USD',
      '0.00 USD',
      '-',
      '2026-03-10 12:00:00',
      '',
    ]);
  });

  it('filters by the days left to the deadline, a folded field whose control comes when it is shown', async () => {
    signInWith([]);
    const fetch = mockFetch((url) => (url.pathname === LIST_API ? list([dispute()]) : undefined));
    renderRoutes(PAGE_PATH, { [PAGE_PATH]: <DisputeListPage /> });
    await screen.findAllByTestId('dispute-deadline');
    fireEvent.click(screen.getByTestId('filter-more'));
    const days = await screen.findByTestId('filter-deadlineWithinDays');
    fireEvent.change(days, { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u]) => new URL(String(u), 'http://localhost').searchParams.get('deadlineWithinDays') === '3')).toBe(
        true,
      ),
    );
  });

  it('checks evidence files on the client: a wrong type and an 11th file are refused before sending', async () => {
    signInWith(['ProConTrade:Appeal', 'ProConTrade:AlertRefund']);
    const fetch = mockFetch((url) => (url.pathname === LIST_API ? list([dispute()]) : undefined));
    renderRoutes(PAGE_PATH, { [PAGE_PATH]: <DisputeListPage /> });
    fireEvent.click(await screen.findByTestId('row-appeal'));
    await screen.findByTestId('appeal-choose');
    // The upload control replaces its file input after each choice: look it up each time.
    const input = () => document.body.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input(), { target: { files: [new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' })] } });
    expect((await screen.findByTestId('appeal-problem')).textContent).toContain('setup.exe');
    const pdfs = Array.from({ length: 11 }, (_, i) => new File(['%PDF-1.4'], `p${i}.pdf`, { type: 'application/pdf' }));
    fireEvent.change(input(), { target: { files: pdfs } });
    await waitFor(() => expect(screen.getByTestId('appeal-problem').textContent).toBe('At most 10 files'));
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/appeal'))).toBe(false);
  });
});
