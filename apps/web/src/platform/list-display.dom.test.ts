import { afterEach, describe, expect, it } from 'vitest';
import { ZRefundListQuery } from '@mbo/shared/refunds';
import { columnChoices, filtersToKeep, readDisplay, shownColumns, viewFilters, writeDisplay } from './list-display';
import { StorageKey } from './storage-keys';
import { refundListDefaults } from '../test/factories';

const today = '2026-03-20';
const defaults = refundListDefaults(today);

const columns = [
  { key: 'refundNo', title: 'Refund number' },
  { key: 'status', title: 'Status' },
  { dataIndex: 'amount', title: 'Amount' },
  // An actions column without a text title: never offered, never hidden.
  { key: 'actions', title: null },
];

describe('list display', () => {
  afterEach(() => window.localStorage.clear());

  it('offers the columns with a key and a text title, and never hides them all', () => {
    expect(columnChoices(columns)).toEqual([
      { key: 'refundNo', title: 'Refund number' },
      { key: 'status', title: 'Status' },
      { key: 'amount', title: 'Amount' },
    ]);
    expect(shownColumns(columns, ['status', 'amount']).map((c) => c.key ?? c.dataIndex)).toEqual(['refundNo', 'actions']);
    // A hidden key the list does not have (a column the product removed) changes nothing.
    expect(shownColumns(columns, ['gone'])).toHaveLength(4);
    expect(shownColumns(columns, ['refundNo', 'status', 'amount'])).toHaveLength(4);
  });

  it("opens a view with the screen's defaults and its values, naming what the server or the screen dropped", () => {
    const opened = viewFilters(
      { filters: { status: '3', from: '2026-03-01', to: '2026-03-10', method: 'fax' }, dropped: ['gatewayNo'] },
      defaults,
      ZRefundListQuery,
    );
    expect(opened.filters).toEqual({ ...defaults, status: '3', from: '2026-03-01', to: '2026-03-10' });
    expect(opened.dropped.sort()).toEqual(['gatewayNo', 'method']);
    // A view without dates keeps the screen's range up to today.
    expect(viewFilters({ filters: { status: '3' }, dropped: [] }, defaults, ZRefundListQuery).filters.to).toBe(today);
  });

  it('keeps in a view only the filters the URL names', () => {
    expect(filtersToKeep(new URLSearchParams('status=3&page=2&limit=50&savedView=4'), defaults)).toEqual({ status: '3' });
  });

  it('keeps hidden columns per screen and density per administrator in this browser', () => {
    writeDisplay('100001/1', { screen: '/a', hidden: ['status'] });
    writeDisplay('100001/1', { density: 'compact' });
    writeDisplay('100001/2', { screen: '/a', hidden: ['amount'] });
    expect(readDisplay('100001/1')).toEqual({ density: 'compact', hidden: { '/a': ['status'] } });
    expect(readDisplay('100001/2')).toEqual({ density: 'default', hidden: { '/a': ['amount'] } });
    window.localStorage.setItem(StorageKey.listDisplay, 'not json');
    expect(readDisplay('100001/1')).toEqual({ density: 'default', hidden: {} });
  });
});
