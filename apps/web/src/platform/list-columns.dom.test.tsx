import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { WITHDRAWALS, type TWithdrawal } from '@mbo/shared/funds';
import { i18n, setLanguage } from './i18n';
import { useListColumns, type TListColumn } from './list-columns';
import { getTimezoneName } from './timezone';
import { parseTime } from './format';

// A declared list's default columns show each field as its kind does: the title from the catalog, an
// amount in its currency (with the code unless a currency column stands beside it), a time in the
// chosen timezone or "-" when it has not happened, a code by its label; a screen's own parts win.

const ROW: TWithdrawal = {
  withdrawalNo: 'WD1',
  gatewayNo: '90000001',
  currency: 'JPY',
  amount: 125_000,
  fee: 100,
  received: 124_900,
  bankName: 'HSBC',
  bankHolder: 'Test Ltd',
  bankAccountNo: '6222',
  status: 2,
  failReason: '',
  applicant: 'owner',
  createdAt: '2026-05-01T02:03:04.000Z',
  processedAt: null,
};

function Cells({
  special,
  row = ROW,
}: {
  special?: Parameters<typeof useListColumns<typeof WITHDRAWALS.fields, TWithdrawal>>[1];
  row?: TWithdrawal;
}) {
  const columns = useListColumns<typeof WITHDRAWALS.fields, TWithdrawal>(WITHDRAWALS.fields, special);
  const cell = (c: TListColumn<TWithdrawal>): ReactNode => {
    const value = typeof c.dataIndex === 'string' ? row[c.dataIndex as keyof TWithdrawal] : undefined;
    return c.render ? (c.render(value, row, 0) as ReactNode) : String(value);
  };
  return (
    <table>
      <tbody>
        {columns.map((c) => (
          <tr key={String(c.key)}>
            <th>{c.title as ReactNode}</th>
            <td data-testid={`cell-${String(c.key)}`}>{cell(c)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function show(special?: Parameters<typeof useListColumns<typeof WITHDRAWALS.fields, TWithdrawal>>[1], row?: TWithdrawal) {
  setLanguage('en');
  render(
    <I18nextProvider i18n={i18n}>
      <Cells special={special} row={row} />
    </I18nextProvider>,
  );
}

describe('useListColumns', () => {
  it('draws each titled field as its kind draws it', () => {
    show();
    expect([...document.querySelectorAll('th')].map((th) => th.textContent)).toEqual(
      [
        'funds.withdraw.no',
        'funds.gatewayNo',
        'funds.withdraw.amount',
        'funds.withdraw.fee',
        'funds.withdraw.received',
        'funds.withdraw.bank',
        'funds.withdraw.status',
        'funds.withdraw.applicant',
        'funds.withdraw.createdAt',
        'funds.withdraw.processedAt',
      ].map((k) => i18n.t(k)),
    );
    expect(screen.getByTestId('cell-amount').textContent).toBe('125,000 JPY');
    expect(screen.getByTestId('cell-status').textContent).toBe(i18n.t('funds.withdrawStatus.2'));
    expect(screen.getByTestId('cell-createdAt').textContent).toBe(parseTime(ROW.createdAt, undefined, getTimezoneName()));
    expect(screen.getByTestId('cell-processedAt').textContent).toBe('-');
  });

  it("takes the screen's own parts and leaves out what it hides", () => {
    show({ special: { bankName: { render: (_: unknown, r) => `${r.bankName} ${r.bankAccountNo}` }, fee: null } });
    expect(screen.getByTestId('cell-bankName').textContent).toBe('HSBC 6222');
    expect(screen.queryByTestId('cell-fee')).toBeNull();
  });

  it('shows an empty text as a dash, like a missing time', () => {
    show(undefined, { ...ROW, applicant: '' });
    expect(screen.getByTestId('cell-applicant').textContent).toBe('-');
    expect(screen.getByTestId('cell-gatewayNo').textContent).toBe('90000001');
  });
});
