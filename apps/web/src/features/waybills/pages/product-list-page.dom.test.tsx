import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TProduct } from '@mbo/shared/waybills';
import { signInToScreen, useSignedOutEnglishClient } from '../../../test/client-state';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { ProductListPage } from './product-list-page';

const PAGE_PATH = '/productInfo/productPage';

const product: TProduct = {
  id: 7,
  tradeNo: 'T100200300',
  merchantOrderNo: 'ORD-1',
  goodsNo: 'SKU-1',
  name: 'Linen shirt',
  currency: 'USD',
  price: 3_999,
  quantity: 1_200,
  freight: 800,
  orderTotal: '47996.00',
  orderStatus: 1,
  tradeAt: '2026-03-10T02:00:00.000Z',
};

describe('ProductListPage', () => {
  useSignedOutEnglishClient();

  it('shows each product under the screen titles: amounts with their currency, the quantity as stored, the order status by its label', async () => {
    signInToScreen(PAGE_PATH, { moduleId: 3, key: 'waybill' });
    mockFetch((url) =>
      url.pathname === '/v3api/productInfo/list'
        ? envelope({ list: [product], total: 1, capped: false, page: 1, limit: 20, nextCursor: null })
        : undefined,
    );
    renderRoutes(PAGE_PATH, { [PAGE_PATH]: <ProductListPage /> });
    const table = await screen.findByTestId('product-table');
    const row = await within(table).findByText('T100200300');
    const cells = [...row.closest('tr')!.querySelectorAll('td')].map((td) => td.textContent);
    const titles = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(titles).toEqual([
      'Transaction order number',
      'Merchant order number',
      'Goods number',
      'Name',
      'Price',
      'Quantity',
      'Freight',
      'Order total',
      'Order status',
      'Transaction time',
    ]);
    expect(cells.slice(0, 9)).toEqual([
      'T100200300',
      'ORD-1',
      'SKU-1',
      'Linen shirt',
      '39.99 USD',
      '1200',
      '8.00 USD',
      '47,996.00 USD',
      'Success',
    ]);
    expect(cells[9]).toMatch(/^2026-03-10 \d\d:00:00$/);
  });
});
