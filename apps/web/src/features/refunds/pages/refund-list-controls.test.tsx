import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { signInToScreen, useSignedOutEnglishClient } from '../../../test/client-state';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { RefundListPage } from './refund-list-page';

/**
 * The list kit's controls driven as a person drives them (mouse on the calendar, keys in the date
 * inputs, Search pressed twice), checked against what the list API is asked. Today is 2026-03-20 in
 * Asia/Shanghai (the default timezone) while the machine's clock says 2026-03-19 in UTC.
 */
const PAGE_PATH = '/refundment/forwardRefundmentList';
const LIST_API = '/v3api/refundment/list';
const NOW = Date.parse('2026-03-19T20:00:00Z');

function listCalls(fetch: ReturnType<typeof mockFetch>): URLSearchParams[] {
  return fetch.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname === LIST_API)
    .map((u) => u.searchParams);
}

function renderList(search = '') {
  signInToScreen(PAGE_PATH, { moduleId: 1, key: 'transaction' });
  const fetch = mockFetch((url) =>
    url.pathname === LIST_API ? envelope({ list: [], total: 0, capped: false, page: 1, limit: 20, nextCursor: null }) : undefined,
  );
  const view = renderRoutes(`${PAGE_PATH}${search}`, { [PAGE_PATH]: <RefundListPage /> });
  return { ...view, fetch };
}

function openPicker() {
  const input = screen.getByTestId('filter-dateRange').querySelector('input') as HTMLInputElement;
  fireEvent.mouseDown(input);
  fireEvent.click(input);
  return input;
}

function cell(date: string): HTMLElement {
  const td = document.body.querySelector(`.mbo-range-picker td[title="${date}"]`) as HTMLElement | null;
  if (!td) throw new Error(`no calendar cell ${date}`);
  return td;
}

async function search() {
  fireEvent.click(screen.getByTestId('filter-search'));
  await act(async () => {});
}

describe('list kit controls on the refund query', () => {
  useSignedOutEnglishClient();
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens on today in the chosen timezone, marks that day and refuses days after it', async () => {
    const { fetch } = renderList();
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(1));
    expect(listCalls(fetch)[0]!.get('from')).toBe('2026-03-20');
    expect(listCalls(fetch)[0]!.get('to')).toBe('2026-03-20');
    openPicker();
    expect(cell('2026-03-20').className).toContain('ant-picker-cell-today');
    expect(cell('2026-03-19').className).not.toContain('ant-picker-cell-today');
    expect(cell('2026-03-21').className).toContain('ant-picker-cell-disabled');
  });

  it('takes a range picked with two mouse clicks, ending today, and lists exactly it', async () => {
    const { fetch, location } = renderList();
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(1));
    openPicker();
    fireEvent.click(cell('2026-03-05'));
    fireEvent.click(cell('2026-03-20'));
    await search();
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(2));
    const asked = listCalls(fetch)[1]!;
    expect([asked.get('from'), asked.get('to')]).toEqual(['2026-03-05', '2026-03-20']);
    expect(location()).toContain('from=2026-03-05&to=2026-03-20');
  });

  it('takes a range typed into the two inputs', async () => {
    const { fetch } = renderList();
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(1));
    const [start, end] = Array.from(screen.getByTestId('filter-dateRange').querySelectorAll('input'));
    fireEvent.mouseDown(start!);
    fireEvent.focus(start!);
    fireEvent.change(start!, { target: { value: '2026-02-01' } });
    fireEvent.keyDown(start!, { key: 'Enter', code: 'Enter' });
    fireEvent.focus(end!);
    fireEvent.change(end!, { target: { value: '2026-02-28' } });
    fireEvent.keyDown(end!, { key: 'Enter', code: 'Enter' });
    await search();
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(2));
    const asked = listCalls(fetch)[1]!;
    expect([asked.get('from'), asked.get('to')]).toEqual(['2026-02-01', '2026-02-28']);
  });

  it('offers the usual ranges as presets', async () => {
    const { fetch } = renderList();
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(1));
    openPicker();
    fireEvent.click(screen.getByText('Last 7 days'));
    await search();
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(2));
    const asked = listCalls(fetch)[1]!;
    expect([asked.get('from'), asked.get('to')]).toEqual(['2026-03-14', '2026-03-20']);
  });

  it('asks again when Search is pressed with the same filters, so a new refund shows up', async () => {
    const { fetch } = renderList('?status=1');
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(1));
    await search();
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(2));
    await search();
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(3));
    expect(listCalls(fetch).every((p) => p.get('status') === '1')).toBe(true);
  });

  it('folds the rarer filters behind "More filters" and counts the ones set there', async () => {
    const { fetch } = renderList('?source=2&gatewayNo=90000001');
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(1));
    expect(screen.queryByTestId('filter-gatewayNo')).toBeNull();
    expect(screen.getByTestId('filter-more').textContent).toContain('2');
    fireEvent.click(screen.getByTestId('filter-more'));
    expect((screen.getByTestId('filter-gatewayNo') as HTMLInputElement).value).toBe('90000001');
  });
});
