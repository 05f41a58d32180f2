import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { storeSessionInfo } from '../../../platform/session';
import { useSignedOutEnglishClient } from '../../../test/client-state';
import { loginResult } from '../../../test/factories';
import { PROGRAMMES } from '../../../test/programme-factories';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { ChargebackRefundPage, readStatsQuery } from './chargeback-refund-page';

const chart = vi.hoisted(() => ({ last: null as null | { months: string[]; series: { name: string; values: (number | null)[] }[] } }));
vi.mock('../components/rates-chart', () => ({
  default: (props: typeof chart.last) => {
    chart.last = props;
    return <div data-testid="rates-chart" />;
  },
}));

describe('chargeback and refund rate page', () => {
  useSignedOutEnglishClient();

  it('keeps the month range in the URL, draws the rates and shows the card-scheme programmes with their rules', async () => {
    storeSessionInfo(loginResult());
    expect(readStatsQuery(new URLSearchParams('from=2026-01&to=2026-03&cardScheme=VISA'), '2026-05')).toEqual({
      from: '2026-01',
      to: '2026-03',
      cardScheme: 'VISA',
    });
    // Beyond 12 months back: the default (last 6 months).
    expect(readStatsQuery(new URLSearchParams('from=2024-01&to=2024-03'), '2026-05')).toEqual({ from: '2025-12', to: '2026-05' });

    const fetch = mockFetch((url) => {
      if (url.pathname === '/v3api/statistics/programmes') return envelope(PROGRAMMES);
      if (url.pathname === '/v3api/statistics/tnx/chargebackRefundList')
        return envelope({
          list: [
            {
              month: '2026-02',
              cardScheme: 'VISA',
              txCount: 40,
              successCount: 30,
              chargebackCount: 1,
              refundCount: 2,
              chargebackRateBp: 333,
              refundRateBp: 667,
            },
            {
              month: '2026-01',
              cardScheme: 'VISA',
              txCount: 20,
              successCount: 0,
              chargebackCount: 0,
              refundCount: 0,
              chargebackRateBp: null,
              refundRateBp: null,
            },
          ],
        });
      return undefined;
    });
    renderRoutes('/s?from=2026-01&to=2026-02&cardScheme=VISA', { '/s': <ChargebackRefundPage /> });

    const table = await screen.findByTestId('stats-table');
    expect(await within(table).findByText('3.33%')).toBeTruthy();
    expect(within(table).getByText('6.67%')).toBeTruthy();
    const asked = fetch.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .find((u) => u.pathname.endsWith('chargebackRefundList'));
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({ from: '2026-01', to: '2026-02', cardScheme: 'VISA' });
    await screen.findByTestId('rates-chart');
    expect(chart.last?.months).toEqual(['2026-01', '2026-02']);
    expect(chart.last?.series[0]).toEqual({ name: 'Visa chargeback rate', values: [null, 3.33] });

    // The programmes beside the rates: VAMP under its count gate to date, reached by the projection.
    const vamp = await screen.findByTestId('programme-vamp');
    expect(within(vamp).getByTestId('programme-vamp-mtd').textContent).toBe('1.50%');
    expect(within(vamp).getByTestId('programme-vamp-projected-tier').textContent).toBe('Excessive');
    expect(within(vamp).getByTestId('programme-vamp-whatif').textContent).toContain('the projected ratio becomes 1.49%');
    expect(screen.getByTestId('programme-ecp-tier').textContent).toBe('CMM');
  });

  it('clears the card scheme from the URL and keeps the months', async () => {
    storeSessionInfo(loginResult());
    mockFetch((url) => {
      if (url.pathname === '/v3api/statistics/programmes') return envelope(PROGRAMMES);
      if (url.pathname === '/v3api/statistics/tnx/chargebackRefundList') return envelope({ list: [] });
      return undefined;
    });
    const view = renderRoutes('/s?from=2026-01&to=2026-02&cardScheme=VISA', { '/s': <ChargebackRefundPage /> });
    const scheme = await screen.findByTestId('stats-scheme');
    const clear = scheme.querySelector('.ant-select-clear') ?? scheme.parentElement?.querySelector('.ant-select-clear');
    if (!clear) throw new Error('no clear button on the card scheme');
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    await waitFor(() => expect(view.location()).toBe('/s?from=2026-01&to=2026-02'));
  });
});
