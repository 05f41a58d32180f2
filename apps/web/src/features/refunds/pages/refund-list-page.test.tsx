import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TRefund, TRefundable } from '@mbo/shared/refunds';
import { signInToScreen, useSignedOutEnglishClient } from '../../../test/client-state';
import { bodyOf, renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { refundAmountProblem } from '../components/refund-apply-dialog';
import { RefundListPage } from './refund-list-page';

const PAGE_PATH = '/refundment/forwardRefundmentList';
const LIST_API = '/v3api/refundment/list';
const APPLY_API = '/v3api/refundment/apply';

function refund(o: Partial<TRefund> = {}): TRefund {
  return {
    refundNo: 'RF20260310AB12CD34EF',
    tradeNo: 'T100200300',
    gatewayNo: '90000001',
    refundType: 1,
    method: 2,
    source: 1,
    currency: 'USD',
    amount: 2_500,
    availableAmount: 10_000,
    reason: 'Customer returned the goods',
    applicant: 'admin',
    status: 1,
    failReason: '',
    appliedAt: '2026-03-10T04:00:00.000Z',
    processedAt: null,
    tradeAt: '2026-03-09T04:00:00.000Z',
    ...o,
  };
}

const refundable: TRefundable = {
  tradeNo: 'T100200300',
  currency: 'USD',
  amount: 10_000,
  refundedAmount: 2_000,
  pendingAmount: 500,
  availableAmount: 7_500,
};

function signInWith(permissions: string[]) {
  signInToScreen(PAGE_PATH, { moduleId: 1, key: 'transaction' }, permissions);
}

function routes(url: URL) {
  if (url.pathname === LIST_API) return envelope({ list: [refund()], total: 1, capped: false, page: 1, limit: 20, nextCursor: null });
  if (url.pathname === '/v3api/refundment/refundable/T100200300') return envelope(refundable);
  if (url.pathname === '/v3api/refundment/refundable/NOPE') return envelope(null, 1004, 'The transaction order number does not exist');
  if (url.pathname === APPLY_API) return envelope({ refundNo: 'RF-NEW', status: 1, method: 2 });
  return undefined;
}

describe('refund amount rules on the client', () => {
  it('mirror §5: required, valid for the currency, not above the available amount', () => {
    expect(refundAmountProblem('', refundable)).toBe('required');
    expect(refundAmountProblem('1.234', refundable)).toBe('invalid');
    expect(refundAmountProblem('abc', refundable)).toBe('invalid');
    expect(refundAmountProblem('75.01', refundable)).toBe('tooLarge');
    expect(refundAmountProblem('75', refundable)).toBeNull();
    expect(refundAmountProblem('1.5', { currency: 'JPY', availableAmount: 100 })).toBe('invalid');
  });

  it('accepts thousands grouping as typed but never reads a decimal comma as a bigger amount', () => {
    const big = { currency: 'USD', availableAmount: 500_000 };
    expect(refundAmountProblem('1,234.50', big)).toBeNull();
    expect(refundAmountProblem('1,5', big)).toBe('invalid');
    expect(refundAmountProblem('12,50', { currency: 'JPY', availableAmount: 5000 })).toBe('invalid');
    expect(refundAmountProblem('1 000', big)).toBe('invalid');
    expect(refundAmountProblem('-1', big)).toBe('invalid');
  });
});

describe('RefundListPage', () => {
  useSignedOutEnglishClient();

  it('opens the apply dialog from ?apply= with the available amount, and fills the amount for a full refund', async () => {
    signInWith(['Refundment:Apply']);
    mockFetch(routes);
    renderRoutes(`${PAGE_PATH}?apply=T100200300`, { [PAGE_PATH]: <RefundListPage /> });
    expect((await screen.findByTestId('refund-apply-available')).textContent).toContain('75.00 USD');
    expect((screen.getByTestId('refund-apply-trade-no') as HTMLInputElement).value).toBe('T100200300');
    fireEvent.click(screen.getByLabelText('Full refund'));
    await waitFor(() => expect((screen.getByTestId('refund-apply-amount') as HTMLInputElement).value).toBe('75.00'));
  });

  it('refuses an amount above the available amount and an empty reason, then submits once', async () => {
    signInWith(['Refundment:Apply']);
    const fetch = mockFetch(routes);
    renderRoutes(`${PAGE_PATH}?apply=T100200300`, { [PAGE_PATH]: <RefundListPage /> });
    await screen.findByTestId('refund-apply-available');
    fireEvent.change(screen.getByTestId('refund-apply-amount'), { target: { value: '80' } });
    fireEvent.click(screen.getByTestId('refund-apply-submit'));
    expect(await screen.findByText('The refund amount must not exceed the available amount 75.00 USD')).toBeTruthy();
    expect(await screen.findByText('The refund reason is required')).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => String(u).includes(APPLY_API))).toBe(false);

    fireEvent.change(screen.getByTestId('refund-apply-amount'), { target: { value: ' 12.50 ' } });
    fireEvent.change(screen.getByTestId('refund-apply-reason'), { target: { value: 'Returned' } });
    fireEvent.click(screen.getByTestId('refund-apply-submit'));
    fireEvent.click(screen.getByTestId('refund-apply-submit'));
    await waitFor(() => expect(bodyOf(fetch, APPLY_API)).toEqual({ tradeNo: 'T100200300', amount: '12.50', reason: 'Returned' }));
    expect(fetch.mock.calls.filter(([u]) => String(u).includes(APPLY_API))).toHaveLength(1);
  });

  it('shows why an order number cannot be refunded, and hides apply and export without the operations', async () => {
    signInWith(['Refundment:Apply']);
    mockFetch(routes);
    const first = renderRoutes(`${PAGE_PATH}?apply=NOPE`, { [PAGE_PATH]: <RefundListPage /> });
    expect(await screen.findByText('The transaction order number does not exist')).toBeTruthy();
    expect((screen.getByTestId('refund-apply-submit') as HTMLButtonElement).disabled).toBe(true);
    first.unmount();

    signInWith([]);
    mockFetch(routes);
    renderRoutes(PAGE_PATH, { [PAGE_PATH]: <RefundListPage /> });
    expect(await screen.findByText('RF20260310AB12CD34EF')).toBeTruthy();
    expect(screen.queryByTestId('refund-apply-open')).toBeNull();
    expect(screen.queryByTestId('export-csv')).toBeNull();
  });
});
