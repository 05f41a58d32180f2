import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TWithdrawOptions } from '@mbo/shared/funds';
import { signInToScreen, useSignedOutEnglishClient } from '../../../test/client-state';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { WithdrawListPage } from './withdraw-list-page';

const PAGE_PATH = '/withdraw/forwardWithdrawList';

const options: TWithdrawOptions = {
  balancesVisible: true,
  gateways: [{ gatewayNo: '10010001', currency: 'USD', available: 50_000, frozen: 0, fee: 500, minimum: 1_000 }],
  bankAccounts: [{ id: 7, bankName: 'Bank of Examples', holder: 'Demo Ltd', accountNo: '****1234', currency: 'USD', isDefault: true }],
};

function signIn() {
  signInToScreen(PAGE_PATH, { moduleId: 2, key: 'funds' }, ['Withdraw:Apply']);
}

describe('WithdrawListPage, the apply dialog', () => {
  useSignedOutEnglishClient();

  it('keeps the amount field (the same element, focused, with what was typed) while the options fill in the defaults', async () => {
    signIn();
    let answerOptions: () => void = () => {};
    const optionsAnswered = new Promise<void>((resolve) => (answerOptions = resolve));
    mockFetch(async (url) => {
      if (url.pathname === '/v3api/withdraw/list')
        return envelope({ list: [], total: 0, capped: false, page: 1, limit: 20, nextCursor: null });
      if (url.pathname === '/v3api/withdraw/options') {
        await optionsAnswered;
        return envelope(options);
      }
      return undefined;
    });
    renderRoutes(PAGE_PATH, { [PAGE_PATH]: <WithdrawListPage /> });
    fireEvent.click(await screen.findByTestId('withdraw-apply-open'));
    const field = (await screen.findByTestId('withdraw-apply-amount')) as HTMLInputElement;
    expect(field.disabled).toBe(true);

    answerOptions();
    // The field is enabled with the options; a person starts typing in it at once, before the defaults.
    await waitFor(() => expect(field.disabled).toBe(false));
    field.focus();
    fireEvent.change(field, { target: { value: '150.00' } });
    // The default gateway arrives: its currency shows beside the amount, and its figures below.
    // The figure is drawn as '-' first and filled in once the defaults are applied: wait for it, as a person does.
    await waitFor(() => expect(screen.getByTestId('withdraw-apply-received').textContent).toBe('145.00 USD'));
    const now = screen.getByTestId('withdraw-apply-amount') as HTMLInputElement;
    expect(now).toBe(field);
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('150.00');
    expect(field.closest('.ant-input-affix-wrapper')?.textContent).toContain('USD');
  });
});
