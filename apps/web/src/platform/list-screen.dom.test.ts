import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { LIMIT_DEFAULT } from '@mbo/shared/paging';
import { todayIn } from './zone-clock';
import * as download from './download';
import { listFirstData } from './lazy-page';
import { declaredScreen, listPrefetch } from './list-screen';
import { createQueryClient } from './query-client';
import { http } from './request';
import { getTimezoneName } from './timezone';
import { listQueryOptions } from './use-keyset-list';

const page = { list: [{ id: 1 }], total: 1, page: 2, limit: LIMIT_DEFAULT, capped: false, nextCursor: null };

describe('listPrefetch', () => {
  it("fetches the URL's page under the key the list screen reads it with", async () => {
    const fetch = vi.fn(() => Promise.resolve(page));
    const source = {
      key: ['things'],
      fetch,
      schema: z.object({ from: z.string().optional(), orderNo: z.string().optional() }),
      defaults: (today: string) => ({ from: today, orderNo: '' }),
    };
    const client = createQueryClient();
    await listPrefetch(source)({ client, props: {}, search: new URLSearchParams('orderNo=%20A1%20&page=2&unknown=x') });
    const params = { from: todayIn(getTimezoneName()), orderNo: 'A1', page: 2, limit: LIMIT_DEFAULT };
    expect(fetch).toHaveBeenCalledWith(params);
    // useKeysetList builds its query from listQueryOptions(key, fetch, { ...url.params, page, limit }).
    expect(client.getQueryData(listQueryOptions(source.key, fetch, params).queryKey)).toEqual(page);
  });

  it("picks the list from the route element's props", async () => {
    const fetchA = vi.fn(() => Promise.resolve(page));
    const fetchB = vi.fn(() => Promise.resolve(page));
    const of = (key: string, fetch: typeof fetchA) => ({ key: [key], fetch, schema: z.object({}), defaults: () => ({}) });
    const lists = { a: of('a', fetchA), b: of('b', fetchB) };
    await listPrefetch<{ view: 'a' | 'b' }>(({ view }) => lists[view])({
      client: createQueryClient(),
      props: { view: 'b' },
      search: new URLSearchParams(),
    });
    expect(fetchA).not.toHaveBeenCalled();
    expect(fetchB).toHaveBeenCalledWith({ page: 1, limit: LIMIT_DEFAULT });
  });
});

describe('declaredScreen', () => {
  const list = { query: z.object({ orderNo: z.string().optional() }), defaults: () => ({ orderNo: '' }) };

  it('reads the rows from the list route and posts the export to its route, as the format asks', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue(page);
    const send = vi.spyOn(download, 'downloadFile').mockResolvedValue(true);
    const screen = declaredScreen(list, {
      title: 'menu.things',
      key: ['things'],
      path: '/things/list',
      fields: [],
      rowKey: 'id',
      testId: 'thing-table',
      export: { permission: 'Refundment:Downloads', path: '/things/export', file: 'things' },
    });
    await expect(screen.fetch({ orderNo: 'A1', page: 1, limit: 20 })).resolves.toEqual(page);
    expect(get).toHaveBeenCalledWith('/things/list', { orderNo: 'A1', page: 1, limit: 20 });
    await screen.export?.run({ orderNo: 'A1' }, 'xlsx');
    expect(send).toHaveBeenCalledWith('/things/export', { orderNo: 'A1', format: 'xlsx' }, 'things.xlsx');
    expect(screen.export?.permission).toBe('Refundment:Downloads');
    vi.restoreAllMocks();
  });
});

describe('listFirstData', () => {
  it('gives a route the first page of the list its module declares, as the screen will ask for it', async () => {
    const fetch = vi.fn(() => Promise.resolve(page));
    const source = { key: ['things'], fetch, schema: z.object({}), defaults: () => ({}) };
    const first = await listFirstData(
      () => Promise.resolve({ THING_LIST: source }),
      (m) => m.THING_LIST,
    )();
    const client = createQueryClient();
    await (first.prefetch as ReturnType<typeof listPrefetch>)({ client, props: {}, search: new URLSearchParams('page=3') });
    expect(fetch).toHaveBeenCalledWith({ page: 3, limit: LIMIT_DEFAULT });
    expect(client.getQueryData(listQueryOptions(source.key, fetch, { page: 3, limit: LIMIT_DEFAULT }).queryKey)).toEqual(page);
  });
});
