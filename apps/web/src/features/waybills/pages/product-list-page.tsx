import { PRODUCTS, type TProduct } from '@mbo/shared/waybills';
import { formatMoney } from '../../../platform/format';
import { useListColumns } from '../../../platform/list-columns';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { PRODUCT_LIST } from '../waybill-lists';

/** Product information (spec §2): goods number, name, price, quantity, order status, freight and the order total. */
export function ProductListPage() {
  const screen = useListScreen(PRODUCT_LIST);
  const columns = useListColumns<typeof PRODUCTS.fields, TProduct>(PRODUCTS.fields, {
    special: {
      // Quantities as stored, without thousands separators.
      quantity: { render: undefined },
      orderTotal: { align: 'right', render: (_: unknown, r) => `${formatMoney(r.orderTotal)} ${r.currency}` },
    },
  });
  return <ListPage screen={screen} columns={columns} />;
}
