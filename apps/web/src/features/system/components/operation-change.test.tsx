import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { setLanguage } from '../../../platform/i18n';
import { OperationChange } from './operation-change';

describe("an operation-log entry's before and after", () => {
  beforeEach(() => setLanguage('en'));

  it('shows nothing for an entry that recorded no change', () => {
    const { container } = render(<OperationChange before="" after="" />);
    expect(container.textContent).toBe('');
  });

  it('lists each field with its value before and after, the changed ones first, as the server masked them', async () => {
    render(
      <OperationChange
        before={JSON.stringify({ login: 'clerk', roleId: 3, accountNo: '****1234' })}
        after={JSON.stringify({ login: 'clerk', roleId: 5, accountNo: '****1234', gatewayNos: ['10010001'] })}
      />,
    );
    fireEvent.click(screen.getByTestId('op-log-change'));
    const table = await screen.findByTestId('op-log-change-table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['roleId', '3', '5'],
      ['gatewayNos', '-', '["10010001"]'],
      ['login', 'clerk', 'clerk'],
      ['accountNo', '****1234', '****1234'],
    ]);
  });
});
