import { describe, expect, it } from 'vitest';
import { ZRefundListQuery } from '@mbo/shared/refunds';
import { ZTransactionListQuery } from '@mbo/shared/transactions';
import { apiFilters, filterIssues, namesListState, readListUrl, writeListUrl } from './list-url-state';
import { refundListDefaults } from '../test/factories';

const today = '2026-03-20';
const refundDefaults = refundListDefaults(today);
const txDefaults = { timeType: 'trade', from: today, to: today, amountMin: '', amountMax: '', payStatus: '', email: '' };

describe('list URL state', () => {
  it('round-trips filters, page, size and extras, and writes nothing for the defaults', () => {
    const state = readListUrl(
      new URLSearchParams('timeType=process&status=4&from=2026-03-01&to=2026-03-31&page=3&limit=50&detail=RF1'),
      ZRefundListQuery,
      refundDefaults,
      ['detail'],
    );
    expect(state).toMatchObject({ page: 3, limit: 50, extras: { detail: 'RF1' } });
    expect(state.filters).toMatchObject({ timeType: 'process', status: '4', from: '2026-03-01', to: '2026-03-31' });
    expect(readListUrl(writeListUrl(state, refundDefaults), ZRefundListQuery, refundDefaults, ['detail'])).toEqual(state);
    const plain = readListUrl(new URLSearchParams(), ZRefundListQuery, refundDefaults);
    expect(writeListUrl(plain, refundDefaults).toString()).toBe('');
  });

  it('keeps a range that ends today (the default end) when its start is not today', () => {
    const state = readListUrl(new URLSearchParams(), ZRefundListQuery, refundDefaults);
    const picked = { ...state, filters: { ...state.filters, from: '2026-03-10', to: today } };
    const url = writeListUrl(picked, refundDefaults);
    expect(url.get('from')).toBe('2026-03-10');
    expect(url.get('to')).toBe(today);
    expect(readListUrl(url, ZRefundListQuery, refundDefaults).filters).toMatchObject({ from: '2026-03-10', to: today });
    // A bookmark with only a start still means "until today".
    expect(readListUrl(new URLSearchParams('from=2026-03-10'), ZRefundListQuery, refundDefaults).filters).toMatchObject({
      from: '2026-03-10',
      to: today,
    });
  });

  it('falls back to the defaults for what the server would refuse, field by field, instead of failing the page', () => {
    const state = readListUrl(
      new URLSearchParams('status=9&timeType=x&gatewayNo=12a&from=2026-01-01&to=2026-09-01&page=-4&limit=33'),
      ZRefundListQuery,
      refundDefaults,
    );
    expect(state.filters).toEqual(refundDefaults);
    expect(state).toMatchObject({ page: 1, limit: 20 });
    const reversed = readListUrl(new URLSearchParams('from=2026-03-10&to=2026-03-01'), ZRefundListQuery, refundDefaults);
    expect(reversed.filters).toMatchObject({ from: today, to: today });
    const amounts = readListUrl(new URLSearchParams('amountMin=20&amountMax=5&payStatus=1'), ZTransactionListQuery, txDefaults);
    expect(amounts.filters).toMatchObject({ amountMin: '20', amountMax: '', payStatus: '1' });
  });

  it('names the field and the reason of each refused filter, with the server catalog keys', () => {
    expect(filterIssues(ZTransactionListQuery, { ...txDefaults, amountMin: '20', amountMax: '5' })).toEqual([
      { key: 'amountMax', message: 'trade.amountReversed' },
    ]);
    expect(filterIssues(ZTransactionListQuery, { ...txDefaults, amountMin: '1,5' })).toEqual([
      { key: 'amountMin', message: 'trade.badAmount' },
    ]);
    expect(filterIssues(ZRefundListQuery, { ...refundDefaults, from: '2025-01-01' })).toEqual([
      { key: 'to', message: 'dateRange.tooLong' },
    ]);
    expect(filterIssues(ZRefundListQuery, refundDefaults)).toEqual([]);
  });

  it('sends only the filters that are set', () => {
    expect(apiFilters({ a: ' x ', b: '', c: '  ' })).toEqual({ a: 'x' });
  });

  it('tells a URL that says what to list (a filter, a page, a page size) from a plain one, which a default view may fill', () => {
    expect(namesListState(new URLSearchParams(''), refundDefaults)).toBe(false);
    expect(namesListState(new URLSearchParams('savedView=4&detail=RF1'), refundDefaults)).toBe(false);
    expect(namesListState(new URLSearchParams('status=4'), refundDefaults)).toBe(true);
    expect(namesListState(new URLSearchParams('limit=50'), refundDefaults)).toBe(true);
  });
});
