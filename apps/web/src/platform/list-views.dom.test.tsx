import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FundsPath, WITHDRAWALS, type TWithdrawal } from '@mbo/shared/funds';
import { ViewPath, type TSavedView } from '@mbo/shared/views';
import { signInToScreen, useSignedOutEnglishClient } from '../test/client-state';
import { bodyOf, renderRoutes } from '../test/render';
import { envelope, mockFetch } from '../test/utils';
import { selectField, textField } from './filter-fields';
import { useListColumns } from './list-columns';
import { ListPage } from './list-page';
import { declaredScreen, useListScreen } from './list-screen';

// The list kit's saved views, column chooser and density, on a list screen built as every screen is
// (declaredScreen, useListColumns, ListPage), against a server answered by the test.

const PATH = '/withdraw/forwardWithdrawList';
const SCREEN = declaredScreen(WITHDRAWALS, {
  title: 'menu.withdraw',
  key: ['views-test'],
  path: FundsPath.withdrawList,
  fields: [
    { kind: 'dateRange', from: 'from', to: 'to', label: 'funds.dateRange' },
    selectField('status', 'funds.withdraw.status', [{ value: '2', label: 'funds.withdrawStatus.2' }], { all: true }),
    textField('gatewayNo', 'funds.gatewayNo', 20, { digits: true, more: true }),
  ],
  rowKey: 'withdrawalNo',
  testId: 'withdrawal-table',
});

function Screen() {
  const state = useListScreen(SCREEN);
  const columns = useListColumns<typeof WITHDRAWALS.fields, TWithdrawal>(WITHDRAWALS.fields);
  return <ListPage screen={state} columns={columns} />;
}

const view = (over: Partial<TSavedView>): TSavedView => ({
  id: 7,
  screen: PATH,
  title: 'Done ones',
  filters: { status: '2' },
  dropped: [],
  hiddenColumns: ['fee'],
  limit: 50,
  shared: false,
  mine: true,
  owner: 'admin',
  isDefault: false,
  updatedAt: '2026-11-29T00:00:00.000Z',
  ...over,
});

function serve(views: TSavedView[]) {
  const lists: URLSearchParams[] = [];
  const fetch = mockFetch((url) => {
    if (url.pathname === `/v3api${FundsPath.withdrawList}`) {
      lists.push(url.searchParams);
      return envelope({ list: [], total: 0, capped: false, page: 1, limit: 20, nextCursor: null });
    }
    if (url.pathname === `/v3api${ViewPath.list}`) return envelope({ list: views, mayShare: true });
    if (url.pathname === `/v3api${ViewPath.create}`) return envelope({ id: 9 });
    return undefined;
  });
  return { fetch, lists };
}

function signIn() {
  signInToScreen(PATH, { moduleId: 2, key: 'funds' });
}

const headers = () =>
  within(screen.getByTestId('withdrawal-table'))
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

describe('saved views, columns and density on a list', () => {
  useSignedOutEnglishClient();

  it('opens the screen with the default view: its filters, page size and hidden columns, naming the filters it dropped', async () => {
    signIn();
    const { lists } = serve([view({ isDefault: true, dropped: ['gatewayNo'] })]);
    const r = renderRoutes(PATH, { [PATH]: <Screen /> });
    await waitFor(() => expect(lists.some((q) => q.get('status') === '2' && q.get('limit') === '50')).toBe(true));
    expect(r.location()).toContain('savedView=7');
    expect((await screen.findByTestId('view-current')).textContent).toContain('Done ones');
    expect(headers()).not.toContain('Withdrawal fee');
    expect(headers()).toContain('Withdrawal amount');
    expect(screen.getByTestId('view-dropped').textContent).toContain('Gateway number');
  });

  it('does not apply the default view over filters the URL names, and opens a view from its own URL', async () => {
    signIn();
    const { lists } = serve([view({ isDefault: true }), view({ id: 8, title: 'Other', filters: { gatewayNo: '123' }, hiddenColumns: [] })]);
    const first = renderRoutes(`${PATH}?status=2&limit=10`, { [PATH]: <Screen /> });
    await screen.findByTestId('views-button');
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    expect(first.location()).not.toContain('savedView');
    first.unmount();

    const second = renderRoutes(`${PATH}?savedView=8`, { [PATH]: <Screen /> });
    await waitFor(() => expect(second.location()).toContain('gatewayNo=123'));
    expect((await screen.findByTestId('view-current')).textContent).toContain('Other');
    expect(headers()).toContain('Withdrawal fee');
  });

  it('hides a column from the chooser, keeps it in this browser, and saves it with the filters in a new view', async () => {
    signIn();
    const { fetch } = serve([]);
    renderRoutes(`${PATH}?status=2`, { [PATH]: <Screen /> });
    fireEvent.click(await screen.findByTestId('columns-button'));
    fireEvent.click(await screen.findByTestId('column-fee'));
    await waitFor(() => expect(headers()).not.toContain('Withdrawal fee'));
    expect(window.localStorage.getItem('List-Display')).toContain('fee');

    fireEvent.click(screen.getByTestId('density').querySelectorAll('label')[1]!);
    await waitFor(() => expect(screen.getByTestId('withdrawal-table').className).toContain('ant-table-small'));

    fireEvent.click(screen.getByTestId('views-button'));
    fireEvent.click(await screen.findByTestId('view-save-as'));
    fireEvent.change(await screen.findByTestId('view-title'), { target: { value: '  Done  ' } });
    fireEvent.click(screen.getByTestId('view-title-submit'));
    await waitFor(() =>
      expect(bodyOf(fetch, `/v3api${ViewPath.create}`)).toEqual({
        screen: PATH,
        title: 'Done',
        shared: false,
        filters: { status: '2' },
        hiddenColumns: ['fee'],
        limit: 20,
      }),
    );
  });
});
