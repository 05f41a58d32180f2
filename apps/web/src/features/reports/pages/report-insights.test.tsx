import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TInsightFigures, TReportInsights } from '@mbo/shared/report-insights';
import type { TDailyReport } from '@mbo/shared/reports';
import { storeSessionInfo } from '../../../platform/session';
import { useSignedOutEnglishClient } from '../../../test/client-state';
import { loginResult } from '../../../test/factories';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { DailyReportPage } from './daily-report-page';
import { MonthlyReportPage } from './monthly-report-page';

const figures = (o: Partial<TInsightFigures> = {}): TInsightFigures => ({
  txCount: 10,
  successCount: 8,
  successRateBp: 8000,
  successAmount: 1_234_567,
  refundCount: 2,
  refundAmount: 2500,
  chargebackCount: 1,
  chargebackAmount: 5000,
  ...o,
});

function insights(unit: 'day' | 'month'): TReportInsights {
  const usd = figures();
  const jpy = figures({ successAmount: 98_000, txCount: 4, successCount: 2, successRateBp: 5000 });
  return {
    unit,
    period: unit === 'day' ? { from: '2026-05-01', to: '2026-05-10' } : { from: '2026-03-01', to: '2026-05-31' },
    previous: unit === 'day' ? { from: '2026-04-21', to: '2026-04-30' } : { from: '2025-12-01', to: '2026-02-28' },
    series: [{ at: unit === 'day' ? '2026-05-02' : '2026-04', currency: 'USD', ...usd }],
    comparison: [
      {
        currency: 'JPY',
        current: jpy,
        previous: figures({ successAmount: 0, txCount: 0, successCount: 0, successRateBp: null }),
        change: {
          txCount: null,
          successAmount: null,
          successRate: null,
          refundCount: 0,
          refundAmount: 0,
          chargebackCount: 0,
          chargebackAmount: 0,
        },
      },
      {
        currency: 'USD',
        current: usd,
        previous: figures({ successAmount: 1_000_000, successRateBp: 7500 }),
        change: {
          txCount: 0,
          successAmount: 2346,
          successRate: 500,
          refundCount: 0,
          refundAmount: 0,
          chargebackCount: 1000,
          chargebackAmount: -5000,
        },
      },
    ],
    breakdown: {
      gateway: [{ key: '90000001', currency: 'USD', ...usd }],
      currency: [{ key: 'USD', currency: 'USD', ...usd }],
      cardScheme: [{ key: 'VISA', currency: 'USD', ...usd }],
      country: [
        { key: 'DE', currency: 'USD', ...usd },
        { key: '', currency: 'JPY', ...jpy },
      ],
    },
  };
}

const EMPTY_DAILY: TDailyReport = { list: [], total: 0, capped: false, page: 1, limit: 20, nextCursor: null, totals: [] };

describe('report insights above the daily and monthly tables', () => {
  useSignedOutEnglishClient();

  it('asks with the filters the table shows and shows the period against the previous one, per currency, with the breakdown', async () => {
    storeSessionInfo(loginResult({ userInfo: { ...loginResult().userInfo, permissions: [], forceChangePwd: false } }));
    const fetch = mockFetch((url) => {
      if (url.pathname === '/v3api/tradeDailyReport/list') return envelope(EMPTY_DAILY);
      if (url.pathname === '/v3api/tradeDailyReport/insights') return envelope(insights('day'));
      return undefined;
    });
    renderRoutes('/r?from=2026-05-01&to=2026-05-10&gatewayNo=90000001&currency=USD', { '/r': <DailyReportPage /> });

    const panel = await screen.findByTestId('report-insights');
    // The currency with the most transactions first.
    await waitFor(() => expect(within(panel).getByTestId('insights-cards').dataset.currency).toBe('USD'));
    const urls = fetch.mock.calls.map((call) => new URL(String(call[0]), 'http://localhost'));
    const list = urls.find((u) => u.pathname === '/v3api/tradeDailyReport/list')!;
    const asked = urls.find((u) => u.pathname === '/v3api/tradeDailyReport/insights')!;
    list.searchParams.delete('page');
    list.searchParams.delete('limit');
    expect(Object.fromEntries(asked.searchParams)).toEqual(Object.fromEntries(list.searchParams));
    expect(within(panel).getByTestId('insights-period').textContent).toContain(
      '2026-05-01 – 2026-05-10, compared with 2026-04-21 – 2026-04-30',
    );
    await waitFor(() => expect(within(panel).getByTestId('insight-successAmount-value').textContent).toBe('12,345.67 USD'));
    expect(within(panel).getByTestId('insight-successAmount-value').dataset.raw).toBe('1234567');
    expect(within(panel).getByTestId('insight-successAmount-change').textContent?.trim()).toBe('+23.46%');
    expect(within(panel).getByTestId('insight-successAmount-change').className).toContain('is-good');
    expect(within(panel).getByTestId('insight-successRate-change').textContent?.trim()).toBe('+5.00 pts');
    // Fewer chargebacks is good news, more is not.
    expect(within(panel).getByTestId('insight-chargebacks-change').className).toContain('is-good');
    expect(within(panel).getByTestId('insight-chargebacks').textContent).toContain('Count: 1 (+10.00%)');

    // Another currency: no previous figure, no change to show.
    fireEvent.click(within(within(panel).getByTestId('insights-currency')).getByText('JPY'));
    await waitFor(() => expect(within(panel).getByTestId('insight-successAmount-value').textContent).toBe('98,000 JPY'));
    expect(within(panel).getByTestId('insight-successAmount-change').textContent?.trim()).toBe('-');

    // The breakdown is in the currency shown: the JPY row of an unknown country, then Germany in USD.
    fireEvent.click(within(panel).getByTestId('insights-tab-country'));
    const country = await within(panel).findByTestId('insights-breakdown-country');
    expect(country.textContent).toContain('Unknown');
    expect(country.textContent).toContain('98,000');
    expect(country.textContent).not.toContain('Germany');
    fireEvent.click(within(within(panel).getByTestId('insights-currency')).getByText('USD'));
    await waitFor(() => expect(country.textContent).toContain('Germany (DE)'));
    expect(country.textContent).toContain('12,345.67');
    expect(country.textContent).not.toContain('Unknown');
  });

  it('holds a place for each card while the figures load, so the table below does not move when they come', async () => {
    storeSessionInfo(loginResult({ userInfo: { ...loginResult().userInfo, permissions: [], forceChangePwd: false } }));
    let answer: (value: Response) => void = () => undefined;
    const held = new Promise<Response>((resolve) => (answer = resolve));
    mockFetch((url) => {
      if (url.pathname === '/v3api/tradeDailyReport/list') return envelope(EMPTY_DAILY);
      if (url.pathname === '/v3api/tradeDailyReport/insights') return held;
      return undefined;
    });
    const { container } = renderRoutes('/r?from=2026-05-01&to=2026-05-10&currency=USD', { '/r': <DailyReportPage /> });
    const panel = await screen.findByTestId('report-insights');
    await waitFor(() => expect(panel.querySelectorAll('.mbo-insights__card.is-pending')).toHaveLength(5));
    const placeLines = [...panel.querySelectorAll('.mbo-insights__card.is-pending')].map((c) => c.children.length);

    answer(envelope(insights('day')));
    const cards = await within(panel).findByTestId('insights-cards');
    expect(container.querySelector('.is-pending')).toBeNull();
    // As many places as cards, each with as many lines as its card.
    expect([...cards.querySelectorAll('.mbo-insights__card')].map((c) => c.children.length)).toEqual(placeLines);
  });

  it('follows the months of the monthly report', async () => {
    storeSessionInfo(loginResult({ userInfo: { ...loginResult().userInfo, permissions: [], forceChangePwd: false } }));
    const fetch = mockFetch((url) => {
      if (url.pathname === '/v3api/tradeMonthReport/list') return envelope({ list: [] });
      if (url.pathname === '/v3api/tradeMonthReport/insights') return envelope(insights('month'));
      return undefined;
    });
    const month = new Date().toISOString().slice(0, 7);
    renderRoutes(`/m?from=${month}&to=${month}&currency=USD`, { '/m': <MonthlyReportPage /> });
    const panel = await screen.findByTestId('report-insights');
    await waitFor(() =>
      expect(within(panel).getByTestId('insights-period').textContent).toContain('2026-03 – 2026-05, compared with 2025-12 – 2026-02'),
    );
    const asked = fetch.mock.calls
      .map((call) => new URL(String(call[0]), 'http://localhost'))
      .find((u) => u.pathname === '/v3api/tradeMonthReport/insights')!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({ from: month, to: month, currency: 'USD' });
  });
});
