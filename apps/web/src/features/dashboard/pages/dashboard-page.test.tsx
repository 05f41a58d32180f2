import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { storeSessionInfo } from '../../../platform/session';
import { useSignedOutEnglishClient } from '../../../test/client-state';
import { loginResult } from '../../../test/factories';
import { PROGRAMMES } from '../../../test/programme-factories';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { DashboardPage } from './dashboard-page';
import { toTenThousands } from '../components/trade-history-card';
import { tooltipValue } from '../components/chart-texts';

// jsdom has no canvas: the chart records what it was given instead of drawing.
const chartProps = vi.hoisted(() => ({ last: null as null | Record<string, unknown> }));
vi.mock('../components/history-chart', () => ({
  default: (props: Record<string, unknown>) => {
    chartProps.last = props;
    return <div data-testid="history-chart" />;
  },
}));

describe('dashboard widgets', () => {
  useSignedOutEnglishClient();

  it("renders today's trades, the history, products, deadlines and monitoring from the server's figures", async () => {
    storeSessionInfo(
      loginResult({
        currencyList: [
          { code: 'USD', name: 'US Dollar', minorUnits: 2 },
          { code: 'EUR', name: 'Euro', minorUnits: 2 },
        ],
      }),
    );
    const deadline = new Date(Date.now() + (2 * 24 + 5) * 3_600_000 + 60_000).toISOString();
    const fetch = mockFetch((url) => {
      switch (url.pathname) {
        case '/v3api/funds/card':
          return envelope({
            visible: true,
            rows: [{ currency: 'USD', available: 1_234_567, frozen: 20_000, reserve: 5_050 }],
            nextSettlement: { date: '2026-05-20', rows: [{ currency: 'USD', amount: 88_000 }] },
          });
        case '/v3api/index/tradeToday':
          return envelope({
            day: '2026-05-20',
            list: [{ currency: 'USD', txCount: 3, successCount: 1, successAmount: 12_345, successRateBp: 3333 }],
          });
        case '/v3api/index/tradeHistory':
          return envelope({
            currency: url.searchParams.get('currency'),
            points: [
              {
                day: '2026-05-19',
                successAmount: 250_000_000,
                txCount: 4,
                successCount: 2,
                successRateBp: 5000,
                actualSuccessRateBp: 6667,
              },
              { day: '2026-05-20', successAmount: 0, txCount: 0, successCount: 0, successRateBp: null, actualSuccessRateBp: null },
            ],
          });
        case '/v3api/index/products':
          return envelope({ list: [{ gatewayNo: '90000001', name: 'G', currency: 'USD', cardSchemes: ['VISA', 'JCB'], status: 1 }] });
        case '/v3api/index/deadlines':
          return envelope({
            list: [
              {
                id: 7,
                caseNo: 'CB-1',
                kind: 1,
                processingType: 1,
                gatewayNo: '90000001',
                currency: 'USD',
                amount: 1500,
                replyDeadline: deadline,
              },
            ],
          });
        case '/v3api/index/monitoring':
          return envelope(PROGRAMMES);
        case '/v3api/merchant/summary':
          return envelope({
            merchantNo: '100001',
            name: 'M',
            status: 1,
            contractStart: null,
            contractEnd: null,
            registeredAt: '2024-01-01T00:00:00Z',
            services: [],
          });
        case '/v3api/mernews/list':
          return envelope({ list: [], total: 0, capped: false, page: 1, limit: 10 });
        default:
          return undefined;
      }
    });
    renderRoutes('/', { '/': <DashboardPage /> });

    const today = await screen.findByTestId('today-row');
    expect(today.textContent).toContain('123.45');
    expect(today.textContent).toContain('33.33%');

    await screen.findByTestId('history-chart');
    expect(chartProps.last).toMatchObject({
      days: ['2026-05-19', '2026-05-20'],
      amounts: [250, 0],
      successRates: [50, null],
      actualRates: [66.67, null],
    });
    expect((chartProps.last?.labels as { amountUnit: string }).amountUnit).toBe('10k USD');
    const historyCall = fetch.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .find((u) => u.pathname === '/v3api/index/tradeHistory');
    expect(historyCall?.searchParams.get('range')).toBe('week');
    expect(historyCall?.searchParams.get('currency')).toBe('USD');
    // Another settlement currency is one click away, and the history follows it.
    const currencies = screen.getByTestId('history-currency');
    fireEvent.click(within(currencies).getByText('EUR'));
    await vi.waitFor(() => {
      const asked = fetch.mock.calls
        .map(([u]) => new URL(String(u), 'http://localhost'))
        .filter((u) => u.pathname === '/v3api/index/tradeHistory')
        .map((u) => u.searchParams.get('currency'));
      expect(asked).toContain('EUR');
    });

    const products = await screen.findByTestId('dashboard-products');
    expect(await within(products).findByText('90000001')).toBeTruthy();
    expect(within(products).getByText('JCB')).toBeTruthy();

    const item = await screen.findByTestId('deadline-item');
    expect(within(item).getByRole('link', { name: 'CB-1' }).getAttribute('href')).toBe(
      '/merTradeMgr/initProConTradePage?view=all&caseNo=CB-1&detail=CB-1',
    );
    expect(within(item).getByTestId('deadline-left').textContent).toBe('2 d 5 h left');

    // The programmes as the statistics screen judges them: under VAMP's 1,500-event gate to date, so
    // below every line at 1.50%, with the events left; ECP past CMM, the next line it can reach HECM.
    const vamp = await screen.findByTestId('dashboard-monitoring-vamp');
    expect(vamp.textContent).toBe(
      'Visa VAMPBelow every lineMonth to date 1.50% · Projected to month end 1.50% · Excessive 1.50%: events left before it this month: 750',
    );
    const ecp = screen.getByTestId('dashboard-monitoring-ecp');
    expect(ecp.textContent).toContain('CMM');
    expect(ecp.textContent).toContain('HECM 3.00%: events left before it this month: 250');
    const funds = screen.getByTestId('dashboard-fund-totals');
    const fundRow = await within(funds).findByTestId('fund-row');
    expect(fundRow.textContent).toContain('Available (USD)12,345.67');
    expect(fundRow.textContent).toContain('Frozen200.00');
    expect(fundRow.textContent).toContain('Reserve50.50');
    expect(within(funds).getByTestId('fund-next').textContent).toBe('Next settlement 2026-05-20: 880.00 USD');
  });

  it('shows the chart tooltip with the exact amount and currency, and rates with %', () => {
    expect(tooltipValue('amount', 250, 0, ['2,500,000.00 USD', '0.00 USD'])).toBe('2,500,000.00 USD');
    expect(tooltipValue('rate', 66.666, 1, [])).toBe('66.67%');
    expect(tooltipValue('rate', null, 1, [])).toBe('-');
  });

  it('computes ten-thousands exactly enough for display', () => {
    expect(toTenThousands(123_456_789, 'USD')).toBe(123.4568);
    expect(toTenThousands(50_000, 'JPY')).toBe(5);
  });
});
