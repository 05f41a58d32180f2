import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { WithdrawListPage } from '../features/funds/pages/withdraw-list-page';
import { signInToScreen, useSignedOutEnglishClient } from '../test/client-state';
import { renderRoutes } from '../test/render';
import { envelope, mockFetch } from '../test/utils';

const PAGE_PATH = '/withdraw/forwardWithdrawList';

type TCountAnswer = { total: number; capped: boolean };

/**
 * A list screen (the withdrawals) answered with the count the server gives; `count` answers its count
 * route (GET <list>/count), which the screen asks when the page's count is capped.
 */
function showList(total: number, capped: boolean, count?: (url: URL, init?: RequestInit) => Promise<TCountAnswer>) {
  signInToScreen(PAGE_PATH, { moduleId: 2, key: 'funds' }, ['Withdraw:Apply']);
  mockFetch(async (url, init) => {
    if (url.pathname === '/v3api/withdraw/list') return envelope({ list: [], total, capped, page: 1, limit: 20, nextCursor: null });
    if (url.pathname === '/v3api/withdraw/list/count' && count) return envelope(await count(url, init));
    return undefined;
  });
  renderRoutes(PAGE_PATH, { [PAGE_PATH]: <WithdrawListPage /> });
}

describe('ListPage, the count', () => {
  useSignedOutEnglishClient();

  it('says "more than N" with the lower bound the server counted, not always the cap', async () => {
    // A list whose count route fails: "more than N" stays.
    showList(340, true);
    await waitFor(() =>
      expect(screen.getByTestId('capped-note').textContent).toBe('More than 340 records match; narrow the filters to see an exact count.'),
    );
    // The pager's total says the same, not "340 in total".
    expect(document.querySelector('.ant-pagination-total-text')?.textContent).toBe('More than 340');
  });

  it('after "more than N" the exact count is asked with the same filters and replaces N when it arrives', async () => {
    let answer: (a: TCountAnswer) => void = () => undefined;
    const asked: URL[] = [];
    showList(340, true, (url) => {
      asked.push(url);
      return new Promise((resolve) => (answer = resolve));
    });
    // While the count runs: "more than 340", and the note says it is being counted.
    expect((await screen.findByTestId('capped-note')).textContent).toBe('More than 340 records match; counting them all…');
    expect(document.querySelector('.ant-pagination-total-text')?.textContent).toBe('More than 340');
    await waitFor(() => expect(asked).toHaveLength(1));
    // The page's filters, without its paging.
    expect(asked[0]!.searchParams.get('page')).toBeNull();
    expect(asked[0]!.searchParams.get('from')).not.toBeNull();
    act(() => answer({ total: 12_345, capped: false }));
    await screen.findByText('12,345 in total');
    expect(screen.queryByTestId('capped-note')).toBeNull();
  });

  it('a count past its time budget keeps "more than N" and the note asking to narrow the filters', async () => {
    let asked = 0;
    showList(340, true, async () => {
      asked += 1;
      return { total: 340, capped: true };
    });
    await waitFor(() => expect(asked).toBe(1));
    await waitFor(() =>
      expect(screen.getByTestId('capped-note').textContent).toBe('More than 340 records match; narrow the filters to see an exact count.'),
    );
    expect(document.querySelector('.ant-pagination-total-text')?.textContent).toBe('More than 340');
  });

  it('an exact count reads "N in total", without the note', async () => {
    showList(340, false);
    await screen.findByText('340 in total');
    expect(document.querySelector('.ant-pagination-total-text')?.textContent).toBe('340 in total');
    expect(screen.queryByTestId('capped-note')).toBeNull();
  });

  it('says "more than 10,000" at the cap', async () => {
    showList(10_000, true);
    expect((await screen.findByTestId('capped-note')).textContent).toContain('More than 10,000 records');
  });
});
