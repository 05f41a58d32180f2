import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TTransactionDetail, TTransactionPage, TTransactionRow } from '@mbo/shared/transactions';
import { signInToScreen, useSignedOutEnglishClient } from '../../../test/client-state';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { TransactionListPage } from './transaction-list-page';

const PAGE_PATH = '/merTradeMgr/initTradeRecordPage';
const LIST_API = '/v3api/merTradeMgr/tradeRecordList';

function row(overrides: Partial<TTransactionRow> = {}): TTransactionRow {
  return {
    gatewayNo: '90000001',
    tradeNo: 'T100200300',
    merchantOrderNo: 'ORD-77',
    tradeType: 1,
    payStatus: 1,
    cardScheme: 'VISA',
    cardMasked: '411111******1111',
    currency: 'USD',
    amount: 123_456,
    settleCurrency: 'USD',
    settleAmount: 123_456,
    returnMessage: '',
    refundStatus: 0,
    chargebackStatus: 1,
    retrievalStatus: 0,
    rdrStatus: 0,
    ethocaStatus: 0,
    appealStatus: 0,
    email: 'buyer@example.com',
    ip: '203.0.113.1',
    riskRules: [],
    createdAt: '2026-03-10T04:00:00.000Z',
    returnedAt: '2026-03-10T04:00:03.000Z',
    ...overrides,
  };
}

function page(list: TTransactionRow[], o: Partial<TTransactionPage> = {}): TTransactionPage {
  return { list, total: list.length, capped: false, page: 1, limit: 20, nextCursor: null, ...o };
}

function detail(): TTransactionDetail {
  const s = '';
  return {
    view: 'formal',
    order: { gatewayNo: '90000001', tradeNo: 'T100200300', merchantOrderNo: 'ORD-77', tradeType: 1, tradeUrl: 'https://shop.example' },
    payment: {
      payStatus: 1,
      returnMessage: 'Approved',
      cardScheme: 'VISA',
      cardMasked: '411111******1111',
      currency: 'USD',
      amount: 10_000,
      settleCurrency: 'USD',
      settleAmount: 10_000,
      settleStatus: 0,
      reserveStatus: 0,
      reserveAmount: 0,
      abnormalStatus: 0,
      refundStatus: 1,
      refundedAmount: 2_500,
      refundPendingAmount: 0,
      chargebackStatus: 1,
      retrievalStatus: 0,
      rdrStatus: 0,
      ethocaStatus: 0,
      appealStatus: 0,
    },
    cardholder: {
      email: 'buyer@example.com',
      ip: '203.0.113.1',
      name: 'Ada Buyer',
      customerEmail: s,
      phone: s,
      address: s,
      city: s,
      state: s,
      zip: s,
    },
    shipping: { name: s, email: s, phone: s, address: s, city: s, state: s, zip: s, country: 'GB' },
    risk: {
      highRiskCountry: false,
      billCountry: 'GB',
      paymentCountry: 'GB',
      international: 1,
      issuerRealCountry: 'GB',
      ipBillCountry: 'GB',
      issuerName: 'Example Bank',
      issuerCountry: 'GB',
      riskRules: [],
    },
    timestamps: { createdAt: '2026-03-10T04:00:00.000Z', submittedAt: '2026-03-10T04:00:01.000Z', returnedAt: '2026-03-10T04:00:03.000Z' },
    refundable: 7_500,
    timeline: [
      { event: 'entered', at: '2026-03-10T04:00:00.000Z', ref: null, disputeKind: null, status: null, currency: null, amount: null },
      { event: 'returned', at: '2026-03-10T04:00:03.000Z', ref: null, disputeKind: null, status: 1, currency: null, amount: null },
      { event: 'refundApplied', at: '2026-03-11T04:00:00.000Z', ref: 'RF-1', disputeKind: null, status: 4, currency: 'USD', amount: 2_500 },
      { event: 'disputeArrived', at: '2026-03-15T04:00:00.000Z', ref: 'CB-9', disputeKind: 1, status: 1, currency: 'USD', amount: 5_000 },
    ],
  };
}

function signInWith(permissions: string[]) {
  signInToScreen(PAGE_PATH, { moduleId: 1, key: 'transaction' }, permissions);
}

function renderPage(search = '') {
  return renderRoutes(`${PAGE_PATH}${search}`, {
    [PAGE_PATH]: <TransactionListPage view="formal" />,
    '/refundment/forwardRefundmentList': <div data-testid="refund-screen" />,
  });
}

describe('TransactionListPage', () => {
  useSignedOutEnglishClient();

  it('sends the URL filters to the list API and puts a new search back into the URL', async () => {
    signInWith([]);
    const fetch = mockFetch((url) => (url.pathname === LIST_API ? envelope(page([row()])) : undefined));
    const { location } = renderPage('?from=2026-03-01&to=2026-03-31&payStatus=2');
    expect(await screen.findByText('T100200300')).toBeTruthy();
    // The first request of the list (the screen's saved views are asked for beside it).
    const first = new URL(String(fetch.mock.calls.find(([u]) => String(u).includes(LIST_API))![0]), 'http://localhost');
    expect(first.searchParams.get('payStatus')).toBe('2');
    expect(first.searchParams.get('from')).toBe('2026-03-01');
    expect(screen.getByText('1,234.56 USD')).toBeTruthy();
    expect(screen.getByText(/411111\*\*\*\*\*\*1111/)).toBeTruthy();

    fireEvent.click(screen.getByTestId('filter-more'));
    fireEvent.change(screen.getByTestId('filter-email'), { target: { value: 'buyer@example.com' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(location()).toContain('email=buyer%40example.com'));
    expect(location()).toContain('payStatus=2');
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u]) => new URL(String(u), 'http://localhost').searchParams.get('email') === 'buyer@example.com')).toBe(
        true,
      ),
    );
  });

  it('refuses a minimum above the maximum and a comma amount with the reason, and sends nothing', async () => {
    signInWith([]);
    const fetch = mockFetch((url) => (url.pathname === LIST_API ? envelope(page([row()])) : undefined));
    renderPage();
    await screen.findByText('T100200300');
    const calls = () => fetch.mock.calls.filter(([u]) => String(u).includes(LIST_API)).length;
    expect(calls()).toBe(1);
    fireEvent.click(screen.getByTestId('filter-more'));
    fireEvent.change(screen.getByTestId('filter-amountMin'), { target: { value: '20' } });
    fireEvent.change(screen.getByTestId('filter-amountMax'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    expect((await screen.findByTestId('filter-error')).textContent).toBe('The minimum must not be above the maximum');
    fireEvent.change(screen.getByTestId('filter-amountMin'), { target: { value: '1,5' } });
    fireEvent.change(screen.getByTestId('filter-amountMax'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(screen.getByTestId('filter-error').textContent).toContain('at most two decimals'));
    expect(calls()).toBe(1);
  });

  it('puts the table in a named region a keyboard reaches, which scrolls its columns sideways', async () => {
    signInWith([]);
    mockFetch((url) => (url.pathname === LIST_API ? envelope(page([row()])) : undefined));
    renderPage();
    await screen.findByText('T100200300');
    const title = screen.getByTestId('page-title').textContent ?? '';
    const region = screen.getByRole('region', { name: title });
    expect(region.tabIndex).toBe(0);
    expect(within(region).getByText('T100200300')).toBeTruthy();
    // No column is pinned: the region itself scrolls, around antd's whole table (antd scrolling it would
    // measure every column before the first rows show), and it is the only stop for Tab.
    expect(region.querySelector('.ant-table')).not.toBeNull();
    expect(screen.getAllByRole('region')).toHaveLength(1);
  });

  it('says when the count is capped', async () => {
    signInWith([]);
    mockFetch((url) => (url.pathname === LIST_API ? envelope(page([row()], { total: 10_000, capped: true })) : undefined));
    renderPage();
    expect((await screen.findByTestId('capped-note')).textContent).toContain('More than 10,000 records');
  });

  it('hides the export buttons without the Downloads operation and shows them with it', async () => {
    signInWith([]);
    mockFetch((url) => (url.pathname === LIST_API ? envelope(page([row()])) : undefined));
    const first = renderPage();
    await screen.findByText('T100200300');
    expect(screen.queryByTestId('export-csv')).toBeNull();
    expect(screen.queryByTestId('export-xlsx')).toBeNull();
    first.unmount();

    signInWith(['TradeRecord:Downloads']);
    renderPage();
    expect(await screen.findByTestId('export-csv')).toBeTruthy();
    expect(screen.getByTestId('export-xlsx')).toBeTruthy();
  });

  it('opens the detail drawer from a row, keeps it in the URL and shows the grouped fields and the timeline', async () => {
    signInWith(['TradeRecord:Refund']);
    mockFetch((url) => {
      if (url.pathname === LIST_API) return envelope(page([row()]));
      if (url.pathname === '/v3api/merTradeMgr/tradeRecordDetail/T100200300') return envelope(detail());
      return undefined;
    });
    const { location } = renderPage();
    fireEvent.click(await screen.findByTestId('open-detail'));
    await waitFor(() => expect(location()).toContain('detail=T100200300'));
    const entries = await screen.findAllByTestId('timeline-entry');
    expect(entries.map((e) => e.textContent)).toEqual([
      expect.stringContaining('Entered the system'),
      expect.stringContaining('Result returned: Success'),
      expect.stringContaining('Refund RF-1 applied: 25.00 USD'),
      expect.stringContaining('Chargeback CB-9 arrived: 50.00 USD'),
    ]);
    const payment = screen.getByTestId('detail-payment');
    expect(within(payment).getByText('75.00 USD')).toBeTruthy();
    expect(within(screen.getByTestId('detail-risk')).getByText('Example Bank')).toBeTruthy();

    fireEvent.click(screen.getByTestId('refund-button'));
    await waitFor(() => expect(location()).toBe('/refundment/forwardRefundmentList?apply=T100200300'));
  });

  it('offers no refund without a refund operation', async () => {
    signInWith([]);
    mockFetch((url) => {
      if (url.pathname === LIST_API) return envelope(page([row()]));
      if (url.pathname.startsWith('/v3api/merTradeMgr/tradeRecordDetail/')) return envelope(detail());
      return undefined;
    });
    renderPage('?detail=T100200300');
    await screen.findAllByTestId('timeline-entry');
    expect(screen.queryByTestId('refund-button')).toBeNull();
  });
});
