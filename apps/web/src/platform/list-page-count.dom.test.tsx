import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { WithdrawListPage } from '../features/funds/pages/withdraw-list-page';
import { storeLoginResult } from './session';
import { useSignedOutEnglishClient } from '../test/client-state';
import { loginResult } from '../test/factories';
import { renderRoutes } from '../test/render';
import { envelope, mockFetch } from '../test/utils';

const PAGE_PATH = '/withdraw/forwardWithdrawList';

/** A list screen (the withdrawals) answered with the count the server gives. */
function showList(total: number, capped: boolean) {
  storeLoginResult(
    loginResult({
      userInfo: { ...loginResult().userInfo, forceChangePwd: false, permissions: ['Withdraw:Apply'] },
      moduleList: [{ moduleId: 2, key: 'funds', menuList: [PAGE_PATH] }],
    }),
  );
  mockFetch(async (url) => {
    if (url.pathname === '/v3api/withdraw/list') return envelope({ list: [], total, capped, page: 1, limit: 20, nextCursor: null });
    return undefined;
  });
  renderRoutes(PAGE_PATH, { [PAGE_PATH]: <WithdrawListPage /> });
}

describe('ListPage, the count', () => {
  useSignedOutEnglishClient();

  it('says "more than N" with the lower bound the server counted, not always the cap', async () => {
    showList(340, true);
    expect((await screen.findByTestId('capped-note')).textContent).toBe(
      'More than 340 records match; narrow the filters to see an exact count.',
    );
    // The pager's total says the same, not "340 in total".
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
